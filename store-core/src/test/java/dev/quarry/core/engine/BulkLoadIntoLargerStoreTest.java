package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.CheckReport;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bulk load much smaller than its store is merged into the leaves it falls into instead of
 * rebuilding the indexes: the result must be the same store, statistics included, with quads the
 * store already held, repeated within the load, and new terms.
 */
class BulkLoadIntoLargerStoreTest {
  @TempDir Path dir;

  private static Node iri(String s) {
    return NodeFactory.createURI("http://t/" + s);
  }

  private static Quad quad(Random rnd, int terms) {
    Node g = rnd.nextInt(3) == 0 ? Quad.defaultGraphIRI : iri("g" + rnd.nextInt(3));
    Node o =
        rnd.nextBoolean()
            ? iri("o" + rnd.nextInt(terms))
            : NodeFactory.createLiteralString("v" + rnd.nextInt(terms));
    return Quad.create(g, iri("s" + rnd.nextInt(terms)), iri("p" + rnd.nextInt(7)), o);
  }

  @Test
  void aSmallLoadMergesIntoALargeStoreExactly() {
    Random rnd = new Random(11);
    Set<Quad> model = new HashSet<>();
    try (Store store =
        Quarry.open(
            Config.defaults()
                .with("store.location", dir.resolve("s"))
                .with("store.buffers", 512))) {
      try (Store.BulkLoad big = store.bulkLoad()) { // into an empty store: rebuilt
        for (int i = 0; i < 20_000; i++) {
          Quad q = quad(rnd, 3_000);
          model.add(q);
          big.add(q);
        }
        big.commit();
      }
      for (int round = 0; round < 3; round++) {
        try (Store.BulkLoad small = store.bulkLoad()) { // far smaller than the store: merged
          for (int i = 0; i < 1_500; i++) {
            Quad q = rnd.nextInt(3) == 0 ? model.iterator().next() : quad(rnd, 6_000);
            model.add(q);
            small.add(q);
            small.add(q); // repeated within the load
          }
          small.commit();
        }
        CheckReport report = store.check();
        assertTrue(report.sound(), report.toString()); // indexes agree, statistics = a recount
        assertEquals(model, BulkLoads.quads(store));
        assertEquals(model.size(), store.stats().quads());
      }
    }
  }
}
