package dev.quarry.core.index;

import dev.quarry.core.btree.Cursor;
import dev.quarry.core.index.spi.QuadScan;

/**
 * A {@link QuadScan} over one complete order (PSOG or POGS) between two keys: rows are copied out
 * of the cursor a batch at a time and split into the caller's columns, the parts the key range does
 * not fix (a graph after a free column) checked on the way.
 */
final class BatchScan implements QuadScan {
  private final Cursor cursor;
  private final long g;
  private final long s;
  private final long p;
  private final long o;
  private final int gi;
  private final int si;
  private final int pi;
  private final int oi;
  private final boolean filter;

  /**
   * Rows copied out of the cursor, per thread: a read fills and splits them before it returns, so
   * scans on one thread can share them (a query makes many small scans).
   */
  private static final ThreadLocal<long[][]> ROWS = ThreadLocal.withInitial(() -> new long[1][0]);

  BatchScan(Cursor cursor, QuadOrder order, long g, long s, long p, long o) {
    this.cursor = cursor;
    this.g = g;
    this.s = s;
    this.p = p;
    this.o = o;
    this.gi = order.columnOf(QuadOrder.G);
    this.si = order.columnOf(QuadOrder.S);
    this.pi = order.columnOf(QuadOrder.P);
    this.oi = order.columnOf(QuadOrder.O);
    this.filter = g != 0 || s != 0 || p != 0 || o != 0;
  }

  @Override
  public int read(long[] gs, long[] ss, long[] ps, long[] os, int max) {
    long[][] scratch = ROWS.get();
    if (scratch[0].length < max * 4) {
      scratch[0] = new long[Math.max(max * 4, 64)];
    }
    long[] rows = scratch[0];
    int n = 0;
    for (int got = cursor.fill(rows, max); got > 0; got = n == 0 ? cursor.fill(rows, max) : 0) {
      for (int r = 0, at = 0; r < got; r++, at += 4) {
        long qg = rows[at + gi];
        long qs = rows[at + si];
        long qp = rows[at + pi];
        long qo = rows[at + oi];
        if (filter
            && ((g != 0 && g != qg)
                || (s != 0 && s != qs)
                || (p != 0 && p != qp)
                || (o != 0 && o != qo))) {
          continue;
        }
        if (gs != null) {
          gs[n] = qg;
        }
        if (ss != null) {
          ss[n] = qs;
        }
        if (ps != null) {
          ps[n] = qp;
        }
        if (os != null) {
          os[n] = qo;
        }
        n++;
      }
    }
    return n;
  }
}
