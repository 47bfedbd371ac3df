package dev.quarry.core.query.exec;

import java.util.Arrays;

/**
 * A set of id rows of one width, stored compactly: the rows one after another in a long array, and
 * an open-addressing table of their positions. About 8 bytes per id plus 8 per row, where a hash
 * set of row objects takes four times that.
 */
final class RowSet {
  private final int width;
  private long[] rows;
  private int[] slots; // row index + 1; 0 is empty
  private int size;

  RowSet(int width) {
    this.width = width;
    this.rows = new long[Math.max(1, width) * 64];
    this.slots = new int[128];
  }

  int size() {
    return size;
  }

  /** Bytes this set holds now. */
  long bytes() {
    return rows.length * 8L + slots.length * 4L;
  }

  /** Bytes the next row may cost: what the set grows by if it must grow for it. */
  long growthFor() {
    long more = 0;
    if ((size + 1) * width > rows.length) {
      more += rows.length * 8L;
    }
    if ((size + 1) * 2 > slots.length) {
      more += slots.length * 4L;
    }
    return more;
  }

  /** Adds the row at {@code data[off..]}; false if it was already in the set. */
  boolean add(long[] data, int off) {
    int mask = slots.length - 1;
    int h = hash(data, off) & mask;
    for (int s = slots[h]; s != 0; s = slots[h]) {
      if (Arrays.equals(rows, (s - 1) * width, s * width, data, off, off + width)) {
        return false;
      }
      h = (h + 1) & mask;
    }
    if ((size + 1) * width > rows.length) {
      rows = Arrays.copyOf(rows, rows.length * 2);
    }
    System.arraycopy(data, off, rows, size * width, width);
    slots[h] = ++size;
    if (size * 2 > slots.length) {
      rehash();
    }
    return true;
  }

  /** The row at {@code i} (in the order rows were added) is at {@code array()[i * width ..]}. */
  long[] array() {
    return rows;
  }

  private int hash(long[] data, int off) {
    long h = 0x9E3779B97F4A7C15L;
    for (int i = 0; i < width; i++) {
      h = (h ^ data[off + i]) * 0xBF58476D1CE4E5B9L;
      h ^= h >>> 31;
    }
    return (int) h;
  }

  private void rehash() {
    int[] bigger = new int[slots.length * 2];
    int mask = bigger.length - 1;
    for (int i = 0; i < size; i++) {
      int h = hash(rows, i * width) & mask;
      while (bigger[h] != 0) {
        h = (h + 1) & mask;
      }
      bigger[h] = i + 1;
    }
    slots = bigger;
  }
}
