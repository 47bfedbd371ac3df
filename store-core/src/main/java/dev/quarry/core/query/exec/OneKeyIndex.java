package dev.quarry.core.query.exec;

import java.util.Arrays;
import java.util.List;

/**
 * The right rows of a hash join on one variable, by that variable's id: open addressing on the id,
 * each slot heading a chain of rows, so a probe costs one hash and no allocation (a {@code HashMap}
 * of boxed keys and lists cost a hash join about 100 ns a left row).
 */
final class OneKeyIndex {
  private final long[] keys;
  private final int[] heads;
  private final int[] next;
  private final long[][] rows;

  /** Indexes {@code rows} (each bound at column {@code col}) by their id there. */
  OneKeyIndex(List<long[]> rows, int col) {
    int n = rows.size();
    this.rows = rows.toArray(new long[0][]);
    int cap = Integer.highestOneBit(Math.max(4, n * 2 - 1)) * 2;
    keys = new long[cap];
    heads = new int[cap];
    Arrays.fill(heads, -1);
    next = new int[n];
    // Backwards, so that each chain lists its rows in the order they came.
    for (int i = n - 1; i >= 0; i--) {
      long k = this.rows[i][col];
      int s = slot(k);
      keys[s] = k;
      next[i] = heads[s];
      heads[s] = i;
    }
  }

  private int slot(long k) {
    int mask = keys.length - 1;
    long h = k * 0x9E3779B97F4A7C15L;
    int s = (int) (h ^ (h >>> 32)) & mask;
    while (heads[s] >= 0 && keys[s] != k) {
      s = (s + 1) & mask;
    }
    return s;
  }

  /** The first row with id {@code k}, or -1; {@link #next} gives the others. */
  int first(long k) {
    return heads[slot(k)];
  }

  int next(int i) {
    return next[i];
  }

  long[] row(int i) {
    return rows[i];
  }
}
