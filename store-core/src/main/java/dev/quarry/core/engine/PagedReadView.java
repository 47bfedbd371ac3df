package dev.quarry.core.engine;

import dev.quarry.core.index.Stats;
import dev.quarry.core.index.spi.ReadView;
import dev.quarry.core.index.spi.TextSearch;
import dev.quarry.core.text.TextIndex;
import dev.quarry.core.txn.ReadTxn;

/** A reader's view: the snapshot it began on. */
final class PagedReadView extends PagedView implements ReadView {
  private final ReadTxn txn;
  private final Stats stats;
  private String durableName; // made at its first use

  PagedReadView(PagedBackend engine, ReadTxn txn) {
    super(engine, txn.state().roots().values(), null, engine.dictionary().hashRoot(txn.state()));
    this.txn = txn;
    this.stats = engine.statsTrees().read(txn.state());
  }

  ReadTxn txn() {
    return txn;
  }

  @Override
  Stats stats() {
    return stats;
  }

  /** A snapshot's pages do not change: any number of threads may read them. */
  @Override
  public boolean concurrentScans() {
    return true;
  }

  @Override
  public long generation() {
    return txn.state().generation();
  }

  @Override
  public String durableName() {
    String n = durableName;
    if (n == null) {
      durableName = n = engine.durableName(roots);
    }
    return n;
  }

  @Override
  public TextSearch text() {
    return TextIndex.of(txn.state());
  }

  @Override
  public void end() {
    engine.txns().endRead(txn);
  }
}
