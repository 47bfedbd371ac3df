package dev.quarry.core.dict;

import dev.quarry.core.btree.RowSort;
import java.util.List;

/**
 * Extra rows of the term hash index that find triple terms by their parts: for a triple term {@code
 * <<( s p o )>>} with id T, a row under the hash of (p, o) and one under the hash of (p, s), each
 * holding T. So the terms a pattern such as {@code << ?r :reviewFor :p1 >>} may match are a range
 * scan of the index, not a read of every reifier. The keys hash bytes that no term record starts
 * with (kinds 8 and 9), so they never meet a term's own row; several terms share a key, and their
 * rows differ by id. A store keeps them from its first terms on, which the {@link #SENTINEL} row
 * says; an older store has none and is read as before.
 */
final class TriplePartKeys {
  private static final byte BY_OBJECT = 8;
  private static final byte BY_SUBJECT = 9;

  /** The row whose presence says every triple term of the store has its part rows. */
  static final long[] SENTINEL = sentinel();

  private TriplePartKeys() {}

  private static long[] sentinel() {
    byte[] b = "quarry:triple-part-rows:v1".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    long[] h = new long[2];
    Murmur3.hash128(b, b.length, 0, h);
    return new long[] {h[0], h[1], 1};
  }

  static long[] byObject(long p, long o) {
    return key(BY_OBJECT, p, o);
  }

  static long[] bySubject(long p, long s) {
    return key(BY_SUBJECT, p, s);
  }

  private static long[] key(byte kind, long a, long b) {
    byte[] bytes = new byte[17];
    bytes[0] = kind;
    for (int i = 0; i < 8; i++) {
      bytes[1 + i] = (byte) (a >>> (8 * i));
      bytes[9 + i] = (byte) (b >>> (8 * i));
    }
    long[] h = new long[2];
    Murmur3.hash128(bytes, bytes.length, 0, h);
    return h;
  }

  /** The part rows of the term with {@code record} and {@code id}: none unless a triple term. */
  static List<long[]> rows(byte[] record, long id) {
    long[] parts = new long[3];
    if (!TermCodec.tripleParts(record, parts)) {
      return List.of();
    }
    long[] o = byObject(parts[1], parts[2]);
    long[] s = bySubject(parts[1], parts[0]);
    return List.of(new long[] {o[0], o[1], id}, new long[] {s[0], s[1], id});
  }

  /** Part rows collected by several loading threads, flat, drained sorted. */
  static final class Rows {
    private long[] rows = new long[0];
    private int n; // longs used

    synchronized void addAll(List<long[]> more) {
      for (long[] row : more) {
        if (n + 3 > rows.length) {
          rows = java.util.Arrays.copyOf(rows, Math.max(3 * 1024, rows.length * 2));
        }
        System.arraycopy(row, 0, rows, n, 3);
        n += 3;
      }
    }

    synchronized boolean isEmpty() {
      return n == 0;
    }

    /** Heap held, for the load's memory budget. */
    synchronized long bytes() {
      return 8L * rows.length;
    }

    /** Every row, flat and sorted; empties the list. */
    synchronized long[] drainSorted() {
      long[] flat = java.util.Arrays.copyOf(rows, n);
      rows = new long[0];
      n = 0;
      RowSort.sort(flat, flat.length / 3, 3);
      return flat;
    }
  }
}
