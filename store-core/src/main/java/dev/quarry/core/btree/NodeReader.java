package dev.quarry.core.btree;

import dev.quarry.core.buffer.BufferPool;
import java.lang.foreign.MemorySegment;

/**
 * Reads nodes through optimistic reads of the buffer pool. Tree pages reachable from a snapshot's
 * root never change (copy-on-write), so a read fails validation only when the frame was evicted and
 * reused meanwhile; then it is simply read again. A torn read can throw, which is then taken as a
 * failed validation too.
 */
final class NodeReader {
  private final BufferPool pool;
  private final int width;

  NodeReader(BufferPool pool, int width) {
    this.pool = pool;
    this.width = width;
  }

  /** Descends from {@code root} to the leaf that holds {@code key}. */
  long leafFor(long root, long[] key, int keyAt) {
    long page = root;
    for (; ; ) {
      long t = pool.readOptimistic(page);
      MemorySegment m = pool.memory();
      long base = pool.offset(BufferPool.frameOf(t));
      long child;
      try {
        if (!InnerNode.isInner(m, base)) {
          if (pool.validate(t)) {
            return page;
          }
          continue;
        }
        child = InnerNode.child(m, base, InnerNode.childIndex(m, base, width, key, keyAt));
      } catch (RuntimeException e) {
        if (pool.validate(t)) {
          throw e;
        }
        continue;
      }
      if (pool.validate(t)) {
        page = child;
      }
    }
  }

  /** True if leaf {@code page} holds {@code key}; {@code row} is scratch of {@code width} longs. */
  boolean leafContains(long page, long[] key, int keyAt, long[] row) {
    for (; ; ) {
      long t = pool.readOptimistic(page);
      MemorySegment m = pool.memory();
      long base = pool.offset(BufferPool.frameOf(t));
      try {
        boolean found = LeafCodec.contains(m, base, width, key, keyAt, row);
        if (pool.validate(t)) {
          return found;
        }
      } catch (RuntimeException e) {
        if (pool.validate(t)) {
          throw e;
        }
      }
    }
  }

  /**
   * Decodes the whole leaf into {@code buf} (grown if needed); returns it; count in {@code n[0]}.
   */
  long[] readLeaf(long page, long[] buf, int[] n) {
    for (; ; ) {
      long t = pool.readOptimistic(page);
      MemorySegment m = pool.memory();
      long base = pool.offset(BufferPool.frameOf(t));
      try {
        int count = LeafCodec.count(m, base);
        long[] out = LeafCodec.decodeAll(m, base, buf);
        if (pool.validate(t)) {
          n[0] = count;
          return out;
        }
      } catch (RuntimeException e) {
        if (pool.validate(t)) {
          throw e;
        }
      }
    }
  }

  /**
   * Decodes restart block {@code block} (rows {@code 16 * block ..}, at most 16) of a leaf into
   * {@code buf}, or, if {@code block} is negative, the block that may hold {@code key} (searching
   * from block {@code known}, whose first row is known to be <= key, or 0); returns the rows
   * decoded, 0 past the last block. {@code info} gets the leaf's row count and the block; {@code
   * bytes} is the caller's scratch ({@link LeafCodec#maxDeltaBytes}). With {@code next} given, only
   * the block's first row is decoded and its deltas are left in {@code bytes} for the caller, the
   * next block's first row (if the block is not the last) in {@code next}: {@link
   * LeafCodec#copyBlock}.
   */
  int readBlock(
      long page,
      int block,
      int known,
      long[] key,
      int keyAt,
      long[] buf,
      byte[] bytes,
      int[] info,
      long[] next) {
    for (; ; ) {
      long t = pool.readOptimistic(page);
      MemorySegment m = pool.memory();
      long base = pool.offset(BufferPool.frameOf(t));
      try {
        int count = LeafCodec.count(m, base);
        int b = block;
        if (b < 0) {
          b =
              count == 0
                  ? 0
                  : LeafCodec.restartBefore(m, base, width, key, keyAt, known)
                      / LeafCodec.RESTART_EVERY;
        }
        int from = b * LeafCodec.RESTART_EVERY;
        int n = Math.max(0, Math.min(LeafCodec.RESTART_EVERY, count - from));
        if (n > 0 && next != null) {
          LeafCodec.copyBlock(m, base, width, b, buf, bytes, next);
        } else if (n > 0) {
          LeafCodec.decodeBlock(m, base, width, b, n, buf, bytes);
        }
        if (pool.validate(t)) {
          info[0] = count;
          info[1] = b;
          return n;
        }
      } catch (RuntimeException e) {
        if (pool.validate(t)) {
          throw e;
        }
      }
    }
  }

