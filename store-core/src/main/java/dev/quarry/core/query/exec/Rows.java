package dev.quarry.core.query.exec;

import java.util.Arrays;

/**
 * A batch of id rows of one width, stored row after row in one array: row {@code i} is {@code
 * data[i * width .. (i + 1) * width - 1]}. Id 0 is an unbound column.
 */
public final class Rows {
  /** Rows per batch operators aim for: enough to sort and vector index lookups. */
  public static final int BATCH = 1024;

  /** The capacity a batch of unknown size starts with; it grows as rows are appended. */
  static final int SMALL = 16;

  final int width;
  long[] data;
  int size;

  public Rows(int width, int capacity) {
    this.width = width;
    this.data = new long[Math.max(1, width) * Math.max(1, capacity)];
  }

  public int size() {
    return size;
  }

  public int width() {
    return width;
  }

  public long get(int row, int col) {
    return data[row * width + col];
  }

  public void set(int row, int col, long id) {
    data[row * width + col] = id;
  }

  boolean full() {
    return size >= BATCH;
  }

  /** Appends an unbound row and returns its offset in {@link #data}. */
  public int append() {
    int at = size * width;
    if (at + width > data.length) {
      data = Arrays.copyOf(data, Math.max(data.length * 2, at + width));
    }
    Arrays.fill(data, at, at + width, 0L);
    size++;
    return at;
  }

  /**
   * Appends {@code n} rows the caller fills whole (their contents are not cleared); returns the
   * offset of the first in {@link #data}.
   */
  int reserve(int n) {
    int at = size * width;
    if (at + n * width > data.length) {
      data = Arrays.copyOf(data, Math.max(data.length * 2, at + n * width));
    }
    size += n;
    return at;
  }

  /** Appends a copy of row {@code row} of {@code from} (same or smaller width). */
  int appendCopy(Rows from, int row) {
    int at = append();
    System.arraycopy(from.data, row * from.width, data, at, from.width);
    return at;
  }

  /** Appends every row of {@code from} (same width), in one copy. */
  void appendAll(Rows from) {
    int at = size * width;
    int n = from.size * width;
    if (at + n > data.length) {
      data = Arrays.copyOf(data, Math.max(data.length * 2, at + n));
    }
    System.arraycopy(from.data, 0, data, at, n);
    size += from.size;
  }

  /**
   * Rows {@code from .. from + n - 1}: this batch itself if that is all of it (a batch is not
   * changed once given out), else a copy of exactly those rows.
   */
  Rows slice(int from, int n) {
    if (from == 0 && n == size) {
      return this;
    }
    Rows out = new Rows(width, n);
    System.arraycopy(data, from * width, out.data, 0, n * width);
    out.size = n;
    return out;
  }

  /**
   * The rows numbered {@code kept[0 .. n - 1]} (ascending): this batch itself if they are all of
   * it, else a copy of exactly those rows (a filter that keeps one row in a hundred allocates for
   * one, not for the whole batch).
   */
  Rows select(int[] kept, int n) {
    if (n == size) {
      return this;
    }
    Rows out = new Rows(width, n);
    for (int i = 0; i < n; i++) {
      System.arraycopy(data, kept[i] * width, out.data, i * width, width);
    }
    out.size = n;
    return out;
  }

  long[] row(int row) {
    return Arrays.copyOfRange(data, row * width, row * width + width);
  }
}
