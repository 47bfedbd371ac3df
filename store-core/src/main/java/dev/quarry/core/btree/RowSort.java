package dev.quarry.core.btree;

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
