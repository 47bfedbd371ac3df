package dev.quarry.accumulo;

import dev.quarry.core.index.spi.ReadView;

/** A reader: the state of one committed transaction, whatever commits after it began. */
final class AccumuloReadView extends AccumuloView implements ReadView {
  private final ReadPoint at;
  private final long floor; // its registration with the server's Readers
  private boolean ended;
  private Stats stats;

  AccumuloReadView(AccumuloBackend backend, ReadPoint at, long floor) {
    super(backend, backend.cacheFor(at));
    this.at = at;
    this.floor = floor;
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
    if (!ended) {
      ended = true;
      backend.readers.exit(floor);
    }
  }
}
