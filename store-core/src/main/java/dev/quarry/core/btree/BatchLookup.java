package dev.quarry.core.btree;

import java.util.Arrays;

/**
 * A vectored lookup: a batch of probes, each a range {@code [lo, hi]} of rows (a point when lo =
 * hi; a range on the last bound column otherwise), sorted by lo. The tree is descended once; for
 * each next probe, the lookup first checks whether it falls in the current leaf, then in the
 * current parent, and so on up, and descends again only from the lowest node whose key range holds
 * it. Entering an inner node, it tells the buffer pool which of its children the rest of the batch
 * will need, so they are read ahead together, in page order.
 */
final class BatchLookup {
  private static final int LOOKAHEAD = 1024;

  private final BTree tree;
  private final int width;
  private final long[][] keys = new long[BTree.MAX_DEPTH][];
  private final long[][] children = new long[BTree.MAX_DEPTH][];
  private final int[] counts = new int[BTree.MAX_DEPTH];
  private final int[] index = new int[BTree.MAX_DEPTH];
  // Key range of the node at each level: [low, high); null = unbounded.
  private final long[][] low = new long[BTree.MAX_DEPTH + 1][];
  private final long[][] high = new long[BTree.MAX_DEPTH + 1][];
  private int depth; // inner levels on the stack
  private long[] rows;
  private int rowCount;
  private final int[] scratch = new int[1];
  private long[] prefetch = new long[64];

  BatchLookup(BTree tree) {
    this.tree = tree;
    this.width = tree.width;
    this.rows = new long[0];
  }

  void run(long root, long[] los, long[] his, int n, RowSink sink) {
    if (root == BTree.EMPTY || n == 0) {
      return;
    }
    depth = 0;
    descend(root, los, 0, null, null, los, n);
    for (int i = 0; i < n; i++) {
      int at = i * width;
      if (!inLeaf(los, at)) {
        int level = depth - 1;
        while (level >= 0 && !inRange(level, los, at)) {
          level--;
        }
        if (level < 0) {
          depth = 0;
          descend(root, los, at, null, null, los, n);
        } else {
          depth = level + 1;
          reposition(level, los, at, n);
        }
      }
      if (!emit(i, los, his, at, sink)) {
        return;
      }
    }
  }

  /** Emits the rows of probe {@code i}, moving right through leaves while the range goes on. */
  private boolean emit(int probe, long[] los, long[] his, int at, RowSink sink) {
    int pos = Rows.lowerBound(rows, rowCount, width, los, at);
    for (; ; ) {
      for (; pos < rowCount; pos++) {
        if (Rows.compare(rows, pos * width, his, at, width) > 0) {
          return true;
        }
        if (!sink.accept(probe, rows, pos * width)) {
          return false;
        }
      }
      // The range may go on in the next leaf.
      long[] leafHigh = high[depth];
      if (leafHigh == null || Rows.compare(leafHigh, 0, his, at, width) > 0 || !nextLeaf()) {
        return true;
      }
      pos = 0;
    }
  }

  private boolean inLeaf(long[] key, int at) {
    return (low[depth] == null || Rows.compare(low[depth], 0, key, at, width) <= 0)
        && (high[depth] == null || Rows.compare(key, at, high[depth], 0, width) < 0);
  }

  private boolean inRange(int level, long[] key, int at) {
    return (low[level] == null || Rows.compare(low[level], 0, key, at, width) <= 0)
        && (high[level] == null || Rows.compare(key, at, high[level], 0, width) < 0);
  }

  /** Reads {@code page} (at stack level {@code depth}) and descends to the leaf for the key. */
  private void descend(long page, long[] key, int at, long[] lo, long[] hi, long[] probes, int n) {
    low[depth] = lo;
    high[depth] = hi;
    while (tree.reader.isInner(page, scratch)) {
      int level = depth++;
      if (keys[level] == null) {
        keys[level] = new long[(InnerNode.capacity(width) + 1) * width];
        children[level] = new long[InnerNode.capacity(width) + 2];
      }
      counts[level] = tree.reader.readInner(page, keys[level], children[level]);
      announce(level, probes, at, n);
      page = childFor(level, key, at);
    }
    loadLeaf(page);
  }

  /** Descends from the node at {@code level} (already on the stack) to the leaf for the key. */
  private void reposition(int level, long[] key, int at, int n) {
    long page = childFor(level, key, at);
    long[] lo = low[depth];
    long[] hi = high[depth];
    depth = level + 1;
    low[depth] = lo;
    high[depth] = hi;
    descend(page, key, at, low[depth], high[depth], key, n);
  }

  /** Picks the child of the node at {@code level} for the key, and records its range. */
  private long childFor(int level, long[] key, int at) {
    int i = upperBound(keys[level], counts[level], key, at);
    index[level] = i;
    low[level + 1] =
        i > 0 ? Arrays.copyOfRange(keys[level], (i - 1) * width, i * width) : low[level];
    high[level + 1] =
        i < counts[level]
            ? Arrays.copyOfRange(keys[level], i * width, (i + 1) * width)
            : high[level];
    return children[level][i];
  }

  private boolean nextLeaf() {
    int level = depth - 1;
    while (level >= 0 && index[level] >= counts[level]) {
      level--;
    }
    if (level < 0) {
      return false;
    }
    int i = index[level] + 1;
    index[level] = i;
    low[level + 1] = Arrays.copyOfRange(keys[level], (i - 1) * width, i * width);
    high[level + 1] =
        i < counts[level]
            ? Arrays.copyOfRange(keys[level], i * width, (i + 1) * width)
            : high[level];
    depth = level + 1;
    long page = children[level][i];
    while (tree.reader.isInner(page, scratch)) {
      int lv = depth++;
      counts[lv] = tree.reader.readInner(page, keys[lv], children[lv]);
      index[lv] = 0;
      low[lv + 1] = low[lv];
      high[lv + 1] = counts[lv] > 0 ? Arrays.copyOfRange(keys[lv], 0, width) : high[lv];
      page = children[lv][0];
    }
    loadLeaf(page);
    return true;
  }

  private void loadLeaf(long page) {
    rows = tree.reader.readLeaf(page, rows, scratch);
    rowCount = scratch[0];
  }

  /** Tells the pool which children of this node the probes from {@code at} on will need. */
  private void announce(int level, long[] probes, int at, int n) {
    int found = 0;
    int last = -1;
    for (int p = at / width; p < n && p < at / width + LOOKAHEAD; p++) {
      if (high[level] != null && Rows.compare(probes, p * width, high[level], 0, width) >= 0) {
        break;
      }
      int c = upperBound(keys[level], counts[level], probes, p * width);
      if (c != last) {
        if (found == prefetch.length) {
          prefetch = Arrays.copyOf(prefetch, found * 2);
        }
        prefetch[found++] = children[level][c];
        last = c;
      }
    }
    if (found > 1) {
      long[] pages = Arrays.copyOf(prefetch, found);
      Arrays.sort(pages);
      tree.pool.prefetch(pages, found);
    }
  }

  private int upperBound(long[] ks, int count, long[] key, int at) {
    int lo = 0;
    int hi = count - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (Rows.compare(ks, mid * width, key, at, width) <= 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }
}
