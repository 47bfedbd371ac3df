package dev.quarry.core.query.exec;

import java.util.Arrays;

/**
 * Entries 0..n-1 by a long key each (an id): open addressing on the key, each slot heading the
 * chain of its entries in entry order, so a probe costs one hash and no allocation. Held by the
 * tables that rows look their partners up in: a pattern read whole ({@link SubjectsInRange}, by
 * subject) and a hash join's right rows on one variable ({@link HashJoin}, by that id; a {@code
 * HashMap} of boxed keys and lists cost it about 100 ns a left row).
 */
final class LongChains implements KeyedEntries {
  private final long[] slotKeys;
  private final int[] slotHeads;
  private final int[] next;

  /** Chains entries {@code 0..n-1} by {@code keys[i]}. */
  LongChains(long[] keys, int n) {
    int cap = Integer.highestOneBit(Math.max(4, n * 2)) * 2;
    slotKeys = new long[cap];
    slotHeads = new int[cap];
    Arrays.fill(slotHeads, -1);
    next = new int[n];
    // Backwards, so that each chain lists its entries in the order they came.
    for (int i = n - 1; i >= 0; i--) {
      int slot = slot(keys[i]);
      next[i] = slotHeads[slot];
      slotHeads[slot] = i;
      slotKeys[slot] = keys[i];
    }
  }

  /** Bytes held per entry at most: the chain link and up to four slots. */
  static final int BYTES_PER_ENTRY = 4 + 4 * 12;

  private int slot(long key) {
    int mask = slotKeys.length - 1;
    long h = key * 0x9E3779B97F4A7C15L;
    int slot = (int) ((h ^ (h >>> 29)) & mask);
    while (slotHeads[slot] >= 0 && slotKeys[slot] != key) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  @Override
  public int first(long key) {
    return slotHeads[slot(key)];
  }

  @Override
  public long bytes() {
    return 12L * slotKeys.length + 4L * next.length;
  }

  @Override
  public int next(int i) {
    return next[i];
  }
}
