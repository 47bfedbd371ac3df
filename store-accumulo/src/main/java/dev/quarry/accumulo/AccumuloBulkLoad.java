package dev.quarry.accumulo;

import dev.quarry.core.Store;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.sparql.core.Quad;

/**
 * A bulk load: one write transaction, fed in batches of quads ({@link AccumuloWriteView#addAll}),
 * so that each batch costs a few round trips however many quads it holds. Visible all at once when
 * it commits (the commit record), never if it aborts.
 */
final class AccumuloBulkLoad implements Store.BulkLoad {
  private static final int BATCH = 20_000;

  private final AccumuloWriteView writer;
  private final List<Quad> pending = new ArrayList<>();
  private long offered;
  private boolean done;

  AccumuloBulkLoad(AccumuloWriteView writer) {
    this.writer = writer;
  }

  @Override
  public synchronized void add(Quad quad) {
    pending.add(quad);
    offered++;
    if (pending.size() >= BATCH) {
      drain();
    }
  }

  @Override
  public synchronized void addAll(List<Quad> quads) {
    pending.addAll(quads);
    offered += quads.size();
    if (pending.size() >= BATCH) {
      drain();
    }
  }

  private void drain() {
    writer.addAll(pending);
    pending.clear();
  }

  @Override
  public synchronized long commit() {
    drain();
    writer.commit();
    done = true;
    return offered;
  }

  @Override
  public synchronized void abort() {
    if (!done) {
      done = true;
      writer.abort();
    }
  }
}
