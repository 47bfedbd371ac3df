package dev.quarry.core.index;

import dev.quarry.core.btree.BTree;
import dev.quarry.core.btree.Cursor;
import dev.quarry.core.btree.PageAllocator;
import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.dict.NodeIds;

/**
 * The quad index set: PSOG and POGS hold every quad; SP, OP and GS are distinct projections (which
 * predicates a subject has, which predicates have an object, which subjects a graph has), each row
 * present once, kept exact on insert and delete. Every pattern that binds P goes to PSOG or POGS;
 * the projections answer the patterns that do not.
 *
 * <p>Quads here are ids {@code (g, s, p, o)}. Segment owners (for the space map): {@link #OWNER} +
 * tree number.
 */
public final class QuadIndexes {
  public static final int OWNER = 2;
  private static final long MAX = -1L;

  final BTree[] trees = new BTree[Roots.COUNT];

  public QuadIndexes(BufferPool pool) {
    int[] widths = {4, 4, 2, 2, 2, 3, 4, 2};
    for (int t = 0; t < Roots.COUNT; t++) {
      trees[t] = new BTree(pool, widths[t], OWNER + t);
    }
  }

  public BTree tree(int t) {
    return trees[t];
  }

  /** Owner id of tree {@code t} in the space map. */
  public static int owner(int t) {
    return OWNER + t;
  }

  // ---- changes --------------------------------------------------------------------------------

  /** Adds a quad; false if it was there. {@code roots} is updated in place. */
  public boolean add(
      PageAllocator[] alloc, long[] roots, Stats stats, long g, long s, long p, long o) {
    long[] psog = {p, s, o, g};
    if (trees[Roots.PSOG].contains(roots[Roots.PSOG], psog)) {
      return false;
    }
    boolean newSubject = !hasPrefix(Roots.PSOG, roots, p, s);
    boolean newObject = !hasPrefix(Roots.POGS, roots, p, o);
    insert(alloc, roots, Roots.PSOG, psog);
    insert(alloc, roots, Roots.POGS, new long[] {p, o, g, s});
    insert(alloc, roots, Roots.SP, new long[] {s, p});
    insert(alloc, roots, Roots.OP, new long[] {o, p});
    insert(alloc, roots, Roots.GS, new long[] {g, s});
    stats.added(g, p, newSubject, newObject);
    return true;
  }

  /** Removes a quad; false if it was not there. */
  public boolean delete(
      PageAllocator[] alloc, long[] roots, Stats stats, long g, long s, long p, long o) {
    long[] psog = {p, s, o, g};
    if (!trees[Roots.PSOG].contains(roots[Roots.PSOG], psog)) {
      return false;
    }
    remove(alloc, roots, Roots.PSOG, psog);
    remove(alloc, roots, Roots.POGS, new long[] {p, o, g, s});
    boolean lastSubject = !hasPrefix(Roots.PSOG, roots, p, s);
    boolean lastObject = !hasPrefix(Roots.POGS, roots, p, o);
    if (lastSubject) {
      remove(alloc, roots, Roots.SP, new long[] {s, p});
    }
    if (lastObject) {
      remove(alloc, roots, Roots.OP, new long[] {o, p});
    }
    if (!graphHasSubject(roots, g, s)) {
      remove(alloc, roots, Roots.GS, new long[] {g, s});
    }
    stats.removed(g, p, lastSubject, lastObject);
    return true;
  }

  private void insert(PageAllocator[] alloc, long[] roots, int t, long[] row) {
    roots[t] = trees[t].insert(alloc[t], roots[t], row);
  }

  private void remove(PageAllocator[] alloc, long[] roots, int t, long[] row) {
    roots[t] = trees[t].delete(alloc[t], roots[t], row);
  }

  /** True if tree {@code t} has a row starting {@code (a, b)}. */
  boolean hasPrefix(int t, long[] roots, long a, long b) {
    int w = trees[t].width();
    long[] lo = new long[w];
    long[] hi = new long[w];
    lo[0] = hi[0] = a;
    lo[1] = hi[1] = b;
    for (int c = 2; c < w; c++) {
      hi[c] = MAX;
    }
    try (Cursor c = trees[t].scan(roots[t], lo, hi)) {
      return c.next();
    }
  }

  /** True if some quad in graph g has subject s: via the predicates of s (SP), then PSOG. */
  private boolean graphHasSubject(long[] roots, long g, long s) {
    try (Cursor preds =
        trees[Roots.SP].scan(roots[Roots.SP], new long[] {s, 0}, new long[] {s, MAX})) {
      while (preds.next()) {
        long p = preds.get(1);
        try (Cursor q =
            trees[Roots.PSOG].scan(
                roots[Roots.PSOG], new long[] {p, s, 0, 0}, new long[] {p, s, MAX, MAX})) {
          while (q.next()) {
            if (q.get(3) == g) {
              return true;
            }
          }
        }
      }
    }
    return false;
  }

  // ---- reading --------------------------------------------------------------------------------

  /**
   * The quads matching a pattern of ids ({@link NodeIds#NONE} = any; for g, any graph including the
   * default one), as {@code {g, s, p, o}} arrays, in index order.
   */
  public QuadIterator find(long[] roots, long g, long s, long p, long o) {
    return QuadIterator.of(this, roots, g, s, p, o);
  }

  /**
   * About how many quads match a pattern with its predicate bound ({@link NodeIds#NONE} = any):
   * exact when few, else from the shape of the index {@link #find} would read (see {@link
   * BTree#estimateRows}). Counts in the bound prefix only: a bound graph after a free column is not
   * counted out.
   */
  public long estimate(long[] roots, long g, long s, long p, long o) {
    boolean pogs = QuadIterator.byObject(s, o);
    long[] lo = pogs ? new long[] {p, o, g, s} : new long[] {p, s, o, g};
    long[] hi = lo.clone();
    QuadIterator.prefix(lo, hi);
    int t = pogs ? Roots.POGS : Roots.PSOG;
    return trees[t].estimateRows(roots[t], lo, hi);
  }

  /**
   * The quads {@code {g, s, p, o}} of predicate p (g: any graph if NONE) whose object id is in one
   * of the ranges {@code [ranges[2i], ranges[2i+1]]}, ascending and disjoint, streamed from POGS.
   */
  public QuadIterator findObjectIn(long[] roots, long g, long p, long[] ranges) {
    return QuadIterator.objectIn(this, roots, g, p, ranges);
  }
}
