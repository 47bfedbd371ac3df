package dev.quarry.core.buffer;

/**
 * A counter for the pool's hottest path (a hit on every page fix): each thread adds to a stripe
 * chosen by its id with a plain write, no atomic instruction, so a fix pays no more than a cache
 * line it already owns. Two live threads whose ids meet on one stripe can lose an increment when
 * they race; the count is for ratios and dashboards, where that is noise, never for correctness.
 */
final class StripedCounter {
  private static final int STRIPES = 128;
  private static final int PAD = 16; // longs between stripes: 128 bytes, no false sharing
  private final long[] cells = new long[STRIPES * PAD];

  void increment() {
    cells[(int) (Thread.currentThread().threadId() & (STRIPES - 1)) * PAD]++;
  }

  long sum() {
    long s = 0;
    for (int i = 0; i < STRIPES; i++) {
      s += cells[i * PAD];
    }
    return s;
  }
}
