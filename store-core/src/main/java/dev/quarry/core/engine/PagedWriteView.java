package dev.quarry.core.engine;

import dev.quarry.core.index.QuadWriter;
import dev.quarry.core.index.Stats;
import dev.quarry.core.index.spi.TextSearch;
import dev.quarry.core.index.spi.WriteView;
import dev.quarry.core.text.TextIndex;
import dev.quarry.core.txn.WriteTxn;
import org.apache.jena.graph.Node;

/** The writer's view: its working roots, terms and statistics; writes through a QuadWriter. */
final class PagedWriteView extends PagedView implements WriteView {
  private final WriteTxn txn;
  private final QuadWriter writer;
  private final TextIndex text; // null: off

  PagedWriteView(PagedBackend engine, WriteTxn txn) {
    super(engine, txn.roots(), engine.dictionary().writes(txn), -1);
    this.txn = txn;
    this.writer = engine.writer(txn);
    this.text = engine.text();
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
    boolean added = writer.add(g, s, p, o);
    if (added && text != null) {
      text.touched(txn, p, o);
    }
    return added;
  }

  @Override
  public boolean delete(long g, long s, long p, long o) {
    boolean deleted = writer.delete(g, s, p, o);
    if (deleted && text != null) {
      text.touched(txn, p, o);
    }
    return deleted;
  }

  /** The text index as this writer sees it: its base's, with its own changes laid over. */
  @Override
  public TextSearch text() {
    if (text == null) {
      return null;
    }
    writer.flush();
    return text.forWriter(txn);
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
