package dev.quarry.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.CheckReport;
import dev.quarry.core.Store;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.storage.StoreException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Bulk loads on a real instance: into an empty store by RFiles and bulk import (tables pre-split),
 * into a store with quads by the writer's batches; the statistics stay equal to a recount either
 * way, and a load that fails leaves the store as it was.
 */
@Tag("accumulo")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class AccumuloBulkLoadTest {
  private static Node iri(String s) {
    return NodeFactory.createURI("http://ex/" + s);
  }

  /** Random quads over a few graphs, with repeats. */
  private static List<Quad> quads(Random rnd, int n) {
    List<Quad> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Node g = rnd.nextInt(3) == 0 ? Quad.defaultGraphIRI : iri("g" + rnd.nextInt(3));
      Node o =
          rnd.nextBoolean()
              ? iri("o" + rnd.nextInt(500))
              : NodeFactory.createLiteralString("text " + rnd.nextInt(300));
      out.add(Quad.create(g, iri("s" + rnd.nextInt(800)), iri("p" + rnd.nextInt(7)), o));
    }
    return out;
  }

  private static long load(Store store, List<Quad> quads) {
    try (Store.BulkLoad load = store.bulkLoad()) {
      quads.forEach(load::add);
      return load.commit();
    }
  }

  /**
   * Every quad, by a query (whose executor decodes terms a batch at a time: after an import the
   * server remembers only its recent terms, and a find() would ask for the others one by one).
   */
  private static Set<Quad> all(Store store) {
    DatasetGraph dsg = store.dataset();
    return Txn.calculateRead(
        dsg,
        () -> {
          Set<Quad> out = new HashSet<>();
          QueryExec.dataset(dsg)
              .query("SELECT * { { GRAPH ?g { ?s ?p ?o } } UNION { ?s ?p ?o } }")
              .select()
              .forEachRemaining(
                  b -> {
                    Node g = b.get("g");
                    out.add(
                        Quad.create(
                            g == null ? Quad.defaultGraphIRI : g,
                            b.get("s"),
                            b.get("p"),
                            b.get("o")));
                  });
          return out;
        });
  }

  /** The terms of the quads that need the dictionary (not inline, not the default graph). */
  private static long dictionaryTerms(Set<Quad> quads) {
    Set<Node> terms = new HashSet<>();
    for (Quad q : quads) {
      for (Node n : new Node[] {q.getGraph(), q.getSubject(), q.getPredicate(), q.getObject()}) {
        if (NodeIds.fixedId(n) == NodeIds.NONE) {
          terms.add(n);
        }
      }
    }
    return terms.size();
  }

  private static void assertSound(Store store) {
    CheckReport r = store.check();
    assertTrue(r.sound(), r.problems().toString());
  }

  @Test
  void importIntoAnEmptyStoreThenBatchesIntoAFullOne() throws Exception {
    Random rnd = new Random(11);
    try (AccumuloStore store =
        AccumuloStore.open(
            MiniCluster.newStoreConfig().with("store.accumulo.tablets-per-index", 4))) {
      List<Quad> first = quads(rnd, 21_000); // more than one batch of the load (20,000)
      assertEquals(first.size(), load(store, first));
      Set<Quad> want = new HashSet<>(first);
      assertEquals(want, all(store));
      assertEquals(want.size(), store.stats().quads());
      assertEquals(dictionaryTerms(want), store.stats().terms(), "the dictionary's size");
      assertSound(store);
      for (Order o : Order.values()) {
        String table = store.tables().quads.get(o);
        assertEquals(
            3, store.client().tableOperations().listSplits(table).size(), table + " pre-split");
      }

      List<Quad> second = quads(rnd, 3_000); // overlaps the first
      load(store, second);
      want.addAll(second);
      assertEquals(want, all(store));
      assertEquals(want.size(), store.stats().quads());
      long terms = dictionaryTerms(want);
      assertEquals(terms, store.stats().terms());
      assertSound(store);

      DatasetGraph dsg = store.dataset();
      List<Quad> gone = new ArrayList<>(want).subList(0, 1_000);
      Txn.executeWrite(dsg, () -> gone.forEach(dsg::delete));
      gone.forEach(want::remove);
      assertEquals(want, all(store));
      assertEquals(terms, store.stats().terms(), "terms stay in the dictionary");
      assertSound(store);
    }
  }

  /**
   * More terms than an import's writer remembers with 1 MB (1,000), quads whose terms come back
   * after they were forgotten (early subjects again as objects, at the end), and triple terms whose
   * parts are also terms of their own in the same batch (each must get one id: parts have no quad
   * of their own here but the one beside).
   */
  private static List<Quad> manyTerms() {
    List<Quad> out = new ArrayList<>();
    int n = 20_000;
    for (int i = 0; i < n; i++) {
      out.add(
          Quad.create(
              iri("g" + i % 5_000),
              iri("s" + i),
              iri("p" + i % 5),
              NodeFactory.createLiteralString("v" + i)));
      if (i % 100 == 0) {
        Node t = NodeFactory.createTripleTerm(iri("t" + i), iri("p1"), iri("u" + i));
        out.add(Quad.create(Quad.defaultGraphIRI, iri("s" + i), iri("said"), t));
        out.add(Quad.create(Quad.defaultGraphIRI, iri("t" + i), iri("p1"), iri("u" + i)));
      }
    }
    for (int j = 0; j < 5_000; j++) {
      out.add(Quad.create(Quad.defaultGraphIRI, iri("s" + (n - 1 - j)), iri("ref"), iri("s" + j)));
    }
    return out;
  }

  @Test
  void anImportPastItsMemoryBudgetEqualsOneWithin() {
    List<Quad> quads = manyTerms();
    Set<Quad> want = new HashSet<>(quads);
    try (AccumuloStore store = AccumuloStore.open(MiniCluster.newStoreConfig())) {
      long spilled;
      try (Store.BulkLoad load = store.bulkLoad(new Store.BulkOptions(1 << 20, 2))) {
        load.addAll(quads);
        spilled = load.spilledBytes();
        assertEquals(quads.size(), load.commit());
      }
      assertTrue(spilled > 0, "a 1 MB budget writes sorted runs");
      // What a load within its memory makes (importIntoAnEmptyStore...): these quads, each term
      // once in the dictionary, statistics equal to a recount.
      assertEquals(want, all(store));
      assertEquals(want.size(), store.stats().quads());
      assertEquals(
          dictionaryTerms(want), store.stats().terms(), "each term once in the dictionary");
      assertSound(store);
    }
  }

  @Test
  void aFailedImportLeavesTheStoreAsItWas() {
    try (AccumuloStore store =
        AccumuloStore.open(
            MiniCluster.newStoreConfig()
                .with("store.accumulo.bulk-dir", "file:///proc/no-such-place/quarry"))) {
      List<Quad> quads = quads(new Random(12), 1_000);
      assertThrows(StoreException.class, () -> load(store, quads));
      assertEquals(Set.of(), all(store));
      assertEquals(0, store.stats().quads());
      Quad q = quads.get(0);
      Txn.executeWrite(store.dataset(), () -> store.dataset().add(q));
      assertEquals(Set.of(q), all(store), "the next writer writes");
      assertSound(store);
    }
  }
}
