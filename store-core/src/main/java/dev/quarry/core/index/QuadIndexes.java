package dev.quarry.core.index;

import dev.quarry.core.btree.BTree;
import dev.quarry.core.btree.Cursor;
import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.index.spi.QuadProbes;
import dev.quarry.core.index.spi.QuadScan;
import dev.quarry.core.index.spi.QuadSink;
import dev.quarry.core.txn.RootCatalog;

/**
 * The quad indexes of the paged engine: one copy-on-write B+tree per {@link QuadOrder}, its root in
 * the root slot the order names. Reading takes the root values of one state ({@code roots}, as
 * {@link RootCatalog#values}); writing goes through {@link QuadWriter}.
 */
public final class QuadIndexes {
  private final BTree[] trees = new BTree[QuadOrder.values().length];
  private final int[] slots = new int[trees.length];

  /**
   * The trees, their pages allocated for segment owners {@code firstOwner + order.ordinal()}, their
   * roots in the slots of {@code layout}.
   */
  public QuadIndexes(BufferPool pool, int firstOwner, RootCatalog layout) {
    for (QuadOrder o : QuadOrder.values()) {
      trees[o.ordinal()] = new BTree(pool, o.width(), firstOwner + o.ordinal());
      slots[o.ordinal()] = layout.slot(o.slot());
    }
  }

  public BTree tree(QuadOrder o) {
    return trees[o.ordinal()];
  }

  /** The position of order {@code o}'s root among a state's root values. */
  public int slot(QuadOrder o) {
    return slots[o.ordinal()];
  }

  public long root(long[] roots, QuadOrder o) {
    return roots[slots[o.ordinal()]];
  }

  /** A scan of index {@code o} over rows {@code [lo, hi]}. */
  public Cursor scan(long[] roots, QuadOrder o, long[] lo, long[] hi) {
    return tree(o).scan(root(roots, o), lo, hi);
  }

  public boolean contains(long[] roots, QuadOrder o, long[] row) {
    return tree(o).contains(root(roots, o), row);
  }

  /** True if index {@code o} has a row starting {@code (a, b)}. */
  boolean hasPrefix(long[] roots, QuadOrder o, long a, long b) {
    long[] lo = new long[o.width()];
    long[] hi = new long[o.width()];
    lo[0] = hi[0] = a;
    lo[1] = hi[1] = b;
    for (int c = 2; c < hi.length; c++) {
      hi[c] = -1L;
    }
    try (Cursor c = scan(roots, o, lo, hi)) {
      return c.next();
    }
  }

  // ---- reading --------------------------------------------------------------------------------

  /** The quads matching a pattern of ids (0 = any), as {@code {g, s, p, o}}, in index order. */
  public QuadIterator find(long[] roots, long g, long s, long p, long o) {
    return QuadIterator.of(this, roots, g, s, p, o);
  }

  /**
   * {@link #find} in column batches. A pattern binding nothing but its graph reads all of PSOG if
   * {@code graphIsLarge} (most quads are in it: one sequential pass beats a seek per subject), else
   * goes through GS; patterns without P but with S or O go through their projection.
   */
  public QuadScan scan(long[] roots, long g, long s, long p, long o, boolean graphIsLarge) {
    if (p == 0 && (s != 0 || o != 0 || (g != 0 && !graphIsLarge))) {
      return QuadScan.of(find(roots, g, s, p, o));
    }
    QuadOrder order = QuadOrder.forPattern(s, o);
    long[] lo = new long[4];
    long[] hi = new long[4];
    order.range(g, s, p, o, lo, hi);
    return new BatchScan(scan(roots, order, lo, hi), order, g, s, p, o);
  }

  /** The quads of graph {@code g} read from all of PSOG (see {@link #scan}). */
  public QuadIterator findInGraphByFullScan(long[] roots, long g) {
    return QuadIterator.fullScan(this, roots, g);
  }

  /**
   * The quads of predicate p (g: any graph if 0) whose object id is in one of the ranges {@code
   * [ranges[2i], ranges[2i+1]]}, ascending and disjoint, streamed from POGS.
   */
  public QuadIterator findObjectIn(long[] roots, long g, long p, long[] ranges) {
    return QuadIterator.objectIn(this, roots, g, p, ranges);
  }

  /**
   * About how many quads match a pattern with its predicate bound: exact when few, else from the
   * shape of the index {@link #find} would read (see {@link BTree#estimateRows}). Counts in the
   * bound prefix only: a bound graph after a free column is not counted out.
   */
  public long estimate(long[] roots, long g, long s, long p, long o) {
    QuadOrder order = QuadOrder.forPattern(s, o);
    long[] lo = new long[4];
    long[] hi = new long[4];
    order.range(g, s, p, o, lo, hi);
    return tree(order).estimateRows(root(roots, order), lo, hi);
  }

  /**
   * About how many quads of predicate p, in any graph, have an object in one of {@code ranges}: the
   * POGS ranges {@link #findObjectIn} reads, each estimated as {@link #estimate} does.
   */
  public long estimateObjectIn(long[] roots, long p, long[] ranges) {
    long[] lo = new long[4];
    long[] hi = new long[4];
    long n = 0;
    for (int i = 0; i < ranges.length; i += 2) {
      QuadOrder.POGS.range(0, 0, p, ranges[i], ranges[i + 1], lo, 0, hi, 0); // 0: any
      n += tree(QuadOrder.POGS).estimateRows(root(roots, QuadOrder.POGS), lo, hi);
    }
    return n;
  }

  /** The vectored lookup of {@link dev.quarry.core.index.spi.QuadView#lookup}. */
  public void lookup(long[] roots, QuadProbes probes, QuadSink sink) {
    VectoredLookup.run(this, roots, probes, sink);
  }
}
