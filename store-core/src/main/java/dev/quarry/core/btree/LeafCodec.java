package dev.quarry.core.btree;

import dev.quarry.core.storage.Pages;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The compressed leaf. Rows are sorted, so each is stored as the difference from the one before: a
 * header byte naming the first column that differs, that column's (positive) difference as a
 * varint, and the later columns' differences zigzag-encoded as varints. Every 16th row is a
 * restart, stored whole (8 bytes a column) with its offset in a table at the end of the page, so a
 * search is a binary search over restarts and a scan of at most 15 rows.
 *
 * <p>The binary search must not touch a restart row per step: the rows lie spread over the page, a
 * cache miss each in a large index. So below the offsets each restart also has its <em>head</em>:
 * its value in the first column in which the leaf's rows differ (the split column; the columns
 * before it are the same in every row and are compared once, against the first row), less the first
 * row's value there, as an unsigned 32-bit number (saturated: a larger difference is stored as 2^32
 * - 1). The heads lie together, 4 bytes each, so the search reads a cache line or two and compares
 * whole rows only between restarts whose heads tie (equal, or both saturated). Leaves written
 * before heads (kind 10) are still read, by the row-by-row search.
 *
 * <pre>
 * 16  u16 count        20  u16 end of the row data     23  u8 split column      24  row data ...
 * 18  u16 restarts     22  u8  width
 * ... u32 restart heads, then u16 restart offsets: both indexed from the page end (restart 0 last)
 * </pre>
 */
final class LeafCodec {
  static final short KIND = 12;

  /** Leaves written before restart heads: no heads, no split column. */
  static final short KIND_NO_HEADS = 10;

  static final int RESTART_EVERY = 16;

  /** Bytes each restart adds at the end of the page: its offset and its head. */
  static final int RESTART_BYTES = 6;

  private static final int COUNT = 16;
  private static final int RESTARTS = 18;
  private static final int END = 20;
  private static final int WIDTH = 22;
  private static final int SPLIT = 23;
  static final int DATA = 24;

  private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
  private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
  private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
  private static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;

  private LeafCodec() {}

  static int count(MemorySegment m, long base) {
    return Short.toUnsignedInt(m.get(SHORT, base + COUNT));
  }

  static int width(MemorySegment m, long base) {
    return m.get(BYTE, base + WIDTH);
  }

  // ---- size -----------------------------------------------------------------------------------

  /** Bytes rows {@code from..to-1} take encoded (row data plus restart table). */
  static int size(long[] rows, int from, int to, int width) {
    int bytes = 0;
    for (int i = from; i < to; i++) {
      bytes += entrySize(rows, i, from, width);
    }
    int restarts = (to - from + RESTART_EVERY - 1) / RESTART_EVERY;
    return bytes + RESTART_BYTES * restarts;
  }

  static int capacity() {
    return Pages.PAGE_SIZE - DATA;
  }

  static int entrySize(long[] rows, int i, int from, int width) {
    if ((i - from) % RESTART_EVERY == 0) {
      return 8 * width;
    }
    int at = i * width;
    int prev = at - width;
    int c = 0;
    while (rows[at + c] == rows[prev + c]) {
      c++;
    }
    int n = 1 + varintSize(rows[at + c] - rows[prev + c]);
    for (int j = c + 1; j < width; j++) {
      n += varintSize(zigzag(rows[at + j] - rows[prev + j]));
    }
    return n;
  }

  // ---- encode ---------------------------------------------------------------------------------

