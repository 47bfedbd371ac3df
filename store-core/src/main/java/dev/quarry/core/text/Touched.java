package dev.quarry.core.text;

import java.util.Arrays;

/**
 * The objects of the quads a transaction added or removed that may be string literals: the
 * documents its commit must look at again. An open-addressing set of ids (0 is never an id).
 */
final class Touched {
  private long[] slots = new long[64];
  private int size;

  synchronized void add(long id) {
    if (2 * (size + 1) > slots.length) {
      grow();
    }
    int mask = slots.length - 1;
    for (int i = slot(id, mask); ; i = (i + 1) & mask) {
      if (slots[i] == id) {
        return;
      }
      if (slots[i] == 0) {
        slots[i] = id;
        size++;
        return;
      }
    }
  }

  synchronized boolean contains(long id) {
    int mask = slots.length - 1;
    for (int i = slot(id, mask); ; i = (i + 1) & mask) {
      if (slots[i] == id) {
        return true;
      }
      if (slots[i] == 0) {
        return false;
      }
    }
  }

  synchronized int size() {
    return size;
  }

  /** The ids, ascending (unsigned, as ids compare). */
  synchronized long[] sorted() {
    long[] out = new long[size];
    int n = 0;
    for (long s : slots) {
      if (s != 0) {
        out[n++] = s;
      }
    }
    sortUnsigned(out, n);
    return out;
  }

  /** Sorts the first {@code n} ids in id order (unsigned). */
  static void sortUnsigned(long[] a, int n) {
    for (int i = 0; i < n; i++) {
      a[i] ^= Long.MIN_VALUE;
    }
    Arrays.sort(a, 0, n);
    for (int i = 0; i < n; i++) {
      a[i] ^= Long.MIN_VALUE;
    }
  }

  private static int slot(long id, int mask) {
    long h = id * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32)) & mask;
  }

  private void grow() {
    long[] old = slots;
    slots = new long[old.length * 2];
    size = 0;
    int mask = slots.length - 1;
    for (long id : old) {
      if (id != 0) {
        int i = slot(id, mask);
        while (slots[i] != 0) {
          i = (i + 1) & mask;
        }
        slots[i] = id;
        size++;
      }
    }
  }
}
