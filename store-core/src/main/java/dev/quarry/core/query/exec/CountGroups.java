package dev.quarry.core.query.exec;

import java.util.Arrays;

/**
 * The groups of a GROUP BY whose aggregates are all COUNT(*) or COUNT(?x), in flat arrays: a row
 * finds its group by open addressing on the group's key ids, and counts are longs beside the keys.
 * The general path (a key array, a {@link RowKey} and a map lookup per row, a state object per
 * aggregate and group) cost 75-200 ns a row in BSBM BI's counts per product or vendor. Groups are
 * numbered in the order they first came, as they are emitted.
 */
final class CountGroups {
  private final int[] keyColumns; // -1: a group variable the input lacks (always unbound)
  private final int[] countColumns; // per aggregate: the counted column, -1 for COUNT(*)
  private final int keyWidth;
  private long[] keys; // group g's key at g * keyWidth
  private long[] counts; // group g's counts at g * countColumns.length
  private int[] slots; // group number + 1, 0 for an empty slot; twice the capacity
  private int size;

  CountGroups(int[] keyColumns, int[] countColumns) {
    this.keyColumns = keyColumns.clone();
    this.countColumns = countColumns.clone();
    this.keyWidth = keyColumns.length;
    allocate(256);
  }

  private void allocate(int capacity) {
    keys = keys == null ? new long[capacity * keyWidth] : Arrays.copyOf(keys, capacity * keyWidth);
    int width = countColumns.length;
    counts = counts == null ? new long[capacity * width] : Arrays.copyOf(counts, capacity * width);
    slots = new int[capacity * 2];
    for (int g = 0; g < size; g++) {
      slots[free(hash(keys, g * keyWidth, null))] = g + 1;
    }
  }

  int size() {
    return size;
  }

  int capacity() {
    return slots.length / 2;
  }

  /** Bytes the table holds at {@code capacity} groups. */
  long bytesAt(int capacity) {
    return capacity * (8L * (keyWidth + countColumns.length) + 8);
  }

  /** Doubles the room for groups (the caller has reserved {@code bytesAt} the new capacity). */
  void grow() {
    allocate(capacity() * 2);
  }

  /**
   * The number of the row's group: found, or made if there is room; -1 if it is a new group and the
   * table is full. (The caller spills rows only once the table is full and may not grow, so a group
   * is never made after rows have spilled: each group is in memory or on disk, whole.)
   */
  int groupOf(long[] data, int base) {
    int mask = slots.length - 1;
    int slot = (int) hash(data, base, keyColumns) & mask;
    for (int g; (g = slots[slot] - 1) >= 0; slot = (slot + 1) & mask) {
      if (sameKey(g, data, base)) {
        return g;
      }
    }
    if (size == capacity()) {
      return -1;
    }
    int g = size++;
    for (int k = 0; k < keyWidth; k++) {
      keys[g * keyWidth + k] = keyColumns[k] < 0 ? 0 : data[base + keyColumns[k]];
    }
    slots[slot] = g + 1;
    return g;
  }

  /** Counts the row at {@code base} in group g. */
  void count(int g, long[] data, int base) {
    int at = g * countColumns.length;
    for (int a = 0; a < countColumns.length; a++) {
      int c = countColumns[a];
      if (c < 0 || data[base + c] != 0) {
        counts[at + a]++;
      }
    }
  }

  long key(int g, int k) {
    return keys[g * keyWidth + k];
  }

  long count(int g, int a) {
    return counts[g * countColumns.length + a];
  }

  private boolean sameKey(int g, long[] data, int base) {
    for (int k = 0; k < keyWidth; k++) {
      long v = keyColumns[k] < 0 ? 0 : data[base + keyColumns[k]];
      if (keys[g * keyWidth + k] != v) {
        return false;
      }
    }
    return true;
  }

  /** A free slot for a key of this hash (rehashing: every key is distinct). */
  private int free(long hash) {
    int mask = slots.length - 1;
    int slot = (int) hash & mask;
    while (slots[slot] != 0) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  /** The hash of a key: at {@code cols} of the row at base, or (cols null) keyWidth ids there. */
  private long hash(long[] data, int base, int[] cols) {
    long h = 0;
    for (int k = 0; k < keyWidth; k++) {
      long v = cols == null ? data[base + k] : cols[k] < 0 ? 0 : data[base + cols[k]];
      h = (h + v) * 0x9E3779B97F4A7C15L;
    }
    return h ^ (h >>> 29);
  }
}
