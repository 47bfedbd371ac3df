package dev.quarry.core.btree;

/**
 * Rows: a B+tree holds rows of {@code width} longs (1 to 4), ordered column by column as unsigned
 * numbers (NodeIds compare that way). Rows live in flat arrays: row {@code i} of an array is at
 * {@code i * width}.
 */
final class Rows {
  private Rows() {}

  static int compare(long[] a, int ai, long[] b, int bi, int width) {
    // Kept this small so that the JIT inlines it into every search loop.
    int c = 0;
    while (c < width && a[ai + c] == b[bi + c]) {
      c++;
    }
    return c == width ? 0 : Long.compareUnsigned(a[ai + c], b[bi + c]);
  }

  /**
   * Binary search for {@code key} among {@code count} rows of {@code rows}: its index, or {@code
   * -(insertion point) - 1}.
   */
  static int search(long[] rows, int count, int width, long[] key, int keyAt) {
    int lo = 0;
    int hi = count - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = compare(rows, mid * width, key, keyAt, width);
      if (c < 0) {
        lo = mid + 1;
      } else if (c > 0) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -lo - 1;
  }

  /** The first index whose row is >= {@code key}. */
  static int lowerBound(long[] rows, int count, int width, long[] key, int keyAt) {
    int i = search(rows, count, width, key, keyAt);
    return i >= 0 ? i : -i - 1;
  }
}
