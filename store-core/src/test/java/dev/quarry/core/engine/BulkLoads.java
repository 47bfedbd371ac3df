package dev.quarry.core.engine;

import dev.quarry.core.Store;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;

/** Bulk loads as the loader runs them, and what a store holds, for the load tests. */
final class BulkLoads {
  private BulkLoads() {}

  /** Loads the quads from two threads at once, in batches; returns the bytes spilled to runs. */
  static long load(Store store, Store.BulkOptions options, List<Quad> quads) throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try (Store.BulkLoad bulk = store.bulkLoad(options)) {
      List<Future<?>> done = new ArrayList<>();
      for (int from = 0; from < quads.size(); from += 1000) {
        List<Quad> batch = quads.subList(from, Math.min(quads.size(), from + 1000));
        done.add(threads.submit(() -> bulk.addAll(batch)));
      }
      for (Future<?> f : done) {
        f.get();
      }
      long spilled = bulk.spilledBytes();
      bulk.commit();
      return spilled;
    } finally {
      threads.shutdownNow();
    }
  }

  /** Every quad the store holds, read in one transaction. */
  static Set<Quad> quads(Store store) {
    DatasetGraph dsg = store.dataset();
    Set<Quad> found = new HashSet<>();
    Txn.executeRead(dsg, () -> dsg.find().forEachRemaining(found::add));
    return found;
  }
}
