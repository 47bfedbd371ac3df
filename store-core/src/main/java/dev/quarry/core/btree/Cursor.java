package dev.quarry.core.btree;

import java.util.Arrays;

/**
 * Iterates the rows of a tree in {@code [lo, hi]}, in order. Keeps the path from the root as a
 * stack of copied inner nodes, so moving to the next leaf reads no inner page again. Once a scan
 * has gone past two leaves, it asks the buffer pool to read ahead the leaves that remain under the
 * current parent, up to {@code hi}.
 */
public final class Cursor implements AutoCloseable {
  private final BTree tree;
  private final int width;
  private final long[] hi;
  private final long[][] keys = new long[BTree.MAX_DEPTH][];
  private final long[][] children = new long[BTree.MAX_DEPTH][];
  private final int[] counts = new int[BTree.MAX_DEPTH];
  private final int[] index = new int[BTree.MAX_DEPTH];
  private int depth;
  private long[] rows = new long[0];
  private int rowCount;
  private int pos = -1;
  private boolean done;
  private int leaves;
  private final int[] scratch = new int[1];

  Cursor(BTree tree, long root, long[] lo, long[] hi) {
    this.tree = tree;
    this.width = tree.width;
    this.hi = hi.clone();
    if (root == BTree.EMPTY) {
      done = true;
      return;
    }
    long page = root;
    while (tree.reader.isInner(page, scratch)) {
      int i = push(page);
      index[i] = upperBound(keys[i], counts[i], lo);
      page = children[i][index[i]];
    }
    loadLeaf(page, lo);
  }

  /** Moves to the next row; false when there are no more. */
  public boolean next() {
    if (done) {
      return false;
    }
    pos++;
    while (pos >= rowCount) {
      if (!nextLeaf()) {
        done = true;
        return false;
      }
      pos++; // a new leaf starts before its first row
    }
    if (Rows.compare(rows, pos * width, hi, 0, width) > 0) {
      done = true;
      return false;
    }
    return true;
  }

  /** The current row's column {@code col}. */
  public long get(int col) {
    return rows[pos * width + col];
  }

  /** The buffer holding the current row, at {@link #offset()}. */
  public long[] rows() {
    return rows;
  }

  public int offset() {
    return pos * width;
  }

  /** Copies the current row into {@code out}. */
  public void copy(long[] out) {
    System.arraycopy(rows, pos * width, out, 0, width);
  }

  private int push(long page) {
    int i = depth++;
    if (keys[i] == null) {
      keys[i] = new long[(InnerNode.capacity(width) + 1) * width];
      children[i] = new long[InnerNode.capacity(width) + 2];
    }
    counts[i] = tree.reader.readInner(page, keys[i], children[i]);
    return i;
  }

  /** The number of separators <= key: the child that holds key. */
  private int upperBound(long[] ks, int n, long[] key) {
    int lo = 0;
    int hiIdx = n - 1;
    while (lo <= hiIdx) {
      int mid = (lo + hiIdx) >>> 1;
      if (Rows.compare(ks, mid * width, key, 0, width) <= 0) {
        lo = mid + 1;
      } else {
        hiIdx = mid - 1;
      }
    }
    return lo;
  }

  private void loadLeaf(long page, long[] from) {
    if (from != null) {
      long[][] buf = {rows};
      rowCount = tree.reader.readLeafFrom(page, from, 0, Integer.MAX_VALUE, buf, scratch);
      rows = buf[0];
      pos = Rows.lowerBound(rows, rowCount, width, from, 0) - 1;
    } else {
      rows = tree.reader.readLeaf(page, rows, scratch);
      rowCount = scratch[0];
      pos = -1;
    }
    leaves++;
  }

  private boolean nextLeaf() {
    int level = depth - 1;
    while (level >= 0 && index[level] >= counts[level]) {
      level--;
    }
    if (level < 0) {
      return false;
    }
    index[level]++;
    // Every row under this child is >= the separator before it: past hi, stop.
    if (Rows.compare(keys[level], (index[level] - 1) * width, hi, 0, width) > 0) {
      return false;
    }
    depth = level + 1;
    long page = children[level][index[level]];
    while (tree.reader.isInner(page, scratch)) {
      int i = push(page);
      index[i] = 0;
      page = children[i][0];
    }
    // A scan past two leaves reads ahead: at the third leaf, and again under each new parent.
    boolean newParent = index[depth - 1] == 0;
    if (leaves == 2 || (leaves > 2 && newParent)) {
      readAheadSiblings();
    }
    loadLeaf(page, null);
    return true;
  }

  /** Announces the leaves after the current one under its parent, up to hi. */
  private void readAheadSiblings() {
    int p = depth - 1;
    int from = index[p] + 1;
    int to = from;
    while (to <= counts[p] && Rows.compare(keys[p], (to - 1) * width, hi, 0, width) <= 0) {
      to++;
    }
    if (to > from) {
      long[] pages = Arrays.copyOfRange(children[p], from, to);
      Arrays.sort(pages);
      tree.pool.prefetch(pages, pages.length);
    }
  }

  @Override
  public void close() {
    done = true;
  }
}
