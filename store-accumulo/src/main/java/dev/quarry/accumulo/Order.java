package dev.quarry.accumulo;

import java.util.Locale;
import org.apache.accumulo.core.data.Range;
import org.apache.hadoop.io.Text;

/**
 * The orders the quads are kept in, one table each, with the four ids of a quad as a 32-byte row
 * key in that order (big-endian, so that the byte order of keys is the unsigned order of ids). Five
 * full orders rather than two and three projections: on Accumulo a pattern costs a round trip, so
 * every pattern shape is one range of one table; the bytes are cheap there (keys compress by their
 * common prefixes in RFiles).
 */
enum Order {
  PSOG(2, 1, 3, 0),
  POGS(2, 3, 0, 1),
  SOPG(1, 3, 2, 0),
  OGSP(3, 0, 1, 2),
  GSPO(0, 1, 2, 3);

  static final int KEY_BYTES = 32;

  /** Quad positions (0 g, 1 s, 2 p, 3 o) in key order. */
  final int[] parts;

  Order(int... parts) {
    this.parts = parts;
  }

  /**
   * The counts-table kind whose pairs lead this order's rows ('s': (p, s) of PSOG, 'o': (p, o) of
   * POGS, 'g': (g, s) of GSPO), so that a pair's count is its run of rows; 0 for the other orders.
   */
  byte pairKind() {
    return switch (this) {
      case PSOG -> (byte) 's';
      case POGS -> (byte) 'o';
      case GSPO -> (byte) 'g';
      default -> 0;
    };
  }

  String suffix() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The row of quad {@code q} ({g, s, p, o}). */
  byte[] key(long[] q) {
    byte[] k = new byte[KEY_BYTES];
    for (int i = 0; i < 4; i++) {
      Bytes.putLong(k, i * 8, q[parts[i]]);
    }
    return k;
  }

  /** The quad {g, s, p, o} of a row of this order. */
  void decode(byte[] row, long[] quad) {
    for (int i = 0; i < 4; i++) {
      quad[parts[i]] = Bytes.getLong(row, i * 8);
    }
  }

  /** How many of this order's leading parts the pattern binds (0 = none means "any"). */
  int boundPrefix(long[] pattern) {
    int n = 0;
    while (n < 4 && pattern[parts[n]] != 0) {
      n++;
    }
    return n;
  }

  /** The rows whose first {@code n} parts are the pattern's. */
  Range prefixRange(long[] pattern, int n) {
    if (n == 0) {
      return new Range();
    }
    byte[] prefix = new byte[n * 8];
    for (int i = 0; i < n; i++) {
      Bytes.putLong(prefix, i * 8, pattern[parts[i]]);
    }
    return Range.prefix(new Text(prefix));
  }

  /**
   * The order that serves a pattern ({g, s, p, o}, 0 = any) in one range: the longest bound prefix,
   * the first listed on a tie, so that with p and g bound and s free PSOG answers in subject order,
   * as the SPI promises.
   */
  static Order forPattern(long[] pattern) {
    Order best = PSOG;
    int bestN = -1;
    for (Order o : values()) {
      int n = o.boundPrefix(pattern);
      if (n > bestN) {
        best = o;
        bestN = n;
      }
    }
    return best;
  }
}
