package dev.quarry.core.index.spi;

import java.util.Iterator;

/**
 * The quads of a pattern read a batch at a time into columns: what a scan of many quads needs, with
 * no object per quad ({@link QuadView#scan}). A scan is used by one thread.
 */
@FunctionalInterface
public interface QuadScan {
  /**
   * Reads up to {@code max} more quads into {@code g, s, p, o} from index 0; returns how many, 0
   * when the scan is over. A null array is a column the caller does not want.
   */
  int read(long[] g, long[] s, long[] p, long[] o, int max);

  /** A scan over quads given one by one as {@code {g, s, p, o}} (a backend's fallback). */
  static QuadScan of(Iterator<long[]> quads) {
    return (g, s, p, o, max) -> {
      int n = 0;
      while (n < max && quads.hasNext()) {
        long[] q = quads.next();
        if (g != null) {
          g[n] = q[0];
        }
        if (s != null) {
          s[n] = q[1];
        }
        if (p != null) {
          p[n] = q[2];
        }
        if (o != null) {
          o[n] = q[3];
        }
        n++;
      }
      return n;
    };
  }
}
