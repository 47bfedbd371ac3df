package dev.quarry.core.btree;

import dev.quarry.core.buffer.BufferPool;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * A vectored lookup: a batch of probes, each a range {@code [lo, hi]} of rows (a point when lo =
 * hi; a range on the last bound column otherwise), sorted by lo. The tree is descended once; for
 * each next probe, the lookup first checks whether it falls in the current leaf, then in the
 * current parent, and so on up, and descends again only from the lowest node whose key range holds
 * it. Inner nodes are searched in place (optimistic reads); only the two separators that bound the
 * chosen child are copied. Entering an inner node, the lookup tells the buffer pool which of its
 * children the rest of the batch will need, so they are read ahead together.
 */
final class BatchLookup {
  private static final int LOOKAHEAD = 1024;

  private final BTree tree;
  private final BufferPool pool;
  private final int width;
  // Per level of the path: the node's page and the chosen child's index; and per level the key
  // range [low, high) of the node there (level 0 is the root, unbounded).
  private final long[] pages = new long[BTree.MAX_DEPTH];
  private final int[] index = new int[BTree.MAX_DEPTH];
  private final int[] counts = new int[BTree.MAX_DEPTH];
  private final long[][] low;
  private final long[][] high;
  private final boolean[] hasLow = new boolean[BTree.MAX_DEPTH + 1];
  private final boolean[] hasHigh = new boolean[BTree.MAX_DEPTH + 1];
  private int depth; // inner levels on the path; the leaf's range is at [depth]
  private long leaf; // the current leaf; rows are decoded a restart block at a time
  private final long[] block;
  // The block last decoded: consecutive probes often fall in it, and then need no page read.
  private long blockLeaf = -1;
  private int blockIndex;
  private int blockRows;
  private int leafRows;
  private final int[] scratch = new int[1];
  private long[] prefetch = new long[64];
  // What has been announced per level (node page, and the probe it reached), so a node visited
  // again for later probes is not announced again.
  private final long[] announcedPage = new long[BTree.MAX_DEPTH];
  private final int[] announcedEnd = new int[BTree.MAX_DEPTH];

  BatchLookup(BTree tree) {
    this.tree = tree;
    this.pool = tree.pool;
    this.width = tree.width;
    this.block = new long[LeafCodec.RESTART_EVERY * width];
    this.low = new long[BTree.MAX_DEPTH + 1][width];
    this.high = new long[BTree.MAX_DEPTH + 1][width];
  }

  void run(long root, long[] los, long[] his, int n, RowSink sink) {
    if (root == BTree.EMPTY || n == 0) {
      return;
    }
    depth = 0;
    Arrays.fill(announcedPage, -1);
    hasLow[0] = false;
    hasHigh[0] = false;
    descend(root, los, 0, n);
    for (int i = 0; i < n; i++) {
      int at = i * width;
      if (!inRange(depth, los, at)) {
        int level = depth - 1;
        while (level > 0 && !inRange(level, los, at)) {
          level--;
        }
        depth = level;
        descend(pages[level], los, at, n);
      }
      if (!emit(i, los, his, at, sink)) {
        return;
      }
    }
  }

  private boolean inRange(int level, long[] key, int at) {
    return (!hasLow[level] || Rows.compare(low[level], 0, key, at, width) <= 0)
        && (!hasHigh[level] || Rows.compare(key, at, high[level], 0, width) < 0);
  }

  /** From {@code page}, the node at level {@code depth}, down to the leaf for the key. */
  private void descend(long page, long[] key, int at, int n) {
    int[] level = scratch;
    while (tree.reader.isInner(page, level)) {
      int d = depth++;
      pages[d] = page;
      announce(d, key, at, n);
      page = choose(d, key, at);
    }
    leaf = page;
  }

  /**
   * Picks the child of node {@code d} for the key, reading the node in place; records its range.
   */
  private long choose(int d, long[] key, int at) {
    for (; ; ) {
      long t = pool.readOptimistic(pages[d]);
      MemorySegment m = pool.memory();
      long base = pool.offset(BufferPool.frameOf(t));
      try {
        int count = InnerNode.count(m, base);
        int i = InnerNode.childIndex(m, base, width, key, at);
        long child = InnerNode.child(m, base, i);
        bounds(d, m, base, count, i);
        if (pool.validate(t)) {
          counts[d] = count;
          index[d] = i;
          return child;
        }
      } catch (RuntimeException e) {
        if (pool.validate(t)) {
          throw e;
        }
      }
    }
  }

