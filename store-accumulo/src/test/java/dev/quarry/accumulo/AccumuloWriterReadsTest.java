package dev.quarry.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quarry.core.index.spi.QuadProbes;
import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.index.spi.ReadView;
import dev.quarry.core.index.spi.WriteView;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A view keeps the quads its estimates read (a planner's estimate is followed by a read of the same
 * pattern): the writer must forget them when it changes anything, and a reader must keep answering
 * its own state.
 */
@Tag("accumulo")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class AccumuloWriterReadsTest {
  private static final long ANY = QuadView.NONE;

  private static int count(QuadView v, long s, long p) {
    int n = 0;
    for (var it = v.find(ANY, s, p, ANY); it.hasNext(); it.next()) {
      n++;
    }
    return n;
  }

  private static int lookedUp(QuadView v, long s, long p) {
    QuadProbes probes = new QuadProbes();
    probes.add(ANY, s, p, ANY);
    List<long[]> got = new ArrayList<>();
    v.lookup(
        probes,
        (i, g, ss, pp, o) -> {
          got.add(new long[] {g, ss, pp, o});
          return true;
        });
    return got.size();
  }

  @Test
  void theWriterForgetsWhatItsEstimatesReadWhenItChangesSomething() {
    try (AccumuloStore store = AccumuloStore.open(MiniCluster.newStoreConfig())) {
      WriteView w = store.quadBackend().beginWrite();
      long s = w.idOrCreate(NodeFactory.createURI("http://ex/s"));
      long p = w.idOrCreate(NodeFactory.createURI("http://ex/p"));
      long g = w.defaultGraph();
      w.add(g, s, p, w.idOrCreate(NodeFactory.createURI("http://ex/o1")));
      w.commit();

      ReadView before = store.quadBackend().beginRead();
      assertEquals(1, before.estimate(ANY, s, p, ANY));
      WriteView w2 = store.quadBackend().beginWrite();
      assertEquals(1, w2.estimate(ANY, s, p, ANY));
      w2.add(g, s, p, w2.idOrCreate(NodeFactory.createURI("http://ex/o2")));
      assertEquals(2, w2.estimate(ANY, s, p, ANY), "the writer's estimate sees its change");
      assertEquals(2, count(w2, s, p), "and so does its read");
      assertEquals(2, lookedUp(w2, s, p), "and its lookup");
      w2.delete(g, s, p, w2.idOrCreate(NodeFactory.createURI("http://ex/o1")));
      assertEquals(1, count(w2, s, p));
      assertEquals(1, lookedUp(w2, s, p));
      w2.commit();

      assertEquals(1, count(before, s, p), "a reader keeps its state");
      assertEquals(1, lookedUp(before, s, p));
      before.end();
      ReadView after = store.quadBackend().beginRead();
      assertEquals(1, after.estimate(ANY, s, p, ANY));
      assertEquals(1, count(after, s, p));
      after.end();
      store.drop();
    }
  }
}
