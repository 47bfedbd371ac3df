package dev.quarry.accumulo;

import dev.quarry.core.dict.NodeIds;
import java.security.SecureRandom;

/**
 * An import's own terms by fingerprint: the id of each term it made, found by a 128-bit keyed hash
 * of the term's bytes (SipHash-2-4, a random key per import, so that no data can be made to
 * collide), 24 bytes a term in an open-addressed table of a fixed size. Two distinct terms share a
 * fingerprint with probability about n² / 2^129: 10^-23 for 100 million terms. When the table is
 * full the import forgets them all and reads terms back from the tables, as it would without it.
 */
final class TermPrints {
  private static final int BYTES_PER_SLOT = 24;

  private final long[] slots; // h1, h2, id; id == NONE: empty
  private final int mask;
  private final int max;
  private final long k0;
  private final long k1;
  private int size;

  /** A table of about {@code bytes}, holding up to 70% of its slots. */
  TermPrints(long bytes) {
    long want = Math.max(1024, Math.min(1L << 28, bytes / BYTES_PER_SLOT));
    int n = Integer.highestOneBit((int) want);
    slots = new long[3 * n];
    mask = n - 1;
    max = (int) (n * 0.7);
    SecureRandom r = new SecureRandom();
    k0 = r.nextLong();
    k1 = r.nextLong();
  }

  /** The id of the term whose bytes are {@code record}, or NONE. */
  long get(byte[] record) {
    long[] h = SipHash.hash128(k0, k1, record);
    for (int i = (int) h[0] & mask; ; i = (i + 1) & mask) {
      long id = slots[3 * i + 2];
      if (id == NodeIds.NONE) {
        return NodeIds.NONE;
      }
      if (slots[3 * i] == h[0] && slots[3 * i + 1] == h[1]) {
        return id;
      }
    }
  }

  /** Remembers a term's id; false if the table is full (nothing remembered). */
  boolean put(byte[] record, long id) {
    if (size >= max) {
      return false;
    }
    long[] h = SipHash.hash128(k0, k1, record);
    int i = (int) h[0] & mask;
    while (slots[3 * i + 2] != NodeIds.NONE) {
      if (slots[3 * i] == h[0] && slots[3 * i + 1] == h[1]) {
        slots[3 * i + 2] = id;
        return true;
      }
      i = (i + 1) & mask;
    }
    slots[3 * i] = h[0];
    slots[3 * i + 1] = h[1];
    slots[3 * i + 2] = id;
    size++;
    return true;
  }

  int size() {
    return size;
  }

  void clear() {
    java.util.Arrays.fill(slots, 0);
    size = 0;
  }
}
