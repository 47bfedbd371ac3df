package dev.quarry.core.index;

/**
 * Sorts fixed-width keys (unsigned, column by column) by index, without boxing: the order in which
 * a batch's probes are read. Merge sort, stable; insertion sort below 16 keys.
 */
final class ProbeSort {
  private ProbeSort() {}

  /** The indexes {@code 0..n-1} of the keys {@code keys[i*width ..]}, in key order. */
  static int[] sort(long[] keys, int n, int width) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    if (n > 1) {
      mergeSort(keys, width, a, new int[n], 0, n);
    }
    return a;
  }

  private static void mergeSort(long[] keys, int w, int[] a, int[] tmp, int from, int to) {
    if (to - from < 16) {
      for (int i = from + 1; i < to; i++) {
        int x = a[i];
        int j = i - 1;
        while (j >= from && compare(keys, w, a[j], x) > 0) {
          a[j + 1] = a[j];
          j--;
        }
        a[j + 1] = x;
      }
      return;
    }
    int mid = (from + to) >>> 1;
    mergeSort(keys, w, a, tmp, from, mid);
    mergeSort(keys, w, a, tmp, mid, to);
    if (compare(keys, w, a[mid - 1], a[mid]) <= 0) {
      return; // already in order: sorted input costs one comparison per run
    }
    System.arraycopy(a, from, tmp, from, to - from);
    int i = from;
    int j = mid;
    for (int k = from; k < to; k++) {
      a[k] = j >= to || (i < mid && compare(keys, w, tmp[i], tmp[j]) <= 0) ? tmp[i++] : tmp[j++];
    }
  }

  private static int compare(long[] keys, int w, int x, int y) {
    int a = x * w;
    int b = y * w;
    for (int c = 0; c < w; c++) {
      int cmp = Long.compareUnsigned(keys[a + c], keys[b + c]);
      if (cmp != 0) {
        return cmp;
      }
    }
    return 0;
  }
}
