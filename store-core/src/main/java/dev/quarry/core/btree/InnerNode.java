package dev.quarry.core.btree;

import dev.quarry.core.storage.Pages;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * An inner node: {@code count} separator rows and {@code count + 1} child pages. Child {@code i}
 * holds the rows in {@code [key i-1, key i)}. Laid out uncompressed, so a search reads keys in
 * place:
 *
 * <pre>
 * 16 u16 count   18 u8 level (1 = just above the leaves)   19 u8 width
 * 24 children[capacity + 1] (8 bytes each), then keys[capacity] (8 * width bytes each)
 * </pre>
 */
final class InnerNode {
  static final short KIND = 11;
  private static final int COUNT = 16;
  private static final int LEVEL = 18;
  private static final int WIDTH = 19;
  private static final int CHILDREN = 24;
  private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
  private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
  private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;

  private InnerNode() {}

  /** Separators an inner node of rows {@code width} wide can hold. */
  static int capacity(int width) {
    return (Pages.PAGE_SIZE - CHILDREN - 8) / (8 + 8 * width);
  }

  private static long keysAt(int width) {
    return CHILDREN + 8L * (capacity(width) + 1);
  }

  static int count(MemorySegment m, long base) {
    return Short.toUnsignedInt(m.get(SHORT, base + COUNT));
  }

  static int level(MemorySegment m, long base) {
    return m.get(BYTE, base + LEVEL);
  }

  static long child(MemorySegment m, long base, int i) {
    return m.get(LONG, base + CHILDREN + 8L * i);
  }

  static long key(MemorySegment m, long base, int width, int i, int col) {
    return m.get(LONG, base + keysAt(width) + 8L * (i * width + col));
  }

  /** The child that holds {@code key}: the number of separators <= key. */
  static int childIndex(MemorySegment m, long base, int width, long[] key, int keyAt) {
    int lo = 0;
    int hi = count(m, base) - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (compareKey(m, base, width, mid, key, keyAt) <= 0) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** Compares separator {@code i} with {@code key}, as {@link Rows#compare} does. */
  static int compareKey(MemorySegment m, long base, int width, int i, long[] key, int keyAt) {
    long at = base + keysAt(width) + 8L * i * width;
    for (int col = 0; col < width; col++) {
      int c = Long.compareUnsigned(m.get(LONG, at + 8L * col), key[keyAt + col]);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  /** Copies the node's separators into {@code keys} and children into {@code children}. */
  static int read(MemorySegment m, long base, int width, long[] keys, long[] children) {
    int n = count(m, base);
    MemorySegment.copy(m, LONG, base + keysAt(width), keys, 0, n * width);
    MemorySegment.copy(m, LONG, base + CHILDREN, children, 0, n + 1);
    return n;
  }

  static void write(
      MemorySegment m,
      long base,
      int width,
      int level,
      long[] keys,
      int keyFrom,
      long[] children,
      int childFrom,
      int count,
      int owner) {
    m.set(SHORT, base + Pages.KIND_OFFSET, KIND);
    m.set(SHORT, base + Pages.OWNER_OFFSET, (short) owner);
    m.set(SHORT, base + COUNT, (short) count);
    m.set(BYTE, base + LEVEL, (byte) level);
    m.set(BYTE, base + WIDTH, (byte) width);
    MemorySegment.copy(children, childFrom, m, LONG, base + CHILDREN, count + 1);
    MemorySegment.copy(keys, keyFrom * width, m, LONG, base + keysAt(width), count * width);
  }

  static boolean isInner(MemorySegment m, long base) {
    return m.get(SHORT, base + Pages.KIND_OFFSET) == KIND;
  }
}
