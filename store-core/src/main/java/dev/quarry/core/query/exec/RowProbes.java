package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadProbes;
import java.util.Arrays;

/** Quad patterns to look up in one batch, with the input row (and its key) each came from. */
final class RowProbes {
  private final int expected;
  QuadProbes quads; // made at the first probe: rows served another way need none
  int[] rows;
  long[] rowKeys;

  /**
   * Room for the probes a chunk of rows may add, at most {@link #FIRST}: it grows as they come. A
   * chunk of thousands of rows may add few (rows served by a range, a whole read or a scan): sized
   * for every row, the probes took about five times the room they used (BSBM 100M, by JFR).
   */
  RowProbes(int rows) {
    this.expected = Math.clamp(rows, 1, FIRST);
  }

  private static final int FIRST = 64;

  void add(int row, long rowKey, long g, long s, long p, long oLo, long oHi) {
    if (quads == null) {
      quads = new QuadProbes(expected);
      rows = new int[expected];
      rowKeys = new long[expected];
    }
    int n = quads.addObjectRange(g, s, p, oLo, oHi);
    if (n == rows.length) {
      rows = Arrays.copyOf(rows, n * 2);
      rowKeys = Arrays.copyOf(rowKeys, n * 2);
    }
    rows[n] = row;
    rowKeys[n] = rowKey;
  }

  int size() {
    return quads == null ? 0 : quads.size();
  }
}