  /** Reads a value out of a page in place; run again if the optimistic read fails validation. */
  @FunctionalInterface
  interface PageRead {
    long read(MemorySegment m, long base);
  }

  /**
   * Runs {@code f} on the page under an optimistic read until it validates (a torn read that throws
   * counts as a failed validation). For the paths not hot enough to be written out by hand.
   */
  long optimistic(long page, PageRead f) {
    for (; ; ) {
      long t = pool.readOptimistic(page);
      try {
        long v = f.read(pool.memory(), pool.offset(BufferPool.frameOf(t)));
        if (pool.validate(t)) {
          return v;
        }
      } catch (RuntimeException e) {
        if (pool.validate(t)) {
          throw e;
        }
      }
    }
  }

  /**
   * Child {@code i} of inner node {@code page}; the node's separator count goes to {@code
   * count[0]}, and separator {@code i - 1} (the child's lower bound) to {@code low} if {@code i >
   * 0}.
   */
  long child(long page, int i, int[] count, long[] low) {
    return optimistic(
        page,
        (m, base) -> {
          count[0] = InnerNode.count(m, base);
          for (int c = 0; i > 0 && c < width; c++) {
            low[c] = InnerNode.key(m, base, width, i - 1, c);
          }
          return InnerNode.child(m, base, i);
        });
  }

  /** The child of inner node {@code page} that holds {@code key}; separator count to count[0]. */
  int childIndex(long page, long[] key, int[] count) {
    return (int)
        optimistic(
            page,
            (m, base) -> {
              count[0] = InnerNode.count(m, base);
              return InnerNode.childIndex(m, base, width, key, 0);
            });
  }

  /**
   * Children {@code from, from + 1, ...} of inner node {@code page} whose lower separator is <=
   * {@code hi}, into {@code out}; returns how many.
   */
  int childrenUpTo(long page, int from, long[] hi, long[] out) {
    return (int)
        optimistic(
            page,
            (m, base) -> {
              int n = InnerNode.count(m, base);
              int k = 0;
              for (int i = from;
                  i <= n && InnerNode.compareKey(m, base, width, i - 1, hi, 0) <= 0;
                  i++) {
                out[k++] = InnerNode.child(m, base, i);
              }
              return k;
            });
  }

  /**
   * About where {@code key} falls in leaf {@code page}: the middle of the restart block that would
   * hold it (to within 8 rows).
   */
  int position(long page, long[] key) {
    return (int)
        optimistic(
            page,
            (m, base) -> {
              int r = LeafCodec.restartBefore(m, base, width, key, 0);
              return r + Math.min(LeafCodec.RESTART_EVERY / 2, (LeafCodec.count(m, base) - r) / 2);
            });
  }

  /** The number of rows of leaf {@code page}. */
  int leafRows(long page) {
    return (int) optimistic(page, LeafCodec::count);
  }

  /** The node's level: 0 for a leaf, 1 just above the leaves, and so on up. */
  int level(long page) {
    return (int)
        optimistic(page, (m, base) -> InnerNode.isInner(m, base) ? InnerNode.level(m, base) : 0);
  }

  /** Copies an inner node's separators and children; returns the separator count. */
  int readInner(long page, long[] keys, long[] children) {
    return (int) optimistic(page, (m, base) -> InnerNode.read(m, base, width, keys, children));
  }
}