  /** Writes rows {@code from..to-1} as a leaf into the page at {@code base}; they must fit. */
  static void encode(
      long[] rows, int from, int to, int width, MemorySegment m, long base, int owner) {
    int count = to - from;
    int restarts = (count + RESTART_EVERY - 1) / RESTART_EVERY;
    int split = 0; // the first column in which the first and last rows (so any two) differ
    while (count > 0
        && split < width - 1
        && rows[from * width + split] == rows[(to - 1) * width + split]) {
      split++;
    }
    long heads = base + Pages.PAGE_SIZE - 2L * restarts;
    long pos = base + DATA;
    for (int i = from; i < to; i++) {
      int at = i * width;
      int k = i - from;
      if (k % RESTART_EVERY == 0) {
        m.set(SHORT, base + Pages.PAGE_SIZE - 2L * (k / RESTART_EVERY + 1), (short) (pos - base));
        m.set(
            INT,
            heads - 4L * (k / RESTART_EVERY + 1),
            head(rows[at + split], rows[from * width + split]));
        for (int c = 0; c < width; c++) {
          m.set(LONG, pos, rows[at + c]);
          pos += 8;
        }
        continue;
      }
      int prev = at - width;
      int c = 0;
      while (rows[at + c] == rows[prev + c]) {
        c++;
      }
      m.set(BYTE, pos++, (byte) c);
      pos = putVarint(m, pos, rows[at + c] - rows[prev + c]);
      for (int j = c + 1; j < width; j++) {
        pos = putVarint(m, pos, zigzag(rows[at + j] - rows[prev + j]));
      }
    }
    if (pos - base > Pages.PAGE_SIZE - (long) RESTART_BYTES * restarts) {
      throw new IllegalStateException("leaf overflow: rows do not fit in a page");
    }
    m.set(SHORT, base + Pages.KIND_OFFSET, KIND);
    m.set(SHORT, base + Pages.OWNER_OFFSET, (short) owner);
    m.set(SHORT, base + COUNT, (short) count);
    m.set(SHORT, base + RESTARTS, (short) restarts);
    m.set(SHORT, base + END, (short) (pos - base));
    m.set(BYTE, base + WIDTH, (byte) width);
    m.set(BYTE, base + SPLIT, (byte) split);
  }

  // ---- decode ---------------------------------------------------------------------------------

  /** Decodes every row of the leaf into {@code out} (grown as needed); returns it. */
  static long[] decodeAll(MemorySegment m, long base, long[] out) {
    int count = count(m, base);
    int width = width(m, base);
    if (out.length < count * width) {
      out = new long[count * width];
    }
    decodeRange(m, base, width, 0, count, out, 0);
    return out;
  }

  /**
   * Decodes rows {@code first..first+n-1}, where {@code first} is a restart index times 16, into
   * {@code out} at {@code outAt}.
   */
  static void decodeRange(
      MemorySegment m, long base, int width, int first, int n, long[] out, int outAt) {
    long pos = restartOffset(m, base, first / RESTART_EVERY);
    for (int k = 0; k < n; k++) {
      int at = outAt + k * width;
      if ((first + k) % RESTART_EVERY == 0) {
        for (int c = 0; c < width; c++) {
          out[at + c] = m.get(LONG, pos);
          pos += 8;
        }
      } else {
        pos = applyDelta(m, pos, out, at - width, at, width);
      }
    }
  }

  /** The most bytes one restart block's deltas take: 15 rows of a header and a varint a column. */
  static int maxDeltaBytes(int width) {
    return (RESTART_EVERY - 1) * (1 + 10 * width);
  }

  /**
   * Decodes the {@code n} rows of restart block {@code block} into {@code out} from 0, from the
   * deltas {@link #copyBlock} copied out in one piece: a read of the page per byte costs bounds and
   * liveness checks each.
   */
  static void decodeBlock(
      MemorySegment m, long base, int width, int block, int n, long[] out, byte[] bytes) {
    copyBlock(m, base, width, block, out, bytes, null);
    int p = 0;
    for (int k = 1; k < n; k++) {
      p = applyDelta(bytes, p, out, (k - 1) * width, k * width, width);
    }
  }

  /**
   * Copies restart block {@code block} out of the page without decoding its deltas: its first row
   * into {@code out[0..width)}, its encoded deltas into {@code bytes} (at least {@link
   * #maxDeltaBytes}), for {@link #applyDelta(byte[], int, long[], int, int, int)} to decode as far
   * as the caller needs; and, if {@code next} is given and the block is not the leaf's last, the
   * next block's first row into {@code next}.
   */
  static void copyBlock(
      MemorySegment m, long base, int width, int block, long[] out, byte[] bytes, long[] next) {
    long pos = restartOffset(m, base, block);
    for (int c = 0; c < width; c++) {
      out[c] = m.get(LONG, pos);
      pos += 8;
    }
    int restarts = Short.toUnsignedInt(m.get(SHORT, base + RESTARTS));
    boolean last = block + 1 >= restarts;
    long end =
        last
            ? base + Short.toUnsignedInt(m.get(SHORT, base + END))
            : restartOffset(m, base, block + 1);
    MemorySegment.copy(m, BYTE, pos, bytes, 0, (int) Math.min(end - pos, bytes.length));
    for (int c = 0; next != null && !last && c < width; c++) {
      next[c] = m.get(LONG, end + 8L * c);
    }
  }

