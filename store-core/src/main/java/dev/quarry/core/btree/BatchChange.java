package dev.quarry.core.btree;

import java.util.Arrays;

/**
 * Inserts many sorted rows into a tree in one pass down it: each leaf the rows fall into is read,
 * merged with all of its new rows and written once (split into as many leaves as the result needs),
 * and each inner node on the way is rewritten once with its new children. One row at a time costs a
 * leaf's decode and encode per row; in a batch that cost is shared by every row the leaf takes,
 * which is what makes an update of thousands of quads cheap.
 *
 * <p>Pages are rewritten copy-on-write as {@link BTree#insert} does: in place if this transaction
 * made them, else to a new page, the old one released.
 */
final class BatchChange {
  private final BTree tree;
  private final PageAllocator alloc;
  private final int width;
  private final long[] sorted;
  private final int n;
  private final boolean insert;

  /** The nodes that replace one node: their pages, and the first key of each but the first. */
  private static final class Level {
    long[] pages = new long[4];
    long[] separators = new long[16];
    int count;

    void add(long page, long[] key, int keyAt, int width) {
      if (count == pages.length) {
        pages = Arrays.copyOf(pages, count * 2);
      }
      if (separators.length < (count + 1) * width) {
        separators = Arrays.copyOf(separators, (count + 1) * width * 2);
      }
      if (count > 0) {
        System.arraycopy(key, keyAt, separators, (count - 1) * width, width);
      }
      pages[count++] = page;
    }
  }

  private BatchChange(BTree tree, PageAllocator alloc, long[] sorted, int n, boolean insert) {
    this.tree = tree;
    this.alloc = alloc;
    this.width = tree.width;
    this.sorted = sorted;
    this.n = n;
    this.insert = insert;
  }

  /** Removes {@code sorted[0, n)} (ascending, no repeats; absent rows ignored); the new root. */
  static long remove(BTree tree, PageAllocator alloc, long root, long[] sorted, int n) {
    if (n == 0 || root == BTree.EMPTY) {
      return root;
    }
    BatchChange b = new BatchChange(tree, alloc, sorted, n, false);
    int level = tree.reader.level(root);
    Level top = b.apply(root, 0, n);
    if (top.count == 0) {
      return BTree.EMPTY;
    }
    // Removing rows can split a node too: a removed row leaves its neighbours' difference, which
    // may take more bytes, and the rows after it fall on other restarts; a full leaf then no
    // longer fits one page. A root that split grows the tree, as an insert's does.
    while (top.count > 1) {
      top = b.writeInners(++level, top.pages, top.separators, top.count, BTree.EMPTY);
    }
    long newRoot = top.pages[0];
    // A root left with one child is replaced by that child.
    while (tree.reader.level(newRoot) > 0 && tree.innerCount(newRoot) == 0) {
      long child = tree.childAt(newRoot, 0);
      alloc.release(newRoot);
      newRoot = child;
    }
    return newRoot;
  }

  /** Inserts {@code sorted[0, n)} (ascending, no repeats) into the tree at {@code root}. */
  static long run(BTree tree, PageAllocator alloc, long root, long[] sorted, int n) {
    if (n == 0) {
      return root;
    }
    if (root == BTree.EMPTY) {
      int[] i = {0};
      int w = tree.width;
      return tree.bulkBuild(
          alloc,
          row -> {
            if (i[0] == n) {
              return false;
            }
            System.arraycopy(sorted, i[0]++ * w, row, 0, w);
            return true;
          });
    }
    BatchChange b = new BatchChange(tree, alloc, sorted, n, true);
    Level top = b.apply(root, 0, n);
    int level = tree.reader.level(root);
    while (top.count > 1) { // the root split: grow the tree
      top = b.writeInners(++level, top.pages, top.separators, top.count, BTree.EMPTY);
    }
    return top.pages[0];
  }

  /** Inserts rows {@code [from, to)} (all within this node's key range) under {@code page}. */
  private Level apply(long page, int from, int to) {
    int level = tree.reader.level(page);
    if (level == 0) {
      return mergeLeaf(page, from, to);
    }
    int cap = InnerNode.capacity(width);
    long[] keys = new long[(cap + 2) * width];
    long[] children = new long[cap + 3];
    int keyCount = tree.reader.readInner(page, keys, children);
    // The new children and keys: untouched children kept, touched ones replaced by their level.
    long[] outChildren = new long[keyCount + 1 + 16];
    long[] outKeys = new long[(keyCount + 16) * width];
    int outN = 0;
    int at = from;
    boolean changed = false;
    for (int c = 0; c <= keyCount; c++) {
      int end = at;
      while (end < to
          && (c == keyCount || Rows.compare(sorted, end * width, keys, c * width, width) < 0)) {
        end++;
      }
      long[][] grown = {outChildren, outKeys};
      if (end == at) {
        outN = put(grown, outN, children[c], keys, c - 1, null, 0);
      } else {
        Level r = apply(children[c], at, end);
        changed |= r.count != 1 || r.pages[0] != children[c];
        if (r.count == 0) { // emptied: the child goes, and the key before it with it
          at = end;
          continue;
        }
        outN = put(grown, outN, r.pages[0], keys, c - 1, null, 0);
        for (int i = 1; i < r.count; i++) {
          outN = put(grown, outN, r.pages[i], null, 0, r.separators, i - 1);
        }
      }
      outChildren = grown[0];
      outKeys = grown[1];
      at = end;
    }
    if (!changed) {
      Level same = new Level();
      same.add(page, keys, 0, width);
      return same;
    }
    if (outN == 0) {
      alloc.release(page);
      return new Level();
    }
    return writeInners(level, outChildren, outKeys, outN, page);
  }

