package dev.quarry.core.buffer;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Page number to frame, without a lock on the lookup path.
 *
 * <p>Stripes of open-addressing tables, each guarded by a sequence lock: a lookup reads the
 * stripe's version, probes, and checks that the version did not move (and retries if it did), so it
 * writes nothing shared; an insert or remove (only on a miss or an eviction) takes the stripe's
 * lock. Each stripe holds about 64 entries in 4x the slots, so a stripe never fills.
 */
final class PageTable {
  private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
  private static final int VERSION_STRIDE = 8; // one cache line per stripe's version

  private final int stripeMask;
  private final int slotShift; // log2(slots per stripe)
  private final int slotMask;
  private final long[] versions;
  private final long[] keys; // page + 1; 0 = empty
  private final int[] frames;

  PageTable(int capacity) {
    int stripes = Integer.highestOneBit(Math.max(1, capacity / 64));
    int perStripe = (capacity + stripes - 1) / stripes;
    int slots = Integer.highestOneBit(Math.max(64, perStripe * 4) - 1) << 1;
    this.stripeMask = stripes - 1;
    this.slotShift = Integer.numberOfTrailingZeros(slots);
    this.slotMask = slots - 1;
    this.versions = new long[stripes * VERSION_STRIDE];
    this.keys = new long[stripes * slots];
    this.frames = new int[stripes * slots];
  }

  private static long mix(long page) {
    long h = page * 0x9E3779B97F4A7C15L;
    return h ^ (h >>> 29);
  }

  /** The frame holding {@code page}, or -1. */
  int get(long page) {
    long h = mix(page);
    int stripe = (int) h & stripeMask;
    int base = stripe << slotShift;
    int start = (int) (h >>> 32) & slotMask;
    long key = page + 1;
    int vi = stripe * VERSION_STRIDE;
    for (; ; ) {
      long v = (long) LONGS.getAcquire(versions, vi);
      if ((v & 1) != 0) {
        Thread.onSpinWait();
        continue;
      }
      int found = -1;
      for (int i = 0; i <= slotMask; i++) {
        int slot = base + ((start + i) & slotMask);
        long k = keys[slot];
        if (k == key) {
          found = frames[slot];
          break;
        }
        if (k == 0) {
          break;
        }
      }
      VarHandle.acquireFence();
      if ((long) LONGS.getAcquire(versions, vi) == v) {
        return found;
      }
    }
  }

  /** Maps {@code page} to {@code frame} unless it is mapped; returns the existing frame or -1. */
  int putIfAbsent(long page, int frame) {
    long h = mix(page);
    int stripe = (int) h & stripeMask;
    int base = stripe << slotShift;
    int start = (int) (h >>> 32) & slotMask;
    long key = page + 1;
    lock(stripe);
    try {
      for (int i = 0; i <= slotMask; i++) {
        int slot = base + ((start + i) & slotMask);
        long k = keys[slot];
        if (k == key) {
          return frames[slot];
        }
        if (k == 0) {
          frames[slot] = frame;
          keys[slot] = key;
          return -1;
        }
      }
      throw new IllegalStateException("page table stripe full");
    } finally {
      unlock(stripe);
    }
  }

  /** Removes the mapping of {@code page} if it is to {@code frame}. */
  boolean remove(long page, int frame) {
    long h = mix(page);
    int stripe = (int) h & stripeMask;
    int base = stripe << slotShift;
    int start = (int) (h >>> 32) & slotMask;
    long key = page + 1;
    lock(stripe);
    try {
      for (int i = 0; i <= slotMask; i++) {
        int slot = (start + i) & slotMask;
        long k = keys[base + slot];
        if (k == 0) {
          return false;
        }
        if (k == key) {
          if (frames[base + slot] != frame) {
            return false;
          }
          deleteAt(base, slot);
          return true;
        }
      }
      return false;
    } finally {
      unlock(stripe);
    }
  }

  /** Backward-shift deletion: keeps every probe chain unbroken without tombstones. */
  private void deleteAt(int base, int hole) {
    int i = hole;
    for (; ; ) {
      i = (i + 1) & slotMask;
      long k = keys[base + i];
      if (k == 0) {
        break;
      }
      int home = (int) (mix(k - 1) >>> 32) & slotMask;
      // Move k back into the hole if its home is not in (hole, i] (cyclically).
      boolean between = hole <= i ? (home > hole && home <= i) : (home > hole || home <= i);
      if (!between) {
        keys[base + hole] = k;
        frames[base + hole] = frames[base + i];
        hole = i;
      }
    }
    keys[base + hole] = 0;
  }

  private void lock(int stripe) {
    int vi = stripe * VERSION_STRIDE;
    for (; ; ) {
      long v = (long) LONGS.getAcquire(versions, vi);
      if ((v & 1) == 0 && LONGS.compareAndSet(versions, vi, v, v + 1)) {
        return;
      }
      Thread.onSpinWait();
    }
  }

  private void unlock(int stripe) {
    int vi = stripe * VERSION_STRIDE;
    LONGS.setRelease(versions, vi, (long) LONGS.getAcquire(versions, vi) + 1);
  }
}
