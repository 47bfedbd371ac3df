package dev.quarry.core.buffer;

import java.util.Locale;

/**
 * Why read-ahead read a page: the pool counts, per kind, the pages used before eviction and those
 * evicted unused, so each kind can be judged (and turned off) by what it costs and saves.
 */
public enum ReadAheadKind {
  /** The rest of a 2 MB extent, after a second demand miss in it within the window. */
  EXTENT,
  /** Pages a vectored lookup announced, merged into runs. */
  BATCHED,
  /** The leaves ahead of a scan. */
  SEQUENTIAL,
  /** At start-up: the pages the last run used, then whole extents ({@code PoolWarmUp}). */
  WARM_UP;

  /** The kind's name in metrics and reports: {@code extent}, {@code warm-up} ... */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
