package dev.quarry.core.dict;

import java.util.Arrays;

/**
 * A set of ids without boxing: open addressing with linear probing over a power-of-two table, kept
 * at most half full. Id 0 (never a term) marks a free slot, so it cannot be a member. The
 * executor's (path closures, visited sets) and the text index's (literals a transaction changed).
 */
public final class LongSet {
  private long[] slots;
  private int size;

  public LongSet() {
    this(16);
  }

  public LongSet(int expected) {
    slots = new long[Integer.highestOneBit(Math.max(8, expected) * 2 - 1) * 2];
  }

  public int size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  /** Adds an id; true if it was not there. */
  public boolean add(long id) {
    if (id == 0) {
      throw new IllegalArgumentException("id 0 is not a term");
    }
    if (2 * (size + 1) > slots.length) {
      grow();
    }
    int mask = slots.length - 1;
    for (int i = slot(id, mask); ; i = (i + 1) & mask) {
      if (slots[i] == id) {
        return false;
      }
      if (slots[i] == 0) {
        slots[i] = id;
        size++;
        return true;
      }
    }
  }

  public boolean contains(long id) {
    int mask = slots.length - 1;
    for (int i = slot(id, mask); ; i = (i + 1) & mask) {
      if (slots[i] == id) {
        return id != 0;
      }
      if (slots[i] == 0) {
        return false;
      }
    }
  }

  /** The members, in no particular order. */
  public long[] toArray() {
    long[] out = new long[size];
    int n = 0;
    for (long s : slots) {
      if (s != 0) {
        out[n++] = s;
      }
    }
    return out;
  }

  /** The members in id order (unsigned, as ids compare). */
  public long[] sorted() {
    long[] out = toArray();
    sortUnsigned(out, out.length);
    return out;
  }

  /** Sorts the first {@code n} ids of {@code a} in id order (unsigned). */
  public static void sortUnsigned(long[] a, int n) {
    for (int i = 0; i < n; i++) {
      a[i] ^= Long.MIN_VALUE;
    }
    Arrays.sort(a, 0, n);
    for (int i = 0; i < n; i++) {
      a[i] ^= Long.MIN_VALUE;
    }
  }

  public void clear() {
    Arrays.fill(slots, 0);
    size = 0;
  }

  private void grow() {
    long[] old = slots;
    slots = new long[old.length * 2];
    size = 0;
    for (long s : old) {
      if (s != 0) {
        add(s);
      }
    }
  }

  private static int slot(long id, int mask) {
    long h = id * 0x9E3779B97F4A7C15L; // ids share their high tag bits: mix them down
    return (int) (h ^ (h >>> 32)) & mask;
  }
}
