package dev.quarry.core.engine;

import static dev.quarry.core.engine.BulkLoads.load;
import static dev.quarry.core.engine.BulkLoads.quads;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.CheckReport;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bulk load larger than its memory: quads go to sorted runs on disk and new terms into the hash
 * index as the load goes, fed by several threads at once. The store must come out as the same load
 * done in memory makes it: the same quads in every index, the same statistics, check sound.
 */
@Timeout(300)
class SpillingBulkLoadTest {
  @TempDir Path dir;

  private static final Store.BulkOptions TINY = new Store.BulkOptions(1 << 20, 2);

  private static Node iri(String s) {
    return NodeFactory.createURI("http://t/" + s);
  }

  private static Quad quad(Random rnd, int terms) {
    Node g = rnd.nextInt(3) == 0 ? Quad.defaultGraphIRI : iri("g" + rnd.nextInt(4));
    Node o =
        switch (rnd.nextInt(4)) {
          case 0 -> iri("o" + rnd.nextInt(terms));
          case 1 -> NodeFactory.createLiteralString("v" + rnd.nextInt(terms));
          case 2 ->
              NodeFactory.createLiteralDT(
                  Integer.toString(rnd.nextInt(terms)), XSDDatatype.XSDinteger);
          default -> NodeFactory.createBlankNode("b" + rnd.nextInt(terms));
        };
    return Quad.create(g, iri("s" + rnd.nextInt(terms)), iri("p" + rnd.nextInt(9)), o);
  }

  private Store open(String name) {
    return Quarry.open(
        Config.defaults().with("store.location", dir.resolve(name)).with("store.buffers", 1024));
  }

  @Test
  void aLoadPastItsMemoryEqualsTheSameLoadInMemory() throws Exception {
    Random rnd = new Random(7);
    List<Quad> first = new ArrayList<>();
    for (int i = 0; i < 60_000; i++) {
      first.add(quad(rnd, 20_000));
    }
    first.addAll(first.subList(0, 5_000)); // repeats, across runs too
    List<Quad> second = new ArrayList<>();
    for (int i = 0; i < 40_000; i++) {
      second.add(i % 4 == 0 ? first.get(i) : quad(rnd, 40_000));
    }
    Set<Quad> model = new HashSet<>(first);
    try (Store inMemory = open("memory");
        Store spilling = open("spilling")) {
      assertEquals(0, load(inMemory, Store.BulkOptions.defaults(), first));
      assertTrue(load(spilling, TINY, first) > 0, "the tiny budget wrote sorted runs");
      assertEquals(model, quads(spilling));
      assertEquals(quads(inMemory), quads(spilling));
      assertEquals(inMemory.stats().quads(), spilling.stats().quads());
      assertEquals(inMemory.stats().terms(), spilling.stats().terms());

      // Into a store that is not empty (and not much larger): runs merged with what is there.
      model.addAll(second);
      load(inMemory, Store.BulkOptions.defaults(), second);
      assertTrue(load(spilling, TINY, second) > 0);
      assertEquals(model, quads(spilling));
      assertEquals(quads(inMemory), quads(spilling));
      for (Store s : List.of(inMemory, spilling)) {
        CheckReport report = s.check(); // indexes agree, statistics equal a recount
        assertTrue(report.sound(), report.toString());
        assertEquals(model.size(), s.stats().quads());
      }
    }
    // The runs are gone once the load is done.
    Path runs = dir.resolve("spilling").resolve("tmp").resolve("load");
    assertTrue(!Files.exists(runs), "left behind: " + runs);
  }

  @Test
  void anAbortedSpillingLoadLeavesTheStoreAsItWas() throws Exception {
    Random rnd = new Random(8);
    List<Quad> first = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      first.add(quad(rnd, 2_000));
    }
    try (Store store = open("aborted")) {
      load(store, Store.BulkOptions.defaults(), first);
      Set<Quad> before = quads(store);
      long terms = store.stats().terms();
      try (Store.BulkLoad bulk = store.bulkLoad(TINY)) {
        for (int i = 0; i < 30_000; i++) {
          bulk.add(quad(rnd, 50_000));
        }
        assertTrue(bulk.spilledBytes() > 0);
        bulk.abort();
      }
      assertEquals(before, quads(store));
      CheckReport report = store.check();
      assertTrue(report.sound(), report.toString());
      assertTrue(!Files.exists(dir.resolve("aborted").resolve("tmp").resolve("load")));
      assertEquals(terms, store.stats().terms()); // the load's new terms are gone
    }
  }
}
