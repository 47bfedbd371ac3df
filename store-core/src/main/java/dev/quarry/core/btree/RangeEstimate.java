package dev.quarry.core.btree;

/**
 * How many rows of a {@link BTree} lie in a key range, for the planner, without reading the range:
 * counted exactly when few, else computed from the tree's shape along the paths to the range's
 * ends.
 */
final class RangeEstimate {
  private RangeEstimate() {}

  /**
   * About how many rows lie in {@code [lo, hi]}, for the planner: exact up to {@link #EXACT_UP_TO}
   * rows (a short scan); beyond, from the tree's shape, at the cost of the paths to lo and hi:
   * below the node where they part, the rows after lo on its path, the rows up to hi on its, and
   * whole children between, each node taken to be like the ones on lo's path. Positions within a
   * leaf are known to a restart block (16 rows). Rough where a tree is uneven, never unbounded.
   */
  static long rows(BTree tree, long root, long[] lo, long[] hi) {
    if (root == BTree.EMPTY) {
      return 0;
    }
    long n = tree.countUpTo(root, lo, hi, EXACT_UP_TO);
    if (n < EXACT_UP_TO) {
      return n;
    }
    int[] count = new int[1];
    long page = root;
    for (int level = tree.reader.level(page); level > 0; level--) {
      int i = tree.reader.childIndex(page, lo, count);
      int j = tree.reader.childIndex(page, hi, count);
      if (i != j) {
        double[] sizes = new double[level];
        double from = rowsFrom(tree, tree.childAt(page, i), level - 1, lo, sizes);
        double upTo = rowsUpTo(tree, tree.childAt(page, j), level - 1, hi, sizes);
        return Math.max(n, Math.round(from + (j - i - 1) * sizes[level - 1] + upTo));
      }
      page = tree.childAt(page, i);
    }
    return Math.max(n, tree.reader.position(page, hi) - tree.reader.position(page, lo));
  }

  /**
   * About how many rows at or after {@code key} are under {@code node} (at {@code level}); sets
   * {@code sizes[l]}, the rows under a node of level l like this path's, for l up to level.
   */
  private static double rowsFrom(BTree tree, long node, int level, long[] key, double[] sizes) {
    if (level == 0) {
      sizes[0] = tree.reader.leafRows(node);
      return sizes[0] - tree.reader.position(node, key);
    }
    int[] count = new int[1];
    int k = tree.reader.childIndex(node, key, count);
    double after = rowsFrom(tree, tree.childAt(node, k), level - 1, key, sizes);
    if (level < sizes.length) {
      sizes[level] = (count[0] + 1) * sizes[level - 1];
    }
    return after + (count[0] - k) * sizes[level - 1];
  }

  /** About how many rows up to {@code key} are under {@code node}, given {@code sizes}. */
  private static double rowsUpTo(BTree tree, long node, int level, long[] key, double[] sizes) {
    if (level == 0) {
      return tree.reader.position(node, key);
    }
    int k = tree.reader.childIndex(node, key, new int[1]);
    return rowsUpTo(tree, tree.childAt(node, k), level - 1, key, sizes) + k * sizes[level - 1];
  }

  /** Rows an estimate counts one by one before it reads the tree's shape instead (about 2 us). */
  static final int EXACT_UP_TO = 128;
}
