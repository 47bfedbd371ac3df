package dev.quarry.core.btree;

import dev.quarry.core.buffer.BufferPool;
import java.util.Arrays;

/**
 * One row added to or removed from a {@link BTree}, copy-on-write: the leaf it falls into is
 * rewritten (split in two if it overflows, released if emptied) and each inner node on the path up
 * takes the replacement, splitting in turn; a root split makes a new root, and an inner root left
 * with one child gives way to it. Batches of sorted rows go through {@link BatchChange}.
 */
final class RowChange {
  private final BTree tree;
  private final PageAllocator alloc;
  private final NodeReader reader;
  private final int width;
  private final boolean insert;

  private RowChange(BTree tree, PageAllocator alloc, boolean insert) {
    this.tree = tree;
    this.alloc = alloc;
    this.reader = tree.reader;
    this.width = tree.width;
    this.insert = insert;
  }

  /** Adds ({@code insert}) or removes {@code row}; returns the new root. */
  static long run(BTree tree, PageAllocator alloc, long root, long[] row, boolean insert) {
    return new RowChange(tree, alloc, insert).change(root, row);
  }

  private long change(long root, long[] row) {
    if (root == BTree.EMPTY) {
      if (!insert) {
        return BTree.EMPTY;
      }
      long page = alloc.allocate();
      tree.writeLeaf(alloc, page, row, 0, 1);
      return page;
    }
    long[] pathPage = new long[BTree.MAX_DEPTH];
    int[] pathIndex = new int[BTree.MAX_DEPTH];
    int depth = 0;
    long page = root;
    while (reader.level(page) > 0) {
      pathPage[depth] = page;
      pathIndex[depth] = childIndex(page, row);
      page = tree.childAt(page, pathIndex[depth]);
      depth++;
    }
    int[] n = new int[1];
    long[] rows = reader.readLeaf(page, new long[0], n);
    int count = n[0];
    int pos = Rows.search(rows, count, width, row, 0);
    if (insert == (pos >= 0)) {
      return root; // already there, or not there to delete
    }
    long[] changed;
    int newCount;
    if (insert) {
      int at = -pos - 1;
      changed = new long[(count + 1) * width];
      System.arraycopy(rows, 0, changed, 0, at * width);
      System.arraycopy(row, 0, changed, at * width, width);
      System.arraycopy(rows, at * width, changed, (at + 1) * width, (count - at) * width);
      newCount = count + 1;
    } else {
      changed = new long[Math.max(0, count - 1) * width];
      System.arraycopy(rows, 0, changed, 0, pos * width);
      System.arraycopy(rows, (pos + 1) * width, changed, pos * width, (count - pos - 1) * width);
      newCount = count - 1;
    }
    Replacement r = rewriteLeaf(page, changed, newCount);
    for (int d = depth - 1; d >= 0; d--) {
      r = rewriteInner(pathPage[d], pathIndex[d], r);
    }
    if (r.pages == 0) {
      return BTree.EMPTY;
    }
    long newRoot = r.page0;
    if (r.pages == 2) {
      long top = alloc.allocateNear(r.page0);
      long[] k = Arrays.copyOf(r.separator, width);
      tree.writeInner(
          alloc, top, reader.level(r.page0) + 1, k, 0, new long[] {r.page0, r.page1}, 0, 1);
      return top;
    }
    // An inner root left with one child is replaced by that child.
    while (reader.level(newRoot) > 0 && tree.innerCount(newRoot) == 0) {
      long child = tree.childAt(newRoot, 0);
      alloc.release(newRoot);
      newRoot = child;
    }
    return newRoot;
  }

  /** What replaces a node on the way up: nothing (emptied), one page, or two with a separator. */
  private record Replacement(int pages, long page0, long page1, long[] separator) {}

  private Replacement rewriteLeaf(long page, long[] rows, int count) {
    if (count == 0) {
      alloc.release(page);
      return new Replacement(0, BTree.EMPTY, BTree.EMPTY, null);
    }
    if (LeafCodec.size(rows, 0, count, width) <= LeafCodec.capacity()) {
      long target = alloc.writable(page);
      tree.writeLeaf(alloc, target, rows, 0, count);
      return new Replacement(1, target, BTree.EMPTY, null);
    }
    int mid = splitPoint(rows, count);
    long left = alloc.writable(page);
    tree.writeLeaf(alloc, left, rows, 0, mid);
    long right = alloc.allocateNear(left);
    tree.writeLeaf(alloc, right, rows, mid, count);
    return new Replacement(
        2, left, right, Arrays.copyOfRange(rows, mid * width, mid * width + width));
  }

  /** A split point near the middle by bytes, so both halves fit. */
  private int splitPoint(long[] rows, int count) {
    int total = LeafCodec.size(rows, 0, count, width);
    int acc = 0;
    for (int i = 0; i < count; i++) {
      acc += LeafCodec.entrySize(rows, i, 0, width);
      if (acc >= total / 2) {
        return Math.max(1, Math.min(count - 1, i + 1));
      }
    }
    return count / 2;
  }

  private Replacement rewriteInner(long page, int childIdx, Replacement r) {
    long[] keys = new long[(InnerNode.capacity(width) + 2) * width];
    long[] children = new long[InnerNode.capacity(width) + 3];
    int n = reader.readInner(page, keys, children);
    int level = reader.level(page);
    if (r.pages == 0) {
      // Remove the child and one separator next to it.
      int keyGone = childIdx > 0 ? childIdx - 1 : 0;
      if (n == 0) {
        alloc.release(page);
        return new Replacement(0, BTree.EMPTY, BTree.EMPTY, null);
      }
      System.arraycopy(children, childIdx + 1, children, childIdx, n - childIdx);
      System.arraycopy(
          keys, (keyGone + 1) * width, keys, keyGone * width, (n - keyGone - 1) * width);
      n--;
    } else {
      children[childIdx] = r.page0;
      if (r.pages == 2) {
        System.arraycopy(children, childIdx + 1, children, childIdx + 2, n - childIdx);
        children[childIdx + 1] = r.page1;
        System.arraycopy(
            keys, childIdx * width, keys, (childIdx + 1) * width, (n - childIdx) * width);
        System.arraycopy(r.separator, 0, keys, childIdx * width, width);
        n++;
      }
    }
    int cap = InnerNode.capacity(width);
    if (n <= cap) {
      long target = alloc.writable(page);
      tree.writeInner(alloc, target, level, keys, 0, children, 0, n);
      return new Replacement(1, target, BTree.EMPTY, null);
    }
    int mid = n / 2; // key mid moves up
    long left = alloc.writable(page);
    tree.writeInner(alloc, left, level, keys, 0, children, 0, mid);
    long right = alloc.allocateNear(left);
    tree.writeInner(alloc, right, level, keys, mid + 1, children, mid + 1, n - mid - 1);
    return new Replacement(
        2, left, right, Arrays.copyOfRange(keys, mid * width, mid * width + width));
  }

  private int childIndex(long page, long[] key) {
    for (; ; ) {
      long t = tree.pool.readOptimistic(page);
      int i =
          InnerNode.childIndex(
              tree.pool.memory(), tree.pool.offset(BufferPool.frameOf(t)), width, key, 0);
      if (tree.pool.validate(t)) {
        return i;
      }
    }
  }
}
