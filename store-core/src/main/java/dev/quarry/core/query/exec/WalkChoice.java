package dev.quarry.core.query.exec;

/**
 * Which plan of a top-k query shape to run, the walk ({@link OrderedWalk}) or the usual one, from
 * the time each took on this store: each run alternately for their first eight runs (once the walk
 * can be made: timed under the same conditions, not one of them in a new server's first, slow
 * queries), then a moving average of the last runs of each, the faster chosen, and now and then the
 * other (every sixteenth run times how much slower it was), so that a change in the data (or a
 * first guess made on few runs) is noticed. Estimates cannot make this choice: the walk's cost is k
 * over the share of walked rows the rest of the query keeps, which they know badly (BSBM Q5's
 * ranges), and a walk that wins at 100M triples loses at 1M. One per query shape and walked
 * pattern, kept with the store's tables ({@link WholeReads#choice}).
 */
public final class WalkChoice {
  private static final int EXPLORE = 16; // every EXPLORE-th run takes the plan not chosen
  private static final double WEIGHT = 0.2; // of the newest run in the moving averages
  private static final int FIRST_RUNS = 8; // of each plan, alternately, before any choice

  private double usualNanos = -1;
  private double walkNanos = -1;
  private long runs;

  /** True if the next run should walk. */
  public synchronized boolean walkNext() {
    runs++;
    if (runs <= 2 * FIRST_RUNS) {
      return runs % 2 == 1; // each plan timed on alternate runs, under the same conditions
    }
    boolean walkFaster = walkNanos <= usualNanos;
    // The slower plan is tried the less often the slower it is: on average that costs at most a
    // sixteenth of the faster plan's time.
    double ratio = Math.max(walkNanos, usualNanos) / Math.max(1, Math.min(walkNanos, usualNanos));
    long every = EXPLORE * (long) Math.ceil(Math.min(ratio, 1 << 20));
    return runs % every == 0 ? !walkFaster : walkFaster;
  }

  /** A run of the usual plan took {@code nanos}. */
  public synchronized void usualTook(long nanos) {
    usualNanos = usualNanos < 0 ? nanos : (1 - WEIGHT) * usualNanos + WEIGHT * nanos;
  }

  /** A run of the walk took {@code nanos}, the usual plan included if the walk gave up. */
  public synchronized void walkTook(long nanos) {
    walkNanos = walkNanos < 0 ? nanos : (1 - WEIGHT) * walkNanos + WEIGHT * nanos;
  }

  @Override
  public synchronized String toString() {
    return String.format(
        "walk %.2f ms, usual plan %.2f ms (moving averages)", walkNanos / 1e6, usualNanos / 1e6);
  }
}
