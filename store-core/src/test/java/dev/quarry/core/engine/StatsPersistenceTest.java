package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.btree.BTree;
import dev.quarry.core.config.Config;
import dev.quarry.core.index.Stats;
import dev.quarry.core.index.StatsTrees;
import dev.quarry.core.storage.PageStore;
import dev.quarry.core.storage.PageStores;
import dev.quarry.core.storage.SpaceMap;
import dev.quarry.core.txn.RootCatalog;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Random;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The statistics are committed in their own trees and read back at open: after random adds and
 * deletes, bulk loads, reopening, and for a store of the first format (no statistics trees), they
 * equal a recount of the indexes.
 */
class StatsPersistenceTest {
  @TempDir Path dir;

  private Config config() {
    return Config.defaults().with("store.location", dir.resolve("s")).with("store.buffers", 512);
  }

  private static Node iri(String s) {
    return NodeFactory.createURI("http://t/" + s);
  }

  private static Quad randomQuad(Random rnd) {
    Node g = rnd.nextInt(3) == 0 ? Quad.defaultGraphIRI : iri("g" + rnd.nextInt(3));
    Node o =
        rnd.nextBoolean()
            ? iri("o" + rnd.nextInt(10))
            : NodeFactory.createLiteralString("v" + rnd.nextInt(10));
    return Quad.create(g, iri("s" + rnd.nextInt(20)), iri("p" + rnd.nextInt(5)), o);
  }

  /** The committed statistics, those in the trees and a recount all agree. */
  private static Stats assertStatsAgree(PagedStore store) {
    var state = store.transactions().current();
    long[] roots = state.roots().values();
    Stats counted = Stats.count(store.indexes(), roots);
    assertEquals(counted, store.statsTrees().read(state), "committed statistics");
    assertEquals(counted, store.statsTrees().load(roots), "statistics trees");
    return counted;
  }

  @Test
  void statisticsSurviveChangesBulkLoadsAndReopening() {
    Random rnd = new Random(42);
    Stats before;
    try (Store s = Quarry.open(config())) {
      PagedStore store = (PagedStore) s;
      DatasetGraph dsg = store.dataset();
      for (int t = 0; t < 40; t++) {
        Txn.executeWrite(
            dsg,
            () -> {
              for (int i = 0; i < 8; i++) {
                Quad q = randomQuad(rnd);
                if (rnd.nextInt(3) == 0) {
                  dsg.delete(q);
                } else {
                  dsg.add(q);
                }
              }
            });
        assertStatsAgree(store);
      }
      try (Store.BulkLoad bulk = store.bulkLoad()) {
        for (int i = 0; i < 500; i++) {
          bulk.add(randomQuad(rnd));
        }
        bulk.commit();
      }
      assertStatsAgree(store);
      Txn.executeWrite(dsg, () -> dsg.deleteAny(Node.ANY, Node.ANY, iri("p1"), Node.ANY));
      before = assertStatsAgree(store);
      long p1 =
          store
              .dictionary()
              .getId(iri("p1"), store.dictionary().hashRoot(store.transactions().current()));
      assertEquals(0, before.quadsWithPredicate(p1));
      assertTrue(before.predicateCount() > 0);
    }
    try (Store s = Quarry.open(config())) {
      PagedStore store = (PagedStore) s;
      assertEquals(before, assertStatsAgree(store));
      assertTrue(store.check().sound(), () -> store.check().problems().toString());
    }
  }

  @Test
  void aStoreOfTheFirstFormatIsRecountedAndItsStatisticsWrittenByTheNextCommit() throws Exception {
    Random rnd = new Random(7);
    try (Store s = Quarry.open(config())) {
      DatasetGraph dsg = s.dataset();
      Txn.executeWrite(
          dsg,
          () -> {
            for (int i = 0; i < 200; i++) {
              dsg.add(randomQuad(rnd));
            }
          });
    }
    rewriteRootsAsFirstFormat();
    try (Store s = Quarry.open(config())) {
      PagedStore store = (PagedStore) s;
      RootCatalog roots = store.transactions().current().roots();
      assertEquals(BTree.EMPTY, roots.get(roots.slot(StatsTrees.PREDICATES)));
      assertTrue(store.pagesRecoveredAtOpen() > 0, "the old statistics trees' pages are freed");
      Stats counted = assertStatsAgree(store);
      Txn.executeWrite(s.dataset(), () -> s.dataset().add(randomQuad(rnd)));
      RootCatalog after = store.transactions().current().roots();
      assertNotEquals(BTree.EMPTY, after.get(after.slot(StatsTrees.PREDICATES)));
      assertStatsAgree(store);
      assertTrue(counted.quads() > 0);
    }
    try (Store s = Quarry.open(config())) {
      assertStatsAgree((PagedStore) s);
      assertTrue(s.check().sound(), () -> s.check().problems().toString());
    }
  }

  /** What a store written before the statistics trees holds: six roots, format version 1. */
  private void rewriteRootsAsFirstFormat() throws Exception {
    try (PageStore pages = PageStores.open(config())) {
      SpaceMap space = SpaceMap.load(pages);
      RootCatalog roots = RootCatalog.fromBytes(space.root(), Layout.SLOTS);
      ByteBuffer b = ByteBuffer.allocate(4 + 4 + 8 * 6 + 8);
      b.putInt(1).putInt(6);
      for (int t = 0; t < 6; t++) {
        b.putLong(roots.get(t)); // psog, pogs, sp, op, gs, term-hash
      }
      b.putLong(roots.get(roots.slot("term-bytes")));
      space.setRoot(b.array());
      space.persist(pages);
    }
  }
}
