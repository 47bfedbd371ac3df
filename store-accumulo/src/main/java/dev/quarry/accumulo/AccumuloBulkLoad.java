package dev.quarry.accumulo;

import dev.quarry.core.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.sparql.core.Quad;

/**
 * A bulk load: one write transaction, visible all at once when it commits (the commit record),
 * never if it aborts. Into an empty store, Accumulo's own bulk path: the quads kept as ids, then
 * every table's cells sorted and written as RFiles that the tablet servers adopt by bulk import
 * ({@link RFileImport}; the quads are held in memory, 32 bytes each). Into a store with quads, the
 * writer's batches ({@link AccumuloWriteView#addAll}): a few round trips per 20,000 quads, each
 * quad checked against what is there so that the counts stay exact.
 */
final class AccumuloBulkLoad implements Store.BulkLoad {
  private static final int BATCH = 20_000;

  private final AccumuloWriteView writer;
  private final String bulkDir;
  private final int tablets;
  private final boolean importing;
  private final List<Quad> pending = new ArrayList<>();
  private long[] ids = new long[4 * BATCH]; // importing: g, s, p, o per quad
  private int held;
  private long offered;
  private boolean done;
  private long encodeNanos;
  private final Map<String, Duration> phases = new LinkedHashMap<>();

  AccumuloBulkLoad(AccumuloWriteView writer, String bulkDir, int tablets) {
    this.writer = writer;
    this.bulkDir = bulkDir;
    this.tablets = tablets;
    this.importing = writer.startsEmpty();
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
    if (pending.isEmpty()) {
      return;
    }
    long t0 = System.nanoTime();
    drainTimed();
    encodeNanos += System.nanoTime() - t0;
  }

  private void drainTimed() {
    if (importing) {
      long[] batch = writer.encode(pending);
      if (ids.length < 4L * held + batch.length) {
        ids = Arrays.copyOf(ids, Math.max(ids.length * 2, 4 * held + batch.length));
      }
      System.arraycopy(batch, 0, ids, 4 * held, batch.length);
      held += pending.size();
    } else {
      writer.addAll(pending);
    }
    pending.clear();
  }

  @Override
  public synchronized long commit() {
    drain();
    phases.put(importing ? "encode terms" : "encode, check, send", Duration.ofNanos(encodeNanos));
    if (importing) {
      writer.commitImport(ids, held, bulkDir, tablets, phases);
    } else {
      long t0 = System.nanoTime();
      writer.commit();
      phases.put("commit", Duration.ofNanos(System.nanoTime() - t0));
    }
    done = true;
    return offered;
  }

  @Override
  public Map<String, Duration> phases() {
    return phases;
  }

  @Override
  public synchronized void abort() {
    if (!done) {
      done = true;
      writer.abort();
    }
  }
}
