package dev.quarry.accumulo;

import dev.quarry.core.Store;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.jena.sparql.core.Quad;

/**
 * A bulk load: one write transaction, visible all at once when it commits (the commit record),
 * never if it aborts. Into an empty store, Accumulo's own bulk path: the quads kept as ids within
 * the load's memory budget, sorted runs on disk beyond it ({@link ImportRuns}), then every quad
 * table's cells streamed into RFiles that the tablet servers adopt by bulk import ({@link
 * RFileImport}); the new terms go with the writer's batches as they come, and the writer keeps the
 * recent ones only, so that no part of the load grows with its size. Into a store with quads, the
 * writer's batches ({@link AccumuloWriteView#addAll}): a few round trips per 20,000 quads, each
 * quad checked against what is there so that the counts stay exact.
 */
final class AccumuloBulkLoad implements Store.BulkLoad {
  private static final int BATCH = 20_000;

  private final AccumuloWriteView writer;
  private final String bulkDir;
  private final int tablets;
  private final boolean importing;
  private final int threads;
  private final ImportRuns runs; // importing: the quads as ids (g, s, p, o)
  private final List<Quad> pending = new ArrayList<>();
  private long offered;
  private boolean done;
  private long encodeNanos;
  private final Map<String, Duration> phases = new LinkedHashMap<>();

  AccumuloBulkLoad(
      AccumuloWriteView writer, String bulkDir, int tablets, Store.BulkOptions options) {
    this.writer = writer;
    this.bulkDir = bulkDir;
    this.tablets = tablets;
    this.threads = options.threads();
    this.importing = writer.startsEmpty();
    if (importing) {
      // Half the budget for quads (ImportRuns), a quarter for the fingerprints of the terms the
      // writer made (24 bytes each).
      runs =
          new ImportRuns(
              ImportRuns.capacityFor(options.memoryBytes() / 2),
              Path.of(System.getProperty("java.io.tmpdir"))
                  .resolve("quarry-import-" + UUID.randomUUID()));
      writer.beginImport(options.memoryBytes() / 4);
    } else {
      runs = null;
    }
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
      runs.add(writer.encode(pending), pending.size());
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
      writer.commitImport(runs, bulkDir, tablets, threads, phases);
    } else {
      long t0 = System.nanoTime();
      writer.commit();
      phases.put("commit", Duration.ofNanos(System.nanoTime() - t0));
    }
    done = true;
    return offered;
  }

  @Override
  public synchronized long spilledBytes() {
    return runs == null ? 0 : runs.spilledBytes();
  }

  @Override
  public Map<String, Duration> phases() {
    return phases;
  }

  @Override
  public synchronized void abort() {
    if (!done) {
      done = true;
      try {
        writer.abort();
      } finally {
        if (runs != null) {
          runs.close();
        }
      }
    }
  }
}
