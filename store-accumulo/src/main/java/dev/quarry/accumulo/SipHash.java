package dev.quarry.accumulo;

/**
 * SipHash-2-4 (Aumasson and Bernstein, 2012) with its 128-bit output: a keyed hash whose outputs
 * cannot be made to collide without the key. Written from the paper's description.
 */
final class SipHash {
  private SipHash() {}

  /** The 64-bit SipHash-2-4 of {@code m} under key (k0, k1). */
  static long hash64(long k0, long k1, byte[] m) {
    long[] v = init(k0, k1, false);
    compress(v, m);
    v[2] ^= 0xff;
    rounds(v, 4);
    return v[0] ^ v[1] ^ v[2] ^ v[3];
  }

  /** The 128-bit SipHash-2-4 of {@code m} under key (k0, k1), as {first 8 bytes, last 8}. */
  static long[] hash128(long k0, long k1, byte[] m) {
    long[] v = init(k0, k1, true);
    compress(v, m);
    v[2] ^= 0xee;
    rounds(v, 4);
    long h0 = v[0] ^ v[1] ^ v[2] ^ v[3];
    v[1] ^= 0xdd;
    rounds(v, 4);
    return new long[] {h0, v[0] ^ v[1] ^ v[2] ^ v[3]};
  }

  private static long[] init(long k0, long k1, boolean wide) {
    return new long[] {
      k0 ^ 0x736f6d6570736575L,
      k1 ^ 0x646f72616e646f6dL ^ (wide ? 0xee : 0),
      k0 ^ 0x6c7967656e657261L,
      k1 ^ 0x7465646279746573L
    };
  }

  /** The message's 8-byte little-endian words, then its last bytes with its length. */
  private static void compress(long[] v, byte[] m) {
    int whole = m.length & ~7;
    for (int i = 0; i < whole; i += 8) {
      long w = 0;
      for (int k = 7; k >= 0; k--) {
        w = (w << 8) | (m[i + k] & 0xFF);
      }
      word(v, w);
    }
    long last = (long) (m.length & 0xFF) << 56;
    for (int k = m.length - 1; k >= whole; k--) {
      last |= (long) (m[k] & 0xFF) << (8 * (k - whole));
    }
    word(v, last);
  }

  private static void word(long[] v, long w) {
    v[3] ^= w;
    rounds(v, 2);
    v[0] ^= w;
  }

  private static void rounds(long[] v, int n) {
    for (int r = 0; r < n; r++) {
      v[0] += v[1];
      v[1] = Long.rotateLeft(v[1], 13);
      v[1] ^= v[0];
      v[0] = Long.rotateLeft(v[0], 32);
      v[2] += v[3];
      v[3] = Long.rotateLeft(v[3], 16);
      v[3] ^= v[2];
      v[0] += v[3];
      v[3] = Long.rotateLeft(v[3], 21);
      v[3] ^= v[0];
      v[2] += v[1];
      v[1] = Long.rotateLeft(v[1], 17);
      v[1] ^= v[2];
      v[2] = Long.rotateLeft(v[2], 32);
    }
  }
}
