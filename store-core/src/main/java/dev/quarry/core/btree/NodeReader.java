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
   * Decodes up to {@code maxRows} rows of {@code page}, from the restart block that may hold {@code
   * key}, into {@code buf}; returns the number decoded (the index of the first in {@code
   * first[0]}).
   */
  int readLeafFrom(long page, long[] key, int keyAt, int maxRows, long[][] buf, int[] first) {
    for (; ; ) {
      long t = pool.readOptimistic(page);
      MemorySegment m = pool.memory();
      long base = pool.offset(BufferPool.frameOf(t));
      try {
        int count = LeafCodec.count(m, base);
        int from = count == 0 ? 0 : LeafCodec.restartBefore(m, base, width, key, keyAt);
        int n = Math.min(maxRows, count - from);
        if (buf[0].length < n * width) {
          buf[0] = new long[Math.min(BTree.MAX_LEAF_ROWS, Math.max(n, 64)) * width];
        }
        LeafCodec.decodeRange(m, base, width, from, n, buf[0], 0);
        if (pool.validate(t)) {
          first[0] = from;
          return n;
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
   * {@code buf}; returns the rows decoded, 0 past the last block. {@code info[0]} gets the leaf's
   * row count.
   */
  int readBlock(long page, int block, long[] buf, int[] info) {
    for (; ; ) {
      long t = pool.readOptimistic(page);
      MemorySegment m = pool.memory();
      long base = pool.offset(BufferPool.frameOf(t));
      try {
        int count = LeafCodec.count(m, base);
        int from = block * LeafCodec.RESTART_EVERY;
        int n = Math.max(0, Math.min(LeafCodec.RESTART_EVERY, count - from));
        if (n > 0) {
          LeafCodec.decodeRange(m, base, width, from, n, buf, 0);
        }
        if (pool.validate(t)) {
          info[0] = count;
          return n;
        }
      } catch (RuntimeException e) {
        if (pool.validate(t)) {
          throw e;
        }
      }
    }
  }

  /** The restart block of a leaf that may hold {@code key}. */
  int blockFor(long page, long[] key, int keyAt) {
    for (; ; ) {
      long t = pool.readOptimistic(page);
      MemorySegment m = pool.memory();
      long base = pool.offset(BufferPool.frameOf(t));
      try {
        int block =
            LeafCodec.count(m, base) == 0
                ? 0
                : LeafCodec.restartBefore(m, base, width, key, keyAt) / LeafCodec.RESTART_EVERY;
        if (pool.validate(t)) {
          return block;
        }
      } catch (RuntimeException e) {
        if (pool.validate(t)) {
          throw e;
        }
      }
    }
  }

  /** True if {@code page} is an inner node; its level in {@code level[0]}. */
  boolean isInner(long page, int[] level) {
    for (; ; ) {
      long t = pool.readOptimistic(page);
      MemorySegment m = pool.memory();
      long base = pool.offset(BufferPool.frameOf(t));
      boolean inner = InnerNode.isInner(m, base);
      int lv = inner ? InnerNode.level(m, base) : 0;
      if (pool.validate(t)) {
        level[0] = lv;
        return inner;
      }
    }
  }

  /** Copies an inner node's separators and children; returns the separator count. */
  int readInner(long page, long[] keys, long[] children) {
    for (; ; ) {
      long t = pool.readOptimistic(page);
      MemorySegment m = pool.memory();
      long base = pool.offset(BufferPool.frameOf(t));
      try {
        int n = InnerNode.read(m, base, width, keys, children);
        if (pool.validate(t)) {
          return n;
        }
      } catch (RuntimeException e) {
        if (pool.validate(t)) {
          throw e;
        }
      }
    }
  }
}
