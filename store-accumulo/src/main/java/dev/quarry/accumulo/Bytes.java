package dev.quarry.accumulo;

/** Big-endian longs in byte arrays: keys whose byte order is the unsigned order of ids. */
final class Bytes {
  private Bytes() {}

  static void putLong(byte[] b, int at, long v) {
    for (int i = 7; i >= 0; i--) {
      b[at + i] = (byte) v;
      v >>>= 8;
    }
  }

  static long getLong(byte[] b, int at) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (b[at + i] & 0xFF);
    }
    return v;
  }

  static byte[] ofLong(long v) {
    byte[] b = new byte[8];
    putLong(b, 0, v);
    return b;
  }

  /** {@code tag} followed by the longs, big-endian. */
  static byte[] tagged(byte tag, long... vs) {
    byte[] b = new byte[1 + 8 * vs.length];
    b[0] = tag;
    for (int i = 0; i < vs.length; i++) {
      putLong(b, 1 + 8 * i, vs[i]);
    }
    return b;
  }
}
