package dev.quarry.accumulo;

import dev.quarry.core.index.spi.ReadView;

/** A reader: the state of one committed transaction, whatever commits after it began. */
final class AccumuloReadView extends AccumuloView implements ReadView {
  private final ReadPoint at;
  private Stats stats;

  AccumuloReadView(AccumuloBackend backend, ReadPoint at) {
    super(backend, backend.cacheFor(at));
    this.at = at;
  }

  @Override
  ReadPoint readPoint() {
    return at;
  }

  @Override
  Terms.Local local() {
    return null;
  }

  @Override
  Stats stats() {
    if (stats == null) {
      stats = backend.stats(at);
    }
    return stats;
  }

  @Override
  public long generation() {
    return at.txn();
  }

  @Override
  public void end() {
    closeScans();
  }
}
