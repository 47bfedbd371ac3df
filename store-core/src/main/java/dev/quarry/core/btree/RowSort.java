package dev.quarry.core.btree;

import java.util.Arrays;

/**
 * Sorts rows held flat in a long array (row {@code i} at {@code i * width}) in unsigned column
 * order, in place: a quicksort (median of three, insertion sort for short runs) that swaps whole
 * rows, so nothing is boxed. Then {@link #dedupe} drops repeated rows.
 */
public final class RowSort {
  private RowSort() {}

  public static void sort(long[] a, int n, int width) {
    long[] tmp = new long[width];
    quick(a, 0, n - 1, width, tmp);
  }

  /**
   * {@link #sort} for rows that differ mostly in one column, as a batch of lookups for one pattern
   * does (one subject or object per row, the rest shared or following from it), when the rows come
   * in order of their last column (then rows equal but for it keep that order): a stable radix sort
   * of (first differing column, position) moves each row once, where the quicksort moves whole rows
   * at every swap; if the rows are not then in order (another column breaks ties differently), the
   * quicksort finishes the job. Its arrays are {@code buffers}, kept by the caller from one sort to
   * the next.
   */
  public static void sortByFirstDifference(long[] a, int n, int width, Buffers buffers) {
    int c = firstDifference(a, n, width);
    if (c < 0) {
      return; // every row is the same
    }
    if (n >= 64) {
      buffers.sizedFor(n, width);
      int[] order = radixOrder(a, n, width, c, buffers);
      long[] moved = buffers.moved;
      for (int i = 0; i < n; i++) {
        System.arraycopy(a, order[i] * width, moved, i * width, width);
      }
      System.arraycopy(moved, 0, a, 0, n * width);
      if (inOrder(a, n, width)) {
        return;
      }
    }
    sort(a, n, width);
  }

  /** The first column in which some row differs from row 0, or -1. */
  private static int firstDifference(long[] a, int n, int width) {
    for (int c = 0; c < width; c++) {
      for (int i = 1; i < n; i++) {
        if (a[i * width + c] != a[c]) {
          return c;
        }
      }
    }
    return -1;
  }

  /**
   * The rows' positions ordered by column {@code c} (unsigned), stable: least significant byte
   * first, skipping bytes in which every value is the same (the high bytes of ids).
   */
  private static int[] radixOrder(long[] a, int n, int width, int c, Buffers buffers) {
    long[] keys = buffers.keys;
    int[] order = buffers.order;
    for (int i = 0; i < n; i++) {
      keys[i] = a[i * width + c];
      order[i] = i;
    }
    long[] keys2 = buffers.keys2;
    int[] order2 = buffers.order2;
    int[] count = buffers.count;
    for (int shift = 0; shift < 64; shift += 8) {
      Arrays.fill(count, 0);
      for (int i = 0; i < n; i++) {
        count[(int) ((keys[i] >>> shift) & 0xFF) + 1]++;
      }
      if (count[(int) ((keys[0] >>> shift) & 0xFF) + 1] == n) {
        continue;
      }
      for (int b = 0; b < 256; b++) {
        count[b + 1] += count[b];
      }
      for (int i = 0; i < n; i++) {
        int to = count[(int) ((keys[i] >>> shift) & 0xFF)]++;
        keys2[to] = keys[i];
        order2[to] = order[i];
      }
      long[] k = keys;
      keys = keys2;
      keys2 = k;
      int[] o = order;
      order = order2;
      order2 = o;
    }
    return order;
  }

  /**
   * The arrays of a {@link #sortByFirstDifference}, grown as needed: one caller's (a thread's), so
   * that sorting a batch of lookups allocates nothing once they are large enough.
   */
  public static final class Buffers {
    private long[] moved = new long[0];
    private long[] keys = new long[0];
    private long[] keys2 = new long[0];
    private int[] order = new int[0];
    private int[] order2 = new int[0];
    private final int[] count = new int[257];

    private void sizedFor(int n, int width) {
      if (moved.length < n * width) {
        moved = new long[n * width];
      }
      if (keys.length < n) {
        keys = new long[n];
        keys2 = new long[n];
        order = new int[n];
        order2 = new int[n];
      }
    }
  }

  private static boolean inOrder(long[] a, int n, int width) {
    for (int i = 1; i < n; i++) {
      if (cmp(a, i - 1, i, width) > 0) {
        return false;
      }
    }
    return true;
  }

  /** Removes adjacent equal rows of a sorted array; returns the new count. */
  public static int dedupe(long[] a, int n, int width) {
    if (n == 0) {
      return 0;
    }
    int out = 1;
    for (int i = 1; i < n; i++) {
      if (Rows.compare(a, i * width, a, (out - 1) * width, width) != 0) {
        if (out != i) {
          System.arraycopy(a, i * width, a, out * width, width);
        }
        out++;
      }
    }
    return out;
  }

  private static void quick(long[] a, int lo, int hi, int w, long[] tmp) {
    while (hi - lo > 16) {
      int mid = (lo + hi) >>> 1;
      if (cmp(a, mid, lo, w) < 0) {
        swap(a, mid, lo, w, tmp);
      }
      if (cmp(a, hi, lo, w) < 0) {
        swap(a, hi, lo, w, tmp);
      }
      if (cmp(a, hi, mid, w) < 0) {
        swap(a, hi, mid, w, tmp);
      }
      System.arraycopy(a, mid * w, tmp, 0, w); // the pivot
      long[] pivot = tmp.clone();
      int i = lo;
      int j = hi;
      while (i <= j) {
        while (Rows.compare(a, i * w, pivot, 0, w) < 0) {
          i++;
        }
        while (Rows.compare(a, j * w, pivot, 0, w) > 0) {
          j--;
        }
        if (i <= j) {
          swap(a, i, j, w, tmp);
          i++;
          j--;
        }
      }
      // Recurse into the smaller side, loop on the larger: bounded stack depth.
      if (j - lo < hi - i) {
        quick(a, lo, j, w, tmp);
        lo = i;
      } else {
        quick(a, i, hi, w, tmp);
        hi = j;
      }
    }
    for (int i = lo + 1; i <= hi; i++) {
      for (int k = i; k > lo && cmp(a, k, k - 1, w) < 0; k--) {
        swap(a, k, k - 1, w, tmp);
      }
    }
  }

  private static int cmp(long[] a, int i, int j, int w) {
    return Rows.compare(a, i * w, a, j * w, w);
  }

  private static void swap(long[] a, int i, int j, int w, long[] tmp) {
    System.arraycopy(a, i * w, tmp, 0, w);
    System.arraycopy(a, j * w, a, i * w, w);
    System.arraycopy(tmp, 0, a, j * w, w);
  }
}