  /** The range of child {@code i} of node {@code d}: between its neighbouring separators. */
  private void bounds(int d, MemorySegment m, long base, int count, int i) {
    hasLow[d + 1] = i > 0 || hasLow[d];
    if (i > 0) {
      for (int c = 0; c < width; c++) {
        low[d + 1][c] = InnerNode.key(m, base, width, i - 1, c);
      }
    } else if (hasLow[d]) {
      System.arraycopy(low[d], 0, low[d + 1], 0, width);
    }
    hasHigh[d + 1] = i < count || hasHigh[d];
    if (i < count) {
      for (int c = 0; c < width; c++) {
        high[d + 1][c] = InnerNode.key(m, base, width, i, c);
      }
    } else if (hasHigh[d]) {
      System.arraycopy(high[d], 0, high[d + 1], 0, width);
    }
  }

  /**
   * Emits the rows of probe {@code probe}: from the restart block that may hold its lo, block by
   * block, moving right through leaves while the range goes on.
   */
  private boolean emit(int probe, long[] los, long[] his, int at, RowSink sink) {
    int b;
    boolean cached =
        blockLeaf == leaf
            && blockRows > 0
            && Rows.compare(block, 0, los, at, width) <= 0
            && Rows.compare(los, at, block, (blockRows - 1) * width, width) <= 0;
    if (!cached) {
      b = tree.reader.blockFor(leaf, los, at);
      load(b);
    }
    boolean first = true;
    for (; ; ) {
      int n = blockRows;
      int pos = first ? Rows.lowerBound(block, n, width, los, at) : 0;
      first = false;
      for (; pos < n; pos++) {
        if (Rows.compare(block, pos * width, his, at, width) > 0) {
          return true;
        }
        if (!sink.accept(probe, block, pos * width)) {
          return false;
        }
      }
      if ((blockIndex + 1) * LeafCodec.RESTART_EVERY < leafRows) {
        load(blockIndex + 1);
        continue;
      }
      // The range may go on in the next leaf.
      if (!hasHigh[depth] || Rows.compare(high[depth], 0, his, at, width) > 0 || !nextLeaf()) {
        return true;
      }
      load(0);
    }
  }

  private void load(int b) {
    blockRows = tree.reader.readBlock(leaf, b, block, scratch);
    leafRows = scratch[0];
    blockIndex = b;
    blockLeaf = leaf;
  }

  /** Moves to the leaf after the current one. */
  private boolean nextLeaf() {
    int d = depth - 1;
    while (d >= 0 && index[d] >= counts[d]) {
      d--;
    }
    if (d < 0) {
      return false;
    }
    long page = childAt(d, index[d] + 1);
    depth = d + 1;
    while (tree.reader.isInner(page, scratch)) {
      int lv = depth++;
      pages[lv] = page;
      page = childAt(lv, 0);
    }
    leaf = page;
    return true;
  }

  /** Child {@code i} of node {@code d}, recording it as the chosen one and its range. */
  private long childAt(int d, int i) {
    for (; ; ) {
      long t = pool.readOptimistic(pages[d]);
      MemorySegment m = pool.memory();
      long base = pool.offset(BufferPool.frameOf(t));
      try {
        int count = InnerNode.count(m, base);
        long child = InnerNode.child(m, base, i);
        bounds(d, m, base, count, i);
        if (pool.validate(t)) {
          counts[d] = count;
          index[d] = i;
          return child;
        }
      } catch (RuntimeException e) {
        if (pool.validate(t)) {
          throw e;
        }
      }
    }
  }

  /** Tells the pool which children of node {@code d} the probes from {@code at} on will need. */
  private void announce(int d, long[] probes, int at, int n) {
    if (announcedPage[d] == pages[d] && at / width < announcedEnd[d]) {
      return;
    }
    long t = pool.readOptimistic(pages[d]);
    MemorySegment m = pool.memory();
    long base = pool.offset(BufferPool.frameOf(t));
    int found = 0;
    int p = at / width;
    try {
      int last = -1;
      for (; p < n && p < at / width + LOOKAHEAD; p++) {
        if (hasHigh[d] && Rows.compare(probes, p * width, high[d], 0, width) >= 0) {
          break;
        }
        int c = InnerNode.childIndex(m, base, width, probes, p * width);
        if (c != last) {
          if (found == prefetch.length) {
            prefetch = Arrays.copyOf(prefetch, found * 2);
          }
          prefetch[found++] = InnerNode.child(m, base, c);
          last = c;
        }
      }
    } catch (RuntimeException e) {
      found = 0; // a torn read: read-ahead is only a hint
    }
    announcedPage[d] = pages[d];
    announcedEnd[d] = p;
    if (found > 1 && pool.validate(t)) {
      long[] sorted = Arrays.copyOf(prefetch, found);
      Arrays.sort(sorted);
      pool.prefetch(sorted, found);
    }
  }
}
