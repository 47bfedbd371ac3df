package dev.quarry.server.sparql;

/**
 * How a query shape's latest runs went: whether each was quick (by the server's measure). A shape
 * whose last {@link #STREAK} runs were all quick is expected to be quick again, so its next query
 * may run on the I/O thread that read it instead of being handed to a query thread. One slow run
 * starts the count again.
 *
 * <p>Updated from many threads without a lock: a lost update only delays or hastens the verdict by
 * a run, and the verdict is a guess either way.
 */
public final class ShapeRuns {
  /** Quick runs in a row before a shape counts as quick. */
  public static final int STREAK = 4;

  private volatile int quickInARow;

  /** Records a run of the shape. */
  public void ran(boolean quick) {
    int n = quickInARow;
    quickInARow = quick ? Math.min(n + 1, STREAK) : 0;
  }

  /** True if the shape's last {@link #STREAK} runs were quick. */
  public boolean quick() {
    return quickInARow >= STREAK;
  }
}
