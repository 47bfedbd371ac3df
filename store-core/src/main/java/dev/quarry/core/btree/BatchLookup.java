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

  // The tree looked up, set for a run only (BTree keeps one lookup per thread: holding the tree
  // between runs would keep a closed store's tree and pool reachable from every thread that used
  // it).
  private BTree tree;
  private BufferPool pool;
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
  private final int[] levels = new int[BTree.MAX_DEPTH]; // of the nodes on the path
  private long leaf; // the current leaf; rows are decoded a restart block at a time
  // The block last read: consecutive probes often fall in it, and then need no page read. It is
  // copied out of the page whole but decoded only as far as a probe needs: a sparse probe stops
  // half way on average.
  private final long[] block;
  private final byte[] blockBytes; // the block's encoded deltas
  private int decoded; // rows of the block decoded into `block`
  private int bytePos; // where the next undecoded row starts in blockBytes
  private final long[] nextBlockRow; // the first row of the block after it, if there is one
  private long blockLeaf = -1;
  private int blockIndex;
  private int blockRows;
  private int leafRows;
  private int hint; // no row of the block before it is below the current probe's lo
  private final int[] scratch = new int[2];
  private long[] prefetch = new long[64];
  // What has been announced per level (node page, and the probe it reached), so a node visited
  // again for later probes is not announced again.
  private final long[] announcedPage = new long[BTree.MAX_DEPTH];
  private final int[] announcedEnd = new int[BTree.MAX_DEPTH];
  // True while run is under way: a lookup kept per thread (BTree) is reused only when idle.
  boolean running;

  BatchLookup(int width) {
    this.width = width;
    this.block = new long[LeafCodec.RESTART_EVERY * width];
    this.blockBytes = new byte[LeafCodec.maxDeltaBytes(width)];
    this.nextBlockRow = new long[width];
    this.low = new long[BTree.MAX_DEPTH + 1][width];
    this.high = new long[BTree.MAX_DEPTH + 1][width];
  }

  /** Looks the probes up in {@code tree} at {@code root}; lets go of the tree when done. */
  void run(BTree tree, long root, long[] los, long[] his, int n, RowSink sink) {
    this.tree = tree;
    this.pool = tree.pool;
    try {
      run(root, los, his, n, sink);
    } finally {
      this.tree = null;
      this.pool = null;
    }
  }

  private void run(long root, long[] los, long[] his, int n, RowSink sink) {
    if (root == BTree.EMPTY || n == 0) {
      return;
    }
    blockLeaf = -1; // a block kept from an earlier run may be of a page written since
    depth = 0;
    Arrays.fill(announcedPage, -1);
    hasLow[0] = false;
    hasHigh[0] = false;
    descend(root, los, 0, n);
    for (int i = 0; i < n; i++) {
      int at = i * width;
      int pos = inBlock(los, at);
      if (pos < 0) {
        if (!inRange(depth, los, at)) {
          int level = depth - 1;
          while (level > 0 && !inRange(level, los, at)) {
            level--;
          }
          depth = level;
          descend(pages[level], los, at, n);
        }
        load(-1, los, at);
        pos = lowerBound(0, los, at);
      }
      if (!emit(i, pos, his, at, sink)) {
        return;
      }
    }
  }

  private boolean inRange(int level, long[] key, int at) {
    return (!hasLow[level] || Rows.compare(low[level], 0, key, at, width) <= 0)
        && (!hasHigh[level] || Rows.compare(key, at, high[level], 0, width) < 0);
  }

  /**
   * From {@code page}, the node at level {@code depth}, down to the leaf for the key. A node's
   * level is read with its search, so each node on the way is read once.
   */
  private void descend(long page, long[] key, int at, int n) {
    for (; ; ) {
      int d = depth;
      pages[d] = page;
      long child = choose(d, key, at);
      if (child == LEAF) {
        leaf = page; // only a root can be a leaf here
        return;
      }
      depth++;
      announce(d, key, at, n);
      if (levels[d] == 1) {
        leaf = child;
        return;
      }
      page = child;
    }
  }

  private static final long LEAF = -1;

  /**
   * Picks the child of node {@code d} for the key, reading the node in place; records its range and
   * level. {@link #LEAF} if the node is a leaf.
   */
  private long choose(int d, long[] key, int at) {
    return enter(d, key, at, -1);
  }

  /**
   * Enters node {@code d}: picks child {@code i}, or with {@code key} the child that holds it, and
   * records the choice, the child's range and the node's level and size. {@link #LEAF} if the node
   * is a leaf.
   */
  private long enter(int d, long[] key, int at, int i) {
    for (; ; ) {
      long t = pool.readOptimistic(pages[d]);
      MemorySegment m = pool.memory();
      long base = pool.offset(BufferPool.frameOf(t));
      try {
        if (!InnerNode.isInner(m, base)) {
          if (pool.validate(t)) {
            return LEAF;
          }
          continue;
        }
        int level = InnerNode.level(m, base);
        int count = InnerNode.count(m, base);
        int c = key != null ? InnerNode.childIndex(m, base, width, key, at) : i;
        long child = InnerNode.child(m, base, c);
        bounds(d, m, base, count, c);
        if (pool.validate(t)) {
          levels[d] = level;
          counts[d] = count;
          index[d] = c;
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
   * Where the key falls among the rows of the block last decoded: the first row not below it, or -1
   * if it is outside the block. The search starts where the last probe's did ({@code hint}).
   */
  private int inBlock(long[] key, int at) {
    // A probe was found at hint > 0, so the block's first row is below this (later) key.
    if (blockLeaf != leaf
        || blockRows == 0
        || (hint == 0 && Rows.compare(block, 0, key, at, width) > 0)
        || (moreBlocks() && Rows.compare(nextBlockRow, 0, key, at, width) <= 0)) {
      return -1;
    }
    int pos = lowerBound(hint, key, at);
    return pos < blockRows ? pos : -1;
  }

  /**
   * Emits the rows of probe {@code probe} from row {@code pos} of the current block (its first row
   * not below lo) on, block by block, moving right through leaves while the range goes on.
   */
  private boolean emit(int probe, int pos, long[] his, int at, RowSink sink) {
    hint = pos;
    for (; ; ) {
      int n = blockRows;
      if (blockBelow(his, at)) { // a range scan's common case: no row of the block can pass hi
        for (; pos < n; pos++) {
          decodeTo(pos);
          if (!sink.accept(probe, block, pos * width)) {
            return false;
          }
        }
      }
      for (; pos < n; pos++) {
        decodeTo(pos);
        int c = Rows.compare(block, pos * width, his, at, width);
        if (c > 0) {
          return true;
        }
        if (!sink.accept(probe, block, pos * width)) {
          return false;
        }
        if (c == 0) {
          return true; // rows are unique: the next is past hi
        }
      }
      if (moreBlocks()) {
        load(blockIndex + 1, null, 0);
      } else if (!hasHigh[depth]
          || Rows.compare(high[depth], 0, his, at, width) > 0
          || !nextLeaf()) {
        return true; // the range ends in this leaf, or the tree does
      } else {
        load(0, null, 0);
      }
      pos = 0;
    }
  }

  /**
   * The first row of the block from {@code from} on that is not below the key: a binary search over
   * the rows decoded if the last of them is not below it, else decoding on until one is.
   */
  private int lowerBound(int from, long[] key, int at) {
    int lo = from;
    int hi = decoded - 1;
    if (lo > hi || Rows.compare(block, hi * width, key, at, width) < 0) {
      for (int k = Math.max(from, decoded); k < blockRows; k++) {
        decodeTo(k);
        if (Rows.compare(block, k * width, key, at, width) >= 0) {
          return k;
        }
      }
      return blockRows;
    }
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Rows.compare(block, mid * width, key, at, width) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /**
   * Decodes block {@code b} of the current leaf, or, if negative, the one that may hold the key.
   */
  private void load(int b, long[] key, int at) {
    int from =
        b < 0 && blockLeaf == leaf && blockRows > 0 && Rows.compare(block, 0, key, at, width) <= 0
            ? blockIndex
            : 0;
    blockRows =
        tree.reader.readBlock(leaf, b, from, key, at, block, blockBytes, scratch, nextBlockRow);
    leafRows = scratch[0];
    blockIndex = scratch[1];
    blockLeaf = leaf;
    decoded = Math.min(1, blockRows);
    bytePos = 0;
    hint = 0;
  }

  /**
   * True if every row of the current block lies below {@code hi}: they lie below the next block's
   * first row, or, in the leaf's last block, below the leaf's upper bound. One comparison for the
   * block instead of one per row.
   */
  private boolean blockBelow(long[] his, int at) {
    if (moreBlocks()) {
      return Rows.compare(nextBlockRow, 0, his, at, width) <= 0;
    }
    return hasHigh[depth] && Rows.compare(high[depth], 0, his, at, width) <= 0;
  }

  /** True if the leaf has a block after the current one. */
  private boolean moreBlocks() {
    return (blockIndex + 1) * LeafCodec.RESTART_EVERY < leafRows;
  }

  /** Decodes the block's rows up to row {@code k}. */
  private void decodeTo(int k) {
    while (decoded <= k) {
      bytePos =
          LeafCodec.applyDelta(
              blockBytes, bytePos, block, (decoded - 1) * width, decoded * width, width);
      decoded++;
    }
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
    while (levels[depth - 1] > 1) {
      int lv = depth++;
      pages[lv] = page;
      page = childAt(lv, 0);
    }
    leaf = page;
    return true;
  }

  /** Child {@code i} of inner node {@code d}, recording it as the chosen one and its range. */
  private long childAt(int d, int i) {
    return enter(d, null, 0, i);
  }

  /**
   * Tells the pool which children of node {@code d} the probes from {@code at} on will need. One
   * child's probes are passed over by a galloping search for its upper separator, so the cost is
   * per child reached, not per probe (a batch of clustered probes reaches few).
   */
  private void announce(int d, long[] probes, int at, int n) {
    if (announcedPage[d] == pages[d] && at / width < announcedEnd[d]) {
      return;
    }
    long t = pool.readOptimistic(pages[d]);
    MemorySegment m = pool.memory();
    long base = pool.offset(BufferPool.frameOf(t));
    int found = 0;
    int p = at / width;
    int end = Math.min(n, p + LOOKAHEAD);
    try {
      int count = InnerNode.count(m, base);
      while (p < end) {
        if (hasHigh[d] && Rows.compare(probes, p * width, high[d], 0, width) >= 0) {
          break;
        }
        int c = InnerNode.childIndex(m, base, width, probes, p * width);
        if (found == prefetch.length) {
          prefetch = Arrays.copyOf(prefetch, found * 2);
        }
        prefetch[found++] = InnerNode.child(m, base, c);
        p = c == count ? end : firstNotBelow(m, base, c, probes, p + 1, end);
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

  /** The first probe in {@code [from, end)} not below separator {@code i}: gallop, then bisect. */
  private int firstNotBelow(MemorySegment m, long base, int i, long[] probes, int from, int end) {
    int step = 1;
    int lo = from; // every probe before lo is below the separator
    while (lo + step - 1 < end
        && InnerNode.compareKey(m, base, width, i, probes, (lo + step - 1) * width) > 0) {
      lo += step;
      step <<= 1;
    }
    int hi = Math.min(end, lo + step - 1); // the answer is in [lo, hi]
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (InnerNode.compareKey(m, base, width, i, probes, mid * width) > 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
}
