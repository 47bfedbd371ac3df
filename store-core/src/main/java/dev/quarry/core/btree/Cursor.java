package dev.quarry.core.btree;

import java.util.Arrays;

/**
 * Iterates the rows of a tree in {@code [lo, hi]}, in order. Rows are decoded a restart block (16
 * rows) at a time, so a short range costs a block, not a leaf; inner nodes are searched in place
 * and only the path (page, chosen child, separator count per level) is kept. Once a scan has gone
 * past two leaves, it asks the buffer pool to read ahead the leaves that remain under the current
 * parent, up to {@code hi}.
 */
public final class Cursor implements AutoCloseable {
  private BTree tree; // null while a per-thread cursor waits for its next open
  private final int width;
  private final long[] hi;
  private final long[] pages = new long[BTree.MAX_DEPTH];
  private final int[] counts = new int[BTree.MAX_DEPTH];
  private final int[] index = new int[BTree.MAX_DEPTH];
  private int depth;
  private long leaf;
  private int leafRows;
  private int blockIndex;
  private final long[] rows;
  private final byte[] blockBytes; // the encoded deltas of the block being decoded
  private int rowCount;
  private int pos = -1;
  private boolean done;
  private int leaves;
  private final int[] scratch = new int[2];
  private final long[] separator;

  Cursor(BTree tree, long root, long[] lo, long[] hi) {
    this(tree.width);
    open(tree, root, lo, hi);
  }

  /** A cursor on no tree yet: {@link #open} puts it on one (again and again). */
  Cursor(int width) {
    this.width = width;
    this.hi = new long[width];
    this.rows = new long[LeafCodec.RESTART_EVERY * width];
    this.blockBytes = new byte[LeafCodec.maxDeltaBytes(width)];
    this.separator = new long[width];
  }

  /** Puts this cursor before the first row in {@code [lo, hi]} of {@code tree} at {@code root}. */
  void open(BTree tree, long root, long[] lo, long[] hi) {
    this.tree = tree;
    System.arraycopy(hi, 0, this.hi, 0, width);
    depth = 0;
    leaves = 0;
    rowCount = 0;
    pos = -1;
    done = root == BTree.EMPTY;
    if (done) {
      return;
    }
    long page = root;
    while (tree.reader.level(page) > 0) {
      int d = depth++;
      pages[d] = page;
      index[d] = tree.reader.childIndex(page, lo, scratch);
      counts[d] = scratch[0];
      page = tree.reader.child(page, index[d], scratch, separator);
    }
    leaf = page;
    leaves++;
    load(-1, lo);
    pos = Rows.lowerBound(rows, rowCount, width, lo, 0) - 1;
  }

  /** Moves to the next row; false when there are no more. */
  public boolean next() {
    if (done) {
      return false;
    }
    pos++;
    while (pos >= rowCount) {
      if ((blockIndex + 1) * LeafCodec.RESTART_EVERY < leafRows) {
        load(blockIndex + 1, null);
      } else if (!nextLeaf()) {
        done = true;
        return false;
      }
      pos = 0;
    }
    if (Rows.compare(rows, pos * width, hi, 0, width) > 0) {
      done = true;
      return false;
    }
    return true;
  }

  /**
   * Copies up to {@code max} of the rows after the current one into {@code out} (row after row,
   * from 0) and makes the last of them current; returns how many, 0 at the end. A block at a time:
   * the bound is compared once per block unless the block crosses it.
   */
  public int fill(long[] out, int max) {
    int filled = 0;
    while (filled < max && !done) {
      if (pos + 1 >= rowCount) {
        if ((blockIndex + 1) * LeafCodec.RESTART_EVERY < leafRows) {
          load(blockIndex + 1, null);
        } else if (!nextLeaf()) {
          done = true;
          break;
        }
        pos = -1;
        continue;
      }
      int from = pos + 1;
      int n = Math.min(max - filled, rowCount - from);
      int last = from + n - 1;
      if (Rows.compare(rows, last * width, hi, 0, width) > 0) {
        int keep = 0; // rows from `from` on that are <= hi
        while (keep < n && Rows.compare(rows, (from + keep) * width, hi, 0, width) <= 0) {
          keep++;
        }
        n = keep;
        done = true;
      }
      System.arraycopy(rows, from * width, out, filled * width, n * width);
      filled += n;
      pos = from + n - 1;
    }
    return filled;
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

  /** Decodes block {@code b} of the current leaf, or if negative the one that may hold key. */
  private void load(int b, long[] key) {
    rowCount = tree.reader.readBlock(leaf, b, 0, key, 0, rows, blockBytes, scratch, null);
    leafRows = scratch[0];
    blockIndex = scratch[1];
  }

  private boolean nextLeaf() {
    int level = depth - 1;
    while (level >= 0 && index[level] >= counts[level]) {
      level--;
    }
    if (level < 0) {
      return false;
    }
    int i = ++index[level];
    long page = tree.reader.child(pages[level], i, scratch, separator);
    // Every row under this child is >= the separator before it: past hi, stop.
    if (Rows.compare(separator, 0, hi, 0, width) > 0) {
      return false;
    }
    depth = level + 1;
    while (tree.reader.level(page) > 0) {
      int d = depth++;
      pages[d] = page;
      index[d] = 0;
      page = tree.reader.child(page, 0, scratch, separator);
      counts[d] = scratch[0];
    }
    // A scan past two leaves reads ahead: at the third leaf, and again under each new parent.
    boolean newParent = index[depth - 1] == 0;
    if (leaves == 2 || (leaves > 2 && newParent)) {
      readAheadSiblings();
    }
    leaf = page;
    leaves++;
    load(0, null);
    return true;
  }

  /** Announces the leaves after the current one under its parent, up to hi. */
  private void readAheadSiblings() {
    int p = depth - 1;
    long[] next = new long[counts[p] + 1];
    int n = tree.reader.childrenUpTo(pages[p], index[p] + 1, hi, next);
    if (n > 0) {
      long[] sorted = Arrays.copyOf(next, n);
      Arrays.sort(sorted);
      tree.pool.prefetch(sorted, n);
    }
  }

  @Override
  public void close() {
    done = true;
  }

  /**
   * Done, and lets go of its tree: a cursor kept per thread must not keep a closed store's tree
   * (and its pool) reachable from every thread that counted on it.
   */
  void detach() {
    done = true;
    tree = null;
  }
}
