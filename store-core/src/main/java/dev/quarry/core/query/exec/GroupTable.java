package dev.quarry.core.query.exec;

import java.util.Arrays;

/**
 * Numbers the distinct keys it is given (0, 1, 2 ... in order of arrival), without boxing: open
 * addressing over a power-of-two table kept at most half full. Key 0 (never a term) marks a free
 * slot. Pairs of ids are keys too ({@link #indexOf(long, long)}), for COUNT(DISTINCT) in groups.
 */
final class GroupTable {
  private final boolean pairs;
  private long[] slotA;
  private long[] slotB; // second ids of pairs, or null
  private int[] slotIndex;
  private long[] keysA = new long[16]; // by index
  private long[] keysB;
  private int size;

  GroupTable(boolean pairs) {
    this.pairs = pairs;
    slotA = new long[32];
    slotB = pairs ? new long[32] : null;
    keysB = pairs ? new long[16] : null;
    slotIndex = new int[32];
  }

  int size() {
    return size;
  }

  long keyA(int index) {
    return keysA[index];
  }

  long keyB(int index) {
    return keysB[index];
  }

  /** The index of key {@code a}, numbered now if new. */
  int indexOf(long a) {
    return indexOf(a, 0);
  }

  /** The index of pair {@code (a, b)} ({@code a} not 0), numbered now if new. */
  int indexOf(long a, long b) {
    if (2 * (size + 1) > slotA.length) {
      grow();
    }
    int mask = slotA.length - 1;
    for (int i = slot(a, b, mask); ; i = (i + 1) & mask) {
      long at = slotA[i];
      if (at == 0) {
        return add(i, a, b);
      }
      if (at == a && (!pairs || slotB[i] == b)) {
        return slotIndex[i];
      }
    }
  }

  /** Bytes the table holds per key, for memory accounting. */
  static long bytesPerKey(boolean pairs) {
    return pairs ? 2 * (8 + 8 + 4) + 16 : 2 * (8 + 4) + 8;
  }

  private int add(int slot, long a, long b) {
    if (a == 0) {
      throw new IllegalArgumentException("id 0 is not a term");
    }
    slotA[slot] = a;
    if (pairs) {
      slotB[slot] = b;
    }
    slotIndex[slot] = size;
    if (size == keysA.length) {
      keysA = Arrays.copyOf(keysA, size * 2);
      keysB = pairs ? Arrays.copyOf(keysB, size * 2) : null;
    }
    keysA[size] = a;
    if (pairs) {
      keysB[size] = b;
    }
    return size++;
  }

  private void grow() {
    int n = slotA.length * 2;
    slotA = new long[n];
    slotB = pairs ? new long[n] : null;
    slotIndex = new int[n];
    int mask = n - 1;
    for (int k = 0; k < size; k++) {
      long a = keysA[k];
      long b = pairs ? keysB[k] : 0;
      int i = slot(a, b, mask);
      while (slotA[i] != 0) {
        i = (i + 1) & mask;
      }
      slotA[i] = a;
      if (pairs) {
        slotB[i] = b;
      }
      slotIndex[i] = k;
    }
  }

  private static int slot(long a, long b, int mask) {
    long h = (a + 31 * b) * 0x9E3779B97F4A7C15L; // ids share their high tag bits: mix them down
    return (int) (h ^ (h >>> 32)) & mask;
  }
}
