package dev.quarry.core.buffer;

import java.util.Locale;

/**
 * Why read-ahead read a page: the pool counts, per kind, the pages used before eviction and those
 * evicted unused, so each kind can be judged (and turned off) by what it costs and saves.
 */
public enum ReadAheadKind {
  /** The rest of a 2 MB extent, after a second demand miss in it within the window. */
  EXTENT(false),
  /** Pages a vectored lookup announced, merged into runs. */
  BATCHED(false),
  /** The leaves ahead of a scan. */
  SEQUENTIAL(false),
  /** At start-up: the pages the last run used, then whole extents ({@code PoolWarmUp}). */
  WARM_UP(true);

  private final boolean usedBefore;

  ReadAheadKind(boolean usedBefore) {
    this.usedBefore = usedBefore;
  }

  /**
   * True if its pages are mostly ones the last run used: the pool's clock then gives them the grace
   * of a page just asked for, where other read-ahead earns its place only when used. Without it a
   * new server's misses in its first seconds swept the warm-up's pages out before its queries
   * reached them (BSBM 100M in 2 GB: 36,000 of 82,000 used; with it 73,000).
   */
  boolean usedBefore() {
    return usedBefore;
  }

  /** The kind's name in metrics and reports: {@code extent}, {@code warm-up} ... */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
