package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadProbes;
import java.util.Arrays;

/**
 * Quad patterns to look up in one batch, with the input row (and its key) each came from. An
 * operator keeps one and {@link #reset}s it for each chunk of rows: its arrays stay at the size the
 * largest chunk needed instead of growing again from small for every chunk (at BSBM 100M a pattern
 * join's probes, made new per chunk and grown by doubling, were a quarter of all the bytes the
 * server allocated, by JFR).
 */
final class RowProbes {
  private int expected = 1;
  QuadProbes quads; // made at the first probe: rows served another way need none
  int[] rows;
  long[] rowKeys;

  /**
   * Empties it for a chunk that may add up to {@code rows} probes, at first room for at most {@link
   * #FIRST}: it grows as they come. A chunk of thousands of rows may add few (rows served by a
   * range, a whole read or a scan): sized for every row, the probes took about five times the room
   * they used.
   */
  void reset(int rows) {
    room(Math.min(rows, FIRST));
  }

  /**
   * Empties it for a chunk of {@code rows} rows each expected to add a probe (rows of one pattern
   * with a bound subject and an object range: once one is, the rest of its chunk mostly are).
   */
  void resetForEach(int rows) {
    room(rows);
  }

  private static final int FIRST = 64;

  /** Empty, with room for {@code n} probes: arrays smaller than that go, made again at the next. */
  private void room(int n) {
    expected = Math.max(1, n);
    if (rows != null && rows.length < expected) {
      quads = null;
      rows = null;
      rowKeys = null;
    } else if (quads != null) {
      quads.clear();
    }
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
