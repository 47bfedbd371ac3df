package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadProbes;
import java.util.Arrays;

/** Quad patterns to look up in one batch, with the input row (and its key) each came from. */
final class RowProbes {
  private final int expected;
  QuadProbes quads; // made at the first probe: rows served another way need none
  int[] rows;
  long[] rowKeys;

  /** For about {@code expected} probes (a row's lookup usually adds one). */
  RowProbes(int expected) {
    this.expected = Math.max(1, expected);
  }

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
