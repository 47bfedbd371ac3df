package dev.quarry.core.query.exec;

import java.util.Arrays;

/**
 * Numbers the distinct keys it is given (0, 1, 2 ... in order of arrival), without boxing: open
 * addressing over a power-of-two table kept at most half full. A key is {@code width} ids, any of
 * them 0 (an unbound group variable); a slot is free when its index is 0 (indexes are stored plus
 * one). Pairs of ids are keys for COUNT(DISTINCT) in groups ({@link ScanAggregate}); rows' group
 * variables are keys for a GROUP BY of counts ({@link CountGroups}).
 */
final class GroupTable {
  private final int width;
  private final long[] probe; // the key being looked up
  private long[] slotKeys; // width ids per slot
  private int[] slotIndex; // the slot's key's index + 1; 0: free
  private long[] keys; // width ids per index
  private int size;

  GroupTable(int width) {
    this.width = width;
    this.probe = new long[width];
    this.slotKeys = new long[32 * width];
    this.slotIndex = new int[32];
    this.keys = new long[16 * width];
  }

  int size() {
    return size;
  }

  /** Id k of the key numbered {@code index}. */
  long key(int index, int k) {
    return keys[index * width + k];
  }

  /** Bytes the table holds per key, for memory accounting: slots at most half full. */
  static long bytesPerKey(int width) {
    return 2 * (8L * width + 4) + 8L * width;
  }

  /** The index of key {@code a} (width 1), numbered now if new. */
  int indexOf(long a) {
    probe[0] = a;
    return locate(true);
  }

  /** The index of pair {@code (a, b)} (width 2), numbered now if new. */
  int indexOf(long a, long b) {
    probe[0] = a;
    probe[1] = b;
    return locate(true);
  }

  /**
   * The index of the key made of the row at {@code base}'s columns {@code cols} (-1: id 0),
   * numbered now if new ({@code add}); -1 if it is new and not {@code add}.
   */
  int indexOf(long[] data, int base, int[] cols, boolean add) {
    for (int k = 0; k < width; k++) {
      probe[k] = cols[k] < 0 ? 0 : data[base + cols[k]];
    }
    return locate(add);
  }

  private int locate(boolean add) {
    if (add && 2 * (size + 1) > slotIndex.length) {
      grow();
    }
    int mask = slotIndex.length - 1;
    for (int i = slot(probe, 0, mask); ; i = (i + 1) & mask) {
      int index = slotIndex[i] - 1;
      if (index < 0) {
        return add ? add(i) : -1;
      }
      if (sameKey(i)) {
        return index;
      }
    }
  }

  // Keys of one or two ids (all BSBM's and the scans') take their own branch: a loop over a width
  // the JIT cannot fold ran a 1.5 million key insert at 95-120 ns a key, against 45-50 with it.
  private boolean sameKey(int slot) {
    int at = slot * width;
    if (width == 1) {
      return slotKeys[at] == probe[0];
    }
    if (width == 2) {
      return slotKeys[at] == probe[0] && slotKeys[at + 1] == probe[1];
    }
    return Arrays.equals(slotKeys, at, at + width, probe, 0, width);
  }

  private int add(int slot) {
    if ((size + 1) * width > keys.length) {
      keys = Arrays.copyOf(keys, keys.length * 2);
    }
    copyKey(probe, 0, slotKeys, slot * width);
    copyKey(probe, 0, keys, size * width);
    slotIndex[slot] = size + 1;
    return size++;
  }

  private void copyKey(long[] from, int at, long[] to, int toAt) {
    if (width == 1) {
      to[toAt] = from[at];
    } else if (width == 2) {
      to[toAt] = from[at];
      to[toAt + 1] = from[at + 1];
    } else {
      System.arraycopy(from, at, to, toAt, width);
    }
  }

  private void grow() {
    int n = slotIndex.length * 2;
    slotKeys = new long[n * width];
    slotIndex = new int[n];
    int mask = n - 1;
    for (int k = 0; k < size; k++) {
      int i = slot(keys, k * width, mask);
      while (slotIndex[i] != 0) {
        i = (i + 1) & mask;
      }
      copyKey(keys, k * width, slotKeys, i * width);
      slotIndex[i] = k + 1;
    }
  }

  private int slot(long[] key, int at, int mask) {
    long h = 0; // width 0: no GROUP BY, one group
    if (width == 1) {
      h = key[at];
    } else if (width == 2) {
      h = key[at] + 31 * key[at + 1];
    } else {
      for (int k = width - 1; k >= 0; k--) {
        h = 31 * h + key[at + k];
      }
    }
    h *= 0x9E3779B97F4A7C15L; // ids share their high tag bits: mix them down
    return (int) (h ^ (h >>> 32)) & mask;
  }
}
