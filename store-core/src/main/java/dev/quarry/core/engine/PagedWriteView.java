package dev.quarry.core.engine;

import dev.quarry.core.index.QuadWriter;
import dev.quarry.core.index.Stats;
import dev.quarry.core.index.spi.WriteView;
import dev.quarry.core.txn.WriteTxn;
import org.apache.jena.graph.Node;

/** The writer's view: its working roots, terms and statistics; writes through a QuadWriter. */
final class PagedWriteView extends PagedView implements WriteView {
  private final WriteTxn txn;
  private final QuadWriter writer;

  PagedWriteView(PagedBackend engine, WriteTxn txn) {
    super(engine, txn.roots(), engine.dictionary().writes(txn), -1);
    this.txn = txn;
    this.writer = engine.writer(txn);
  }

  @Override
  Stats stats() {
    return engine.statsTrees().of(txn);
  }

  /** Held adds are written before anything reads this state, so the writer sees its writes. */
  @Override
  void beforeRead() {
    writer.flush();
  }

  @Override
  public long generation() {
    return -1;
  }

  @Override
  public long idOrCreate(Node n) {
    return writer.encode(n);
  }

  @Override
  public boolean add(long g, long s, long p, long o) {
    return writer.add(g, s, p, o);
  }

  @Override
  public boolean delete(long g, long s, long p, long o) {
    return writer.delete(g, s, p, o);
  }

  @Override
  public long baseGeneration() {
    return txn.base().generation();
  }

  @Override
  public void commit() {
    writer.finish();
    engine.txns().commit(txn);
  }

  @Override
  public void abort() {
    engine.txns().abort(txn);
  }
}
