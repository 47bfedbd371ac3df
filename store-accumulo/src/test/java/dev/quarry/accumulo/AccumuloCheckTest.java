package dev.quarry.accumulo;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.CheckReport;
import dev.quarry.core.index.spi.ReadView;
import dev.quarry.core.index.spi.WriteView;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.io.Text;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The integrity check finds what is wrong: a quad in one order's table and not the others, a quad
 * the statistics do not count, a pair count that is not its pair's number of quads; and finds
 * nothing wrong in a sound store.
 */
@Tag("accumulo")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class AccumuloCheckTest {
  private static long id(WriteView w, String iri) {
    return w.idOrCreate(NodeFactory.createURI("http://ex/" + iri));
  }

  /** Writes cell {@code row} = {@code value} into {@code table} as the last commit's. */
  private static void cell(AccumuloStore store, String table, byte[] row, byte[] value, long txn)
      throws Exception {
    try (BatchWriter w = store.client().createBatchWriter(table)) {
      Mutation m = new Mutation(new Text(row));
      m.put(new Text(), new Text(), ReadPoint.timestamp(txn, 99), new Value(value));
      w.addMutation(m);
    }
  }

  /** Writes quad {g, s, p, o} into {@code order}'s table only. */
  private static void stray(AccumuloStore store, Order order, long[] quad, long txn)
      throws Exception {
    cell(store, store.tables().quads.get(order), order.key(quad), ReadPoint.PRESENT, txn);
  }

  /** Writes pair count {@code kind} (a, b) = n into the counts table. */
  private static void count(AccumuloStore store, char kind, long a, long b, long n, long txn)
      throws Exception {
    cell(store, store.tables().counts, Bytes.tagged((byte) kind, a, b), Bytes.ofLong(n), txn);
  }

  @Test
  void aQuadInOneOrderOnlyOrUncountedIsFound() throws Exception {
    try (AccumuloStore store = AccumuloStore.open(MiniCluster.newStoreConfig())) {
      AccumuloBackend backend = (AccumuloBackend) store.quadBackend();
      WriteView w = backend.beginWrite();
      long g = w.defaultGraph();
      long p = id(w, "p");
      for (int i = 0; i < 50; i++) {
        w.add(g, id(w, "s" + i % 7), p, id(w, "o" + i));
      }
      long o = id(w, "o0");
      long s = id(w, "s0");
      w.commit();
      long txn = backend.txnLog.read().committed();
      CheckReport sound = store.check();
      assertTrue(sound.sound(), sound.problems().toString());

      stray(store, Order.OGSP, new long[] {g, o, p, s}, txn); // (g, s, p, o): s and o swapped
      CheckReport one = store.check();
      assertFalse(one.sound());
      assertTrue(one.problems().toString().contains("OGSP"), one.problems().toString());

      for (Order order : Order.values()) { // now in every order, but not in the statistics
        stray(store, order, new long[] {g, o, p, s}, txn);
      }
      CheckReport uncounted = store.check();
      assertFalse(uncounted.sound());
      assertTrue(
          uncounted.problems().toString().contains("statistics say 50 quads"),
          uncounted.problems().toString());
      store.drop();
    }
  }

  @Test
  void aPairCountThatIsNotItsPairsQuadsIsFound() throws Exception {
    try (AccumuloStore store = AccumuloStore.open(MiniCluster.newStoreConfig())) {
      AccumuloBackend backend = (AccumuloBackend) store.quadBackend();
      WriteView w = backend.beginWrite();
      long g = w.defaultGraph();
      long p = id(w, "p");
      for (int i = 0; i < 30; i++) { // (p, s_k): 6 or 5 quads each, (p, o_i): 1 each
        w.add(g, id(w, "s" + i % 5), p, id(w, "o" + i));
      }
      long s0 = id(w, "s0");
      long unused = id(w, "unused");
      w.commit();
      WriteView gone = backend.beginWrite(); // a pair whose quads all go keeps a zero count
      for (int i = 0; i < 30; i += 5) {
        gone.delete(g, s0, p, gone.idOrCreate(NodeFactory.createURI("http://ex/o" + i)));
      }
      gone.commit();
      long txn = backend.txnLog.read().committed();
      CheckReport sound = store.check();
      assertTrue(sound.sound(), sound.problems().toString());

      ReadView r = backend.beginRead();
      long s1 = r.id(NodeFactory.createURI("http://ex/s1"));
      r.end();
      count(store, 's', p, s1, 7, txn); // (p, s1) has 6 quads
      count(store, 'o', p, unused, 2, txn); // no quad has object "unused"
      count(store, 'g', g, s1, 0, txn); // (g, s1) has 6 quads
      String problems = store.check().problems().toString();
      assertTrue(
          problems.contains("pair count 's'") && problems.contains("counts table 7, recount 6"),
          problems);
      assertTrue(
          problems.contains("pair count 'o'") && problems.contains("counts table 2, recount 0"),
          problems);
      assertTrue(
          problems.contains("pair count 'g'") && problems.contains("counts table 0, recount 6"),
          problems);
      store.drop();
    }
  }
}