  /**
   * Appends a child to the node being assembled, with the key before it (none before the first):
   * from {@code keys[keyIdx]}, or else from {@code seps[sepIdx]}. Grows the arrays in {@code out}.
   */
  private int put(
      long[][] out, int count, long child, long[] keys, int keyIdx, long[] seps, int sepIdx) {
    if (out[0].length == count) {
      out[0] = Arrays.copyOf(out[0], count * 2);
    }
    if (out[1].length < (count + 1) * width) {
      out[1] = Arrays.copyOf(out[1], (count + 1) * width * 2);
    }
    if (count > 0) {
      if (seps != null) {
        System.arraycopy(seps, sepIdx * width, out[1], (count - 1) * width, width);
      } else {
        System.arraycopy(keys, keyIdx * width, out[1], (count - 1) * width, width);
      }
    }
    out[0][count] = child;
    return count + 1;
  }

  /**
   * Writes {@code count} children (with {@code count - 1} keys between them) as inner nodes of
   * {@code level}, as few as fit; the first reuses {@code page} when there is one.
   */
  private Level writeInners(int level, long[] children, long[] keys, int count, long page) {
    int cap = InnerNode.capacity(width); // keys per node; children one more
    Level out = new Level();
    int nodes = (count + cap) / (cap + 1); // ceil(count / (cap + 1))
    int per = (count + nodes - 1) / nodes; // children per node, spread evenly
    long previous = BTree.EMPTY;
    for (int first = 0; first < count; first += per) {
      int k = Math.min(per, count - first);
      long target =
          first == 0 && page != BTree.EMPTY
              ? alloc.writable(page)
              : alloc.allocateNear(previous != BTree.EMPTY ? previous : children[first]);
      tree.writeInner(alloc, target, level, keys, first, children, first, k - 1);
      // The key between this node and the one before it moves up.
      out.add(target, keys, (first - 1) * width, width);
      previous = target;
    }
    return out;
  }

  /** Merges rows {@code [from, to)} into the leaf at {@code page}; writes one or more leaves. */
  private Level mergeLeaf(long page, int from, int to) {
    int[] cnt = new int[1];
    long[] old = tree.reader.readLeaf(page, new long[0], cnt);
    int oldN = cnt[0];
    long[] rows = new long[(oldN + to - from) * width];
    int m = 0;
    int i = 0;
    int j = from;
    while (i < oldN || j < to) {
      int c = i == oldN ? 1 : j == to ? -1 : Rows.compare(old, i * width, sorted, j * width, width);
      if (c < 0) {
        System.arraycopy(old, i++ * width, rows, m++ * width, width);
      } else if (c == 0) { // there already: kept when inserting, dropped when removing
        if (insert) {
          System.arraycopy(old, i * width, rows, m++ * width, width);
        }
        i++;
        j++;
      } else {
        if (insert) {
          System.arraycopy(sorted, j * width, rows, m++ * width, width);
        }
        j++; // when removing: not there, nothing to do
      }
    }
    Level out = new Level();
    if (m == oldN) { // nothing new, nothing removed: the leaf stays as it is
      out.add(page, rows, 0, width);
      return out;
    }
    if (m == 0) {
      alloc.release(page);
      return out;
    }
    if (LeafCodec.size(rows, 0, m, width) <= LeafCodec.capacity() && m < BTree.MAX_LEAF_ROWS) {
      out.add(writeLeaf(alloc.writable(page), rows, 0, m), rows, 0, width);
      return out;
    }
    // Too much for one leaf: fill leaves in order; the last two share what is left, so neither is
    // nearly empty.
    int start = 0;
    long previous = BTree.EMPTY;
    while (start < m) {
      int end = fill(rows, start, m);
      if (end < m && fill(rows, end, m) == m && m - end < (end - start) / 2) {
        int half = start + (m - start) / 2; // rebalance the last two, if both halves fit
        if (fill(rows, start, half) == half && fill(rows, half, m) == m) {
          end = half;
        }
      }
      long target = previous == BTree.EMPTY ? alloc.writable(page) : alloc.allocateNear(previous);
      out.add(writeLeaf(target, rows, start, end), rows, start * width, width);
      previous = target;
      start = end;
    }
    return out;
  }

  /** The end of the longest run of rows from {@code start} that fits one leaf. */
  private int fill(long[] rows, int start, int m) {
    int bytes = 0;
    int i = start;
    while (i < m && i - start < BTree.MAX_LEAF_ROWS - 1) {
      int add =
          LeafCodec.entrySize(rows, i, start, width)
              + ((i - start) % LeafCodec.RESTART_EVERY == 0 ? LeafCodec.RESTART_BYTES : 0);
      if (bytes + add > LeafCodec.capacity()) {
        break;
      }
      bytes += add;
      i++;
    }
    return Math.max(i, start + 1);
  }

  private long writeLeaf(long page, long[] rows, int from, int to) {
    tree.writeLeaf(alloc, page, rows, from, to);
    return page;
  }
}
