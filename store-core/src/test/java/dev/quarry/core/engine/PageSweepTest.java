package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.core.index.QuadOrder;
import dev.quarry.core.storage.PageStore;
import dev.quarry.core.storage.PageStores;
import dev.quarry.core.storage.SpaceMap;
import java.nio.file.Path;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pages left allocated but unreachable (what a process that dies between a commit and freeing the
 * pages it replaced leaves behind) are returned when the store opens, and only those.
 */
class PageSweepTest {
  @TempDir Path dir;

  private Config config() {
    return Config.defaults().with("store.location", dir.resolve("s")).with("store.buffers", 512);
  }

  @Test
  void leakedPagesAreFreedAtOpenAndReachableOnesKept() throws Exception {
    long allocated;
    try (Store s = Quarry.open(config())) {
      DatasetGraph dsg = s.dataset();
      Txn.executeWrite(dsg, () -> addSubjects(dsg, 0, 3000));
      allocated = ((PagedStore) s).space().allocatedPages();
    }
    // Leak pages as a crash would: allocated to index owners in the persisted map, in no tree.
    try (PageStore pages = PageStores.open(config())) {
      SpaceMap space = SpaceMap.load(pages);
      for (int i = 0; i < 10; i++) {
        space.allocate(Layout.FIRST_INDEX_OWNER + QuadOrder.PSOG.ordinal());
      }
      for (int i = 0; i < 300; i++) {
        space.allocate(Layout.FIRST_INDEX_OWNER + QuadOrder.POGS.ordinal()); // over an extent
      }
      space.persist(pages);
    }
    try (Store s = Quarry.open(config())) {
      PagedStore store = (PagedStore) s;
      assertEquals(310, store.pagesRecoveredAtOpen());
      assertEquals(allocated, store.space().allocatedPages());
      assertTrue(s.check().sound(), () -> s.check().problems().toString());
      assertEquals(3000, s.stats().quads());
    }
    try (Store s = Quarry.open(config())) {
      assertEquals(
          0, ((PagedStore) s).pagesRecoveredAtOpen(), "a clean store has nothing to sweep");
      assertEquals(3000, s.stats().quads());
    }
  }

  @Test
  void aCleanCloseLeavesNothingToSweep() {
    long allocated;
    try (Store s = Quarry.open(config())) {
      PagedStore store = (PagedStore) s;
      DatasetGraph dsg = s.dataset();
      Txn.executeWrite(dsg, () -> addSubjects(dsg, 0, 2000));
      // A reader holds the first state while commits replace its pages: they are freed only when
      // it ends, after the last commit persisted the map.
      var reader = store.transactions().beginRead();
      for (int b = 1; b <= 20; b++) {
        int from = b * 100;
        Txn.executeWrite(dsg, () -> addSubjects(dsg, from, from + 100));
      }
      assertTrue(store.transactions().pagesAwaitingReaders() > 0);
      store.transactions().endRead(reader);
      allocated = store.space().allocatedPages();
    }
    try (Store s = Quarry.open(config())) {
      PagedStore store = (PagedStore) s;
      assertTrue(store.space().persistedClean(), "closed cleanly");
      assertEquals(0, store.pagesRecoveredAtOpen());
      assertEquals(allocated, store.space().allocatedPages(), "the freed pages stayed free");
      assertTrue(s.check().sound(), () -> s.check().problems().toString());
    }
  }

  private static void addSubjects(DatasetGraph dsg, int from, int to) {
    for (int i = from; i < to; i++) {
      dsg.add(
          Quad.create(
              Quad.defaultGraphIRI,
              NodeFactory.createURI("http://t/s" + i),
              NodeFactory.createURI("http://t/p" + i % 7),
              NodeFactory.createLiteralString("value " + i)));
    }
  }
}
