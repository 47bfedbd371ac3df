package dev.quarry.core.index;

import dev.quarry.core.btree.BTree;
import dev.quarry.core.btree.Cursor;
import dev.quarry.core.btree.PageAllocator;
import dev.quarry.core.btree.RowSort;
import dev.quarry.core.dict.Dictionary;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.txn.WriteTxn;
import java.util.Arrays;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Quad;

/**
 * Every change to the quads of one write transaction, on both paths:
 *
 * <ul>
 *   <li>trickle ({@link #trickle}): each quad is encoded, inserted in (or removed from) every
 *       index, and counted in the statistics at once;
 *   <li>bulk ({@link #bulk}): quads are encoded as they come (new terms' hash rows collected) and
 *       held as ids; {@link #finish} sorts them in each index's order, merges them with what the
 *       index holds, rebuilds it bottom-up, and recounts the statistics from the new PSOG.
 * </ul>
 *
 * Either way the rows are those of {@link QuadOrder}: this is the one place quads become rows.
 */
public final class QuadWriter {
  private static final long MAX = -1L;

  private final QuadIndexes ix;
  private final StatsTrees statsTrees;
  private final Dictionary dict;
  private final WriteTxn w;
  private final Dictionary.Writes terms;
  private final boolean bulk;
  private final PageAllocator[] allocators;
  private long[] held = new long[0]; // bulk: (g, s, p, o) ids
  private int count;

  private QuadWriter(QuadIndexes ix, StatsTrees stats, Dictionary dict, WriteTxn w, boolean bulk) {
    this.ix = ix;
    this.statsTrees = stats;
    this.dict = dict;
    this.w = w;
    this.terms = dict.writes(w);
    this.bulk = bulk;
    this.allocators = new PageAllocator[QuadOrder.values().length];
    for (QuadOrder order : QuadOrder.values()) {
      allocators[order.ordinal()] = w.allocator(ix.tree(order).owner());
    }
    if (bulk) {
      terms.deferIndexing();
      held = new long[4 * 4096];
    }
  }

  public static QuadWriter trickle(QuadIndexes ix, StatsTrees s, Dictionary d, WriteTxn w) {
    return new QuadWriter(ix, s, d, w, false);
  }

  public static QuadWriter bulk(QuadIndexes ix, StatsTrees s, Dictionary d, WriteTxn w) {
    return new QuadWriter(ix, s, d, w, true);
  }

  /** The id of a term, added to the dictionary if new; the default graph's constant for it. */
  public long encode(Node n) {
    return Quad.isDefaultGraph(n) ? NodeIds.DEFAULT_GRAPH : dict.getOrCreate(n, terms);
  }

  /** Encodes and adds a quad of terms. */
  public boolean add(Node g, Node s, Node p, Node o) {
    return add(encode(g), encode(s), encode(p), encode(o));
  }

  /** Adds a quad of ids; false if it was there (bulk: true, duplicates go at {@link #finish}). */
  public boolean add(long g, long s, long p, long o) {
    if (bulk) {
      hold(g, s, p, o);
      return true;
    }
    long[] psog = QuadOrder.PSOG.row(g, s, p, o);
    if (ix.contains(w.roots(), QuadOrder.PSOG, psog)) {
      return false;
    }
    long[] roots = w.roots();
    boolean newSubject = !ix.hasPrefix(roots, QuadOrder.PSOG, p, s);
    boolean newObject = !ix.hasPrefix(roots, QuadOrder.POGS, p, o);
    for (QuadOrder order : QuadOrder.values()) {
      insert(order, order.row(g, s, p, o)); // a projection row already there stays one row
    }
    statsTrees.of(w).added(g, p, newSubject, newObject);
    w.markChanged();
    return true;
  }

  /** Removes a quad of ids; false if it was not there. Trickle only. */
  public boolean delete(long g, long s, long p, long o) {
    if (bulk) {
      throw new IllegalStateException("a bulk load only adds");
    }
    long[] roots = w.roots();
    long[] psog = QuadOrder.PSOG.row(g, s, p, o);
    if (!ix.contains(roots, QuadOrder.PSOG, psog)) {
      return false;
    }
    remove(QuadOrder.PSOG, psog);
    remove(QuadOrder.POGS, QuadOrder.POGS.row(g, s, p, o));
    boolean lastSubject = !ix.hasPrefix(roots, QuadOrder.PSOG, p, s);
    boolean lastObject = !ix.hasPrefix(roots, QuadOrder.POGS, p, o);
    if (lastSubject) {
      remove(QuadOrder.SP, QuadOrder.SP.row(g, s, p, o));
    }
    if (lastObject) {
      remove(QuadOrder.OP, QuadOrder.OP.row(g, s, p, o));
    }
    if (!graphHasSubject(roots, g, s)) {
      remove(QuadOrder.GS, QuadOrder.GS.row(g, s, p, o));
    }
    statsTrees.of(w).removed(g, p, lastSubject, lastObject);
    w.markChanged();
    return true;
  }

  /**
   * Bulk: writes what was added into the indexes and recounts the statistics; the transaction is
   * then ready to commit. Trickle: nothing to do.
   */
  public void finish() {
    if (!bulk) {
      return;
    }
    dict.finishBulk(terms);
    long[] rows = new long[count * 4];
    for (QuadOrder order : QuadOrder.values()) {
      int width = order.width();
      for (int i = 0; i < count; i++) {
        order.toRow(held, i * 4, rows, i * width);
      }
      RowSort.sort(rows, count, width);
      int n = RowSort.dedupe(rows, count, width);
      BTree tree = ix.tree(order);
      int slot = ix.slot(order);
      w.setRoot(slot, tree.rebuildWith(allocators[order.ordinal()], w.root(slot), rows, n));
    }
    held = null;
    statsTrees.replace(w, Stats.count(ix, w.roots()));
    w.markChanged();
  }

  private void hold(long g, long s, long p, long o) {
    if (held.length < (count + 1) * 4) {
      held = Arrays.copyOf(held, held.length * 2);
    }
    int at = count * 4;
    held[at] = g;
    held[at + 1] = s;
    held[at + 2] = p;
    held[at + 3] = o;
    count++;
  }

  private void insert(QuadOrder order, long[] row) {
    BTree tree = ix.tree(order);
    int slot = ix.slot(order);
    w.setRoot(slot, tree.insert(allocators[order.ordinal()], w.root(slot), row));
  }

  private void remove(QuadOrder order, long[] row) {
    BTree tree = ix.tree(order);
    int slot = ix.slot(order);
    w.setRoot(slot, tree.delete(allocators[order.ordinal()], w.root(slot), row));
  }

  /** True if some quad in graph g has subject s: via the predicates of s (SP), then PSOG. */
  private boolean graphHasSubject(long[] roots, long g, long s) {
    try (Cursor preds = ix.scan(roots, QuadOrder.SP, new long[] {s, 0}, new long[] {s, MAX})) {
      while (preds.next()) {
        long p = preds.get(1);
        try (Cursor q =
            ix.scan(roots, QuadOrder.PSOG, new long[] {p, s, 0, 0}, new long[] {p, s, MAX, MAX})) {
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
}
