package dev.quarry.core.paged;

import dev.quarry.core.Store;
import dev.quarry.core.btree.BTree;
import dev.quarry.core.btree.RowSort;
import dev.quarry.core.dict.Dictionary;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.index.QuadIndexes;
import dev.quarry.core.index.Roots;
import dev.quarry.core.index.Stats;
import dev.quarry.core.txn.Transactions;
import dev.quarry.core.txn.WriteTxn;
import java.util.Arrays;
import org.apache.jena.graph.Node;
import org.apache.jena.shared.JenaException;
import org.apache.jena.sparql.core.Quad;

/**
 * The bulk path: terms are encoded as they come (new ones appended to the term table, their hash
 * rows collected), quads kept as ids; at commit each index's rows are sorted in its order, merged
 * with what the index holds, and the index rebuilt bottom-up; the statistics are recounted from the
 * new PSOG; then one commit. Everything is in one write transaction, so the load is atomic.
 *
 * <p>The quads are held in memory (32 bytes each, plus one sort buffer), which bounds a single load
 * by the heap; spilling sorted runs to disk is the next step for loads beyond it.
 */
final class PagedBulkLoad implements Store.BulkLoad {
  private final PagedStore store;
  private final Transactions txns;
  private final Dictionary dict;
  private final WriteTxn w;
  private long[] quads = new long[4 * 4096]; // (g, s, p, o) ids
  private int count;
  private long offered;
  private boolean done;

  PagedBulkLoad(PagedStore store) {
    this.store = store;
    this.txns = store.transactions();
    this.dict = store.dictionary();
    this.w = txns.beginWrite();
    w.terms().deferIndexing();
  }

  @Override
  public void add(Quad q) {
    Node g = q.getGraph();
    if (Quad.isUnionGraph(g)) {
      throw new JenaException("cannot load into the union graph");
    }
    Dictionary.Writes t = w.terms();
    long gi = Quad.isDefaultGraph(g) ? NodeIds.DEFAULT_GRAPH : dict.getOrCreate(g, t);
    long si = dict.getOrCreate(q.getSubject(), t);
    long pi = dict.getOrCreate(q.getPredicate(), t);
    long oi = dict.getOrCreate(q.getObject(), t);
    if (quads.length < (count + 1) * 4) {
      quads = Arrays.copyOf(quads, quads.length * 2);
    }
    int at = count * 4;
    quads[at] = gi;
    quads[at + 1] = si;
    quads[at + 2] = pi;
    quads[at + 3] = oi;
    count++;
    offered++;
  }

  @Override
  public long commit() {
    done = true;
    try {
      dict.finishBulk(w.terms());
      long[] roots = w.roots();
      QuadIndexes ix = store.indexes();
      // Column orders of each index, as positions in (g, s, p, o).
      int[][] orders = {{2, 1, 3, 0}, {2, 3, 0, 1}, {1, 2}, {3, 2}, {0, 1}};
      int[] trees = {Roots.PSOG, Roots.POGS, Roots.SP, Roots.OP, Roots.GS};
      long[] rows = new long[count * 4];
      for (int k = 0; k < trees.length; k++) {
        int[] order = orders[k];
        int width = order.length;
        for (int i = 0; i < count; i++) {
          for (int c = 0; c < width; c++) {
            rows[i * width + c] = quads[i * 4 + order[c]];
          }
        }
        RowSort.sort(rows, count, width);
        int n = RowSort.dedupe(rows, count, width);
        BTree tree = ix.tree(trees[k]);
        roots[trees[k]] = tree.rebuildWith(w.allocators()[trees[k]], roots[trees[k]], rows, n);
      }
      quads = null;
      w.replaceStats(Stats.count(ix, roots));
      w.markChanged();
      txns.commit(w);
      return offered;
    } catch (RuntimeException e) {
      if (!txnEnded()) {
        txns.abort(w);
      }
      throw e;
    }
  }

  private boolean txnEnded() {
    return !txns.isWriter();
  }

  @Override
  public void abort() {
    if (!done) {
      done = true;
      txns.abort(w);
    }
  }
}
