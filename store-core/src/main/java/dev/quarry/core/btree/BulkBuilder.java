package dev.quarry.core.btree;

import java.util.Arrays;

/**
 * Builds a tree bottom-up from ascending rows: fills each leaf as full as it will go, writes the
 * leaves in allocation order (consecutive pages of the owner's extents), then builds each inner
 * level the same way over the first keys of the level below.
 */
final class BulkBuilder {
  private final BTree tree;
  private final PageAllocator alloc;
  private final int width;

  // The level above the leaves, growing: first key and page of each node.
  private long[] firstKeys = new long[1024];
  private long[] pages = new long[256];
  private int nodes;

  BulkBuilder(BTree tree, PageAllocator alloc) {
    this.tree = tree;
    this.alloc = alloc;
    this.width = tree.width;
  }

  long build(BTree.RowSource source) {
    long[] rows = new long[BTree.MAX_LEAF_ROWS * width];
    long[] row = new long[width];
    int count = 0;
    int bytes = 0; // encoded size of rows[0..count)
    long last = -1;
    boolean any = source.next(row);
    if (!any) {
      return BTree.EMPTY;
    }
    while (any) {
      if (count > 0 && Rows.compare(rows, (count - 1) * width, row, 0, width) >= 0) {
        throw new IllegalArgumentException(
            "bulk build rows must be strictly ascending: "
                + Arrays.toString(Arrays.copyOfRange(rows, (count - 1) * width, count * width))
                + " then "
                + Arrays.toString(row));
      }
      System.arraycopy(row, 0, rows, count * width, width);
      int add =
          LeafCodec.entrySize(rows, count, 0, width)
              + (count % LeafCodec.RESTART_EVERY == 0 ? LeafCodec.RESTART_BYTES : 0);
      if (bytes + add > LeafCodec.capacity() || count == BTree.MAX_LEAF_ROWS - 1) {
        last = flushLeaf(rows, count, last);
        System.arraycopy(row, 0, rows, 0, width);
        count = 0;
        bytes = 0;
        add = LeafCodec.entrySize(rows, 0, 0, width) + LeafCodec.RESTART_BYTES;
      }
      bytes += add;
      count++;
      any = source.next(row);
    }
    flushLeaf(rows, count, last);
    return buildInnerLevels();
  }

  private long flushLeaf(long[] rows, int count, long previous) {
    long page = previous < 0 ? alloc.allocate() : alloc.allocateNear(previous);
    tree.writeLeaf(alloc, page, rows, 0, count);
    add(rows, 0, page);
    return page;
  }

  private void add(long[] key, int at, long page) {
    if (nodes == pages.length) {
      pages = Arrays.copyOf(pages, nodes * 2);
      firstKeys = Arrays.copyOf(firstKeys, nodes * 2 * width);
    }
    if (firstKeys.length < (nodes + 1) * width) {
      firstKeys = Arrays.copyOf(firstKeys, (nodes + 1) * width * 2);
    }
    System.arraycopy(key, at, firstKeys, nodes * width, width);
    pages[nodes++] = page;
  }

  /** Builds levels above the current one until one node remains; returns it. */
  private long buildInnerLevels() {
    int level = 1;
    int cap = InnerNode.capacity(width);
    while (nodes > 1) {
      long[] childKeys = firstKeys;
      long[] childPages = pages;
      int childCount = nodes;
      firstKeys = new long[Math.max(16, (childCount / cap + 2) * width)];
      pages = new long[Math.max(16, childCount / cap + 2)];
      nodes = 0;
      long previous = -1;
      for (int i = 0; i < childCount; ) {
        int take = Math.min(cap + 1, childCount - i);
        if (childCount - i - take == 1) {
          take--; // never leave a last node with one child if we can share
        }
        long page = previous < 0 ? alloc.allocate() : alloc.allocateNear(previous);
        // Separators are the first keys of children 1..take-1.
        tree.writeInner(alloc, page, level, childKeys, i + 1, childPages, i, take - 1);
        add(childKeys, i * width, page);
        previous = page;
        i += take;
      }
      level++;
    }
    return pages[0];
  }
}