  /**
   * Decodes the delta row at {@code bytes[pos]} against the row at {@code out[prev..]} into {@code
   * out[at..]}; returns the position after it.
   */
  static int applyDelta(byte[] bytes, int pos, long[] out, int prev, int at, int width) {
    int c = bytes[pos++];
    for (int j = 0; j < c; j++) {
      out[at + j] = out[prev + j];
    }
    for (int j = c; j < width; j++) {
      long v = bytes[pos++];
      if (v < 0) { // more bytes follow (most differences take one)
        v &= 0x7F;
        int shift = 7;
        byte b;
        do {
          b = bytes[pos++];
          v |= (long) (b & 0x7F) << shift;
          shift += 7;
        } while (b < 0);
      }
      out[at + j] = out[prev + j] + (j == c ? v : (v >>> 1) ^ -(v & 1));
    }
    return pos;
  }

  private static long restartOffset(MemorySegment m, long base, int restart) {
    return base + Short.toUnsignedInt(m.get(SHORT, base + Pages.PAGE_SIZE - 2L * (restart + 1)));
  }

  /**
   * Decodes the delta row at {@code pos} against the row at {@code out[prev..]} into {@code
   * out[at..]} ({@code at} may equal {@code prev}); returns the position after it.
   */
  private static long applyDelta(
      MemorySegment m, long pos, long[] out, int prev, int at, int width) {
    int c = m.get(BYTE, pos++);
    for (int j = 0; j < c; j++) {
      out[at + j] = out[prev + j];
    }
    for (int j = c; j < width; j++) {
      long v = 0;
      int shift = 0;
      byte b;
      do {
        b = m.get(BYTE, pos++);
        v |= (long) (b & 0x7F) << shift;
        shift += 7;
      } while (b < 0);
      out[at + j] = out[prev + j] + (j == c ? v : (v >>> 1) ^ -(v & 1));
    }
    return pos;
  }

  /**
   * Decodes the rows of the restart block that could hold {@code key} and the blocks after it up to
   * row {@code count}: finds the last restart whose row is <= key by binary search. Returns the
   * index of the first decoded row; the rows are in {@code out} from 0.
   */
  static int restartBefore(MemorySegment m, long base, int width, long[] key, int keyAt) {
    return restartBefore(m, base, width, key, keyAt, 0);
  }

  /**
   * As above, knowing that restart {@code from}'s row is <= key: from there the search gallops
   * forward first (1, 2, 4 ... restarts on), so a key a block or two on costs a compare or two.
   */
  static int restartBefore(MemorySegment m, long base, int width, long[] key, int keyAt, int from) {
    if (m.get(SHORT, base + Pages.KIND_OFFSET) == KIND) {
      return restartBeforeByHeads(m, base, width, key, keyAt, from);
    }
    int restarts = Short.toUnsignedInt(m.get(SHORT, base + RESTARTS));
    int lo = from; // restart lo's row is <= key
    int hi = restarts - 1;
    if (from > 0) {
      int step = 1;
      while (lo + step < restarts && compareRestart(m, base, width, lo + step, key, keyAt) <= 0) {
        lo += step;
        step <<= 1;
      }
      hi = Math.min(restarts - 1, lo + step - 1);
    }
    return lastAtOrBelow(m, base, width, key, keyAt, lo, lo + 1, hi) * RESTART_EVERY;
  }

