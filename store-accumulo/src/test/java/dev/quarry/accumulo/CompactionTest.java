package dev.quarry.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.config.Config;
import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.index.spi.ReadView;
import dev.quarry.core.index.spi.WriteView;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Housekeeping on a real instance: a compaction keeps every version a reader of any server can read
 * (a reader of an old state on another server holds the horizon back), drops the cells of aborted
 * writers and, once no reader needs them, superseded versions and deletions; the aborted
 * transactions leave the record. More aborted writers than Accumulo's own iterators could filter (a
 * priority each) are no trouble for readers.
 */
@Tag("accumulo")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class CompactionTest {
  private static final long ANY = QuadView.NONE;
  private static final int ABORTED_WRITERS = 45;

  private static long id(WriteView w, String iri) {
    return w.idOrCreate(NodeFactory.createURI("http://ex/" + iri));
  }

  private static int count(QuadView v, long s) {
    int n = 0;
    for (var it = v.find(ANY, s, ANY, ANY); it.hasNext(); it.next()) {
      n++;
    }
    return n;
  }

  /** Every cell of the PSOG table, all versions, as stored. */
  private static long cells(AccumuloStore store) throws Exception {
    long n = 0;
    try (Scanner s =
        store.client().createScanner(store.tables().quads.get(Order.PSOG), Authorizations.EMPTY)) {
      for (var ignored : s) {
        n++;
      }
    }
    return n;
  }

  @Test
  void aCompactionKeepsWhatReadersOfAnyServerReadAndDropsTheRest() throws Exception {
    // Servers publish their readers' oldest state every third of the lease: a short one here.
    Config config = MiniCluster.newStoreConfig().with("store.accumulo.writer-lease", "1s");
    try (AccumuloStore store = AccumuloStore.open(config);
        AccumuloStore other = AccumuloStore.open(config)) {
      AccumuloBackend backend = (AccumuloBackend) store.quadBackend();
      WriteView w = backend.beginWrite();
      long g = w.defaultGraph();
      long s = id(w, "s");
      long p = id(w, "p");
      for (int i = 0; i < 20; i++) {
        w.add(g, s, p, id(w, "o" + i));
      }
      w.commit();
      ReadView old = other.quadBackend().beginRead(); // another server's reader of that state
      long first = old.generation();

      w = backend.beginWrite();
      for (int i = 0; i < 10; i++) {
        w.delete(g, s, p, id(w, "o" + i));
      }
      for (int i = 20; i < 25; i++) {
        w.add(g, s, p, id(w, "o" + i));
      }
      w.commit();
      for (int k = 0; k < ABORTED_WRITERS; k++) {
        WriteView a = backend.beginWrite();
        a.add(g, s, p, id(a, "x" + k));
        assertEquals(16, count(a, s), "the writer reads its own cell (sent before the read)");
        a.abort();
      }
      ReadView now = backend.beginRead();
      assertEquals(15, count(now, s), "aborted writers' cells are not read");
      now.end();
      long before = cells(store);
      assertEquals(20 + 15 + ABORTED_WRITERS, before, "every version is kept until a compaction");

      Thread.sleep(1_500); // a publication of the other server's since its reader began
      Compaction.Report r = Compaction.run(backend);
      assertEquals(first, r.horizon(), "the other server's reader holds the horizon at its state");
      assertEquals(ABORTED_WRITERS, r.abortedCleared());
      assertEquals(20, count(old, s), "the old reader still reads its state whole");
      assertEquals(20 + 15, cells(store), "the aborted writers' cells are gone, nothing else");
      old.end();

      Thread.sleep(1_500);
      r = Compaction.run(backend);
      assertEquals(r.committed(), r.horizon(), "no reader left: the horizon is the last commit");
      assertEquals(0, r.abortedCleared());
      assertEquals(15, cells(store), "superseded versions and deletions are gone");
      ReadView after = other.quadBackend().beginRead();
      assertEquals(15, count(after, s));
      after.end();
      assertEquals(0, backend.txnLog.read().aborted().length, "the record lists no aborted one");
      assertTrue(store.check().sound(), store.check().problems().toString());
      store.drop();
    }
  }
}
