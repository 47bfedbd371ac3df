package dev.quarry.rdf4j;

import dev.quarry.core.index.spi.ReadView;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A read view shared by a transaction and the iterations and query results opened in it: it ends
 * when the last of them lets go, so a result still open when its transaction ends reads on safely
 * (RDF4J lets results outlive their transaction).
 */
final class Snapshot {
  final ReadView view;
  private final AtomicInteger holders = new AtomicInteger(1);

  Snapshot(ReadView view) {
    this.view = view;
  }

  /** Another holder; returns this. */
  Snapshot retain() {
    if (holders.getAndIncrement() <= 0) {
      throw new IllegalStateException("the snapshot has ended");
    }
    return this;
  }

  /** A holder lets go; the last ends the view. */
  void release() {
    if (holders.decrementAndGet() == 0) {
      view.end();
    }
  }
}