  /** The last restart in [lo, hi] whose row is <= key, by whole rows; {@code best} if none. */
  private static int lastAtOrBelow(
      MemorySegment m, long base, int width, long[] key, int keyAt, int best, int lo, int hi) {
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (compareRestart(m, base, width, mid, key, keyAt) <= 0) {
        best = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return best;
  }

  /**
   * {@link #restartBefore} on a leaf with heads: the shared columns once, then binary searches over
   * the heads; whole rows are compared only among restarts whose head equals the key's.
   */
  private static int restartBeforeByHeads(
      MemorySegment m, long base, int width, long[] key, int keyAt, int from) {
    int restarts = Short.toUnsignedInt(m.get(SHORT, base + RESTARTS));
    int split = m.get(BYTE, base + SPLIT);
    for (int col = 0; col < split; col++) {
      int c = Long.compareUnsigned(m.get(LONG, base + DATA + 8L * col), key[keyAt + col]);
      if (c != 0) { // every row is above the key, or every row below it
        return (c > 0 ? from : restarts - 1) * RESTART_EVERY;
      }
    }
    long first = m.get(LONG, base + DATA + 8L * split);
    if (Long.compareUnsigned(key[keyAt + split], first) < 0) {
      return from * RESTART_EVERY; // every row is above the key
    }
    int k = head(key[keyAt + split], first);
    long heads = base + Pages.PAGE_SIZE - 2L * restarts - 4; // head r at heads - 4 r
    // [from + 1, tie): heads below k, so rows below the key; [tie, above): heads equal to k.
    int tie = firstHead(m, heads, from + 1, restarts, k, false, from > 0);
    int above = firstHead(m, heads, tie, restarts, k, true, true);
    return lastAtOrBelow(m, base, width, key, keyAt, tie - 1, tie, above - 1) * RESTART_EVERY;
  }

  /**
   * The first restart in [lo, hi) whose head is >= k (> k if {@code after}); hi if none. With
   * {@code gallop}, when the answer is likely near lo, it is first bracketed by steps of 1, 2, 4
   * ...
   */
  private static int firstHead(
      MemorySegment m, long heads, int lo, int hi, int k, boolean after, boolean gallop) {
    if (gallop) {
      int step = 1;
      while (lo + step - 1 < hi && below(m.get(INT, heads - 4L * (lo + step - 1)), k, after)) {
        lo += step;
        step <<= 1;
      }
      hi = Math.min(hi, lo + step - 1);
    }
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (below(m.get(INT, heads - 4L * mid), k, after)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** A restart's head: how far its split value is above the first row's, saturated to 32 bits. */
  private static int head(long value, long first) {
    long d = value - first;
    return Long.compareUnsigned(d, 0xFFFF_FFFFL) < 0 ? (int) d : -1;
  }

  private static boolean below(int head, int k, boolean orEqual) {
    int c = Integer.compareUnsigned(head, k);
    return c < 0 || (orEqual && c == 0);
  }

  private static int compareRestart(
      MemorySegment m, long base, int width, int restart, long[] key, int keyAt) {
    long at = restartOffset(m, base, restart);
    int c = 0;
    for (int col = 0; col < width && c == 0; col++) {
      c = Long.compareUnsigned(m.get(LONG, at + 8L * col), key[keyAt + col]);
    }
    return c;
  }

  /**
   * True if the leaf holds {@code key}: a binary search over the restarts, then rows decoded one by
   * one, in place in {@code row} (scratch of {@code width} longs), until one is not below the key.
   * Nothing else is copied out of the page.
   */
  static boolean contains(
      MemorySegment m, long base, int width, long[] key, int keyAt, long[] row) {
    int count = count(m, base);
    if (count == 0) {
      return false;
    }
    int first = restartBefore(m, base, width, key, keyAt);
    int last = Math.min(count, first + RESTART_EVERY);
    long pos = restartOffset(m, base, first / RESTART_EVERY);
    for (int c = 0; c < width; c++) {
      row[c] = m.get(LONG, pos);
      pos += 8;
    }
    for (int k = first; ; ) {
      int cmp = Rows.compare(row, 0, key, keyAt, width);
      if (cmp >= 0) {
        return cmp == 0;
      }
      if (++k == last) {
        return false;
      }
      pos = applyDelta(m, pos, row, 0, 0, width);
    }
  }

  // ---- varints --------------------------------------------------------------------------------

  static long zigzag(long v) {
    return (v << 1) ^ (v >> 63);
  }

  static int varintSize(long v) {
    int n = 1;
    while ((v & ~0x7FL) != 0) {
      v >>>= 7;
      n++;
    }
    return n;
  }

  private static long putVarint(MemorySegment m, long pos, long v) {
    while ((v & ~0x7FL) != 0) {
      m.set(BYTE, pos++, (byte) ((v & 0x7F) | 0x80));
      v >>>= 7;
    }
    m.set(BYTE, pos++, (byte) v);
    return pos;
  }
}
