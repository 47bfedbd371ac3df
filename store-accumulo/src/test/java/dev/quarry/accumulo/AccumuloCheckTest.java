package dev.quarry.accumulo;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.CheckReport;
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
 * The integrity check finds what is wrong: a quad in one order's table and not the others, or a
 * quad the statistics do not count; and finds nothing wrong in a sound store.
 */
@Tag("accumulo")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class AccumuloCheckTest {
  private static long id(WriteView w, String iri) {
    return w.idOrCreate(NodeFactory.createURI("http://ex/" + iri));
  }

  /** Writes a cell of quad {g, s, p, o} into {@code order}'s table as the last commit's. */
  private static void stray(AccumuloStore store, Order order, long[] quad, long txn)
      throws Exception {
    try (BatchWriter w = store.client().createBatchWriter(store.tables().quads.get(order))) {
      Mutation m = new Mutation(new Text(order.key(quad)));
      m.put(new Text(), new Text(), ReadPoint.timestamp(txn, 99), new Value(ReadPoint.PRESENT));
      w.addMutation(m);
    }
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
}
