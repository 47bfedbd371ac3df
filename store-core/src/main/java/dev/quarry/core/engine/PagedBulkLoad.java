package dev.quarry.core.engine;

import dev.quarry.core.Store;
import dev.quarry.core.index.QuadWriter;
import dev.quarry.core.txn.Transactions;
import dev.quarry.core.txn.WriteTxn;
import org.apache.jena.graph.Node;
import org.apache.jena.shared.JenaException;
import org.apache.jena.sparql.core.Quad;

/**
 * The bulk path: one write transaction and a bulk {@link QuadWriter} (terms encoded as they come,
 * quads held as ids; at commit every index rebuilt with them bottom-up and the statistics
 * recounted), then one commit. The load is atomic.
 *
 * <p>The quads are held in memory (32 bytes each, plus one sort buffer), which bounds a single load
 * by the heap; spilling sorted runs to disk is the next step for loads beyond it.
 */
final class PagedBulkLoad implements Store.BulkLoad {
  private final Transactions txns;
  private final WriteTxn w;
  private final QuadWriter writer;
  private long offered;
  private boolean done;

  PagedBulkLoad(PagedBackend engine) {
    this.txns = engine.txns;
    this.w = engine.writeTxn();
    try {
      this.writer = engine.writer(w, true);
    } catch (RuntimeException e) {
      txns.abort(w);
      throw e;
    }
  }

  @Override
  public void add(Quad q) {
    Node g = q.getGraph();
    if (Quad.isUnionGraph(g)) {
      throw new JenaException("cannot load into the union graph");
    }
    writer.add(g, q.getSubject(), q.getPredicate(), q.getObject());
    offered++;
  }

  @Override
  public long commit() {
    done = true;
    try {
      writer.finish();
      txns.commit(w);
      return offered;
    } catch (RuntimeException e) {
      txns.abort(w); // harmless if the commit had ended it
      throw e;
    }
  }

  @Override
  public void abort() {
    if (!done) {
      done = true;
      txns.abort(w);
    }
  }
}
