package dev.quarry.core.buffer;

/**
 * Whether the extent read-ahead still pays: it reads a whole 2 MB extent on the second miss in it,
 * which pays where an index's neighbouring keys are wanted together and wastes the device where a
 * store larger than the pool is read at random. Every {@link #WINDOW} of its pages that were used
 * or evicted unused, it is judged by the share used: below {@link #MIN_USED_SHARE} it backs off,
 * reading only one extent in {@link #PROBE_EVERY} (so the figures can show the workload changed),
 * until a window's share is back above. BSBM 100M in a 2 GB cgroup: 17 % of its pages were used.
 */
final class ExtentBackOff {
  static final long WINDOW = 4096;
  static final double MIN_USED_SHARE = 0.25;
  static final int PROBE_EVERY = 16;

  /** Diagnostic switch for A/B runs: {@code quarry.readahead.extent-backoff=false}. */
  static final boolean ENABLED =
      !"false".equals(System.getProperty("quarry.readahead.extent-backoff"));

  private long usedBefore;
  private long wastedBefore;
  private boolean backedOff;
  private int triggers;

  /**
   * True if an extent read-ahead may go now, given its pages {@code used} and {@code wasted} so far
   * (running totals).
   */
  synchronized boolean allow(long used, long wasted) {
    long u = used - usedBefore;
    long w = wasted - wastedBefore;
    if (u + w >= WINDOW) {
      backedOff = ENABLED && u < MIN_USED_SHARE * (u + w);
      usedBefore = used;
      wastedBefore = wasted;
    }
    triggers = (triggers + 1) % PROBE_EVERY; // counts up to the next probe, never overflows
    return !backedOff || triggers == 0;
  }

  synchronized boolean backedOff() {
    return backedOff;
  }
}
