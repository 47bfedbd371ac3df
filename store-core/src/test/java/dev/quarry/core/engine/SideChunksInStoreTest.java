package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.CheckReport;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bulk load large enough that its long literals go to side chunks of the term file (past its
 * first 2 MB of terms): every term comes back, by id and by value, after the load, after reopening,
 * after a second load and after an aborted one.
 */
@Timeout(300)
class SideChunksInStoreTest {
  @TempDir java.nio.file.Path dir;

  private static Node iri(String s) {
    return NodeFactory.createURI("http://t/" + s);
  }

  private static String words(Random rnd, int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : " ").append(Integer.toString(rnd.nextInt(1 << 30), 36));
    }
    return b.toString();
  }

  /** Reviews as BSBM writes them: a title, a text of about 1 KB, a reviewer and its name. */
  private static List<Quad> reviews(Random rnd, int from, int n) {
    List<Quad> out = new ArrayList<>();
    Node g = Quad.defaultGraphIRI;
    for (int i = from; i < from + n; i++) {
      Node review = iri("review/r" + i + "x");
      out.add(Quad.create(g, review, iri("title"), NodeFactory.createLiteralString(words(rnd, 8))));
      out.add(
          Quad.create(
              g, review, iri("text"), NodeFactory.createLiteralLang(words(rnd, 150), "en")));
      Node reviewer = iri("person/p" + (i / 10) + "x");
      out.add(Quad.create(g, review, iri("reviewer"), reviewer));
      out.add(
          Quad.create(
              g, reviewer, iri("name"), NodeFactory.createLiteralString("name " + (i / 10))));
    }
    return out;
  }

  private Store open() {
    return Quarry.open(
        Config.defaults().with("store.location", dir.resolve("store")).with("store.buffers", 1024));
  }

  /** Every quad is found whole, and each by its object's value (the dictionary's other way). */
  private static void assertHolds(Store store, Set<Quad> model) {
    assertEquals(model, BulkLoads.quads(store));
    DatasetGraph dsg = store.dataset();
    Txn.executeRead(
        dsg,
        () -> {
          for (Quad q : model) {
            assertTrue(
                dsg.find(Node.ANY, Node.ANY, q.getPredicate(), q.getObject()).hasNext(),
                "by value: " + q);
          }
        });
    CheckReport report = store.check();
    assertTrue(report.sound(), report.toString());
  }

  @Test
  void longLiteralsInSideChunksComeBackEveryWay() throws Exception {
    Random rnd = new Random(11);
    List<Quad> first = reviews(rnd, 0, 4_000); // about 4 MB of texts
    Set<Quad> model = new HashSet<>(first);
    try (Store store = open()) {
      BulkLoads.load(store, Store.BulkOptions.defaults(), first);
      assertHolds(store, model);
    }
    try (Store store = open()) {
      assertHolds(store, model);
      List<Quad> second = reviews(rnd, 4_000, 3_000);
      BulkLoads.load(store, Store.BulkOptions.defaults(), second);
      model.addAll(second);
      assertHolds(store, model);
      long terms = store.stats().terms();
      try (Store.BulkLoad bulk = store.bulkLoad(Store.BulkOptions.defaults())) {
        bulk.addAll(reviews(rnd, 7_000, 3_000));
        bulk.abort();
      }
      assertEquals(terms, store.stats().terms());
      assertHolds(store, model);
    }
    try (Store store = open()) {
      assertHolds(store, model);
    }
  }
}
