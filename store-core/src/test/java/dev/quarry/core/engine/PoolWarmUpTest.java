package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.core.index.QuadOrder;
import dev.quarry.core.storage.FilePageStore;
import dev.quarry.core.storage.Pages;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start-up warm-up fills the pool from the page file (O_DIRECT, so nothing else caches the
 * pages) with the indexes' pages, says when it is done, and a store closed while it runs closes
 * cleanly.
 */
@Timeout(120)
class PoolWarmUpTest {
  @TempDir Path dir;

  private PagedStore open(boolean warmUp) {
    return open(warmUp, 4096);
  }

  private PagedStore open(boolean warmUp, int buffers) {
    return PagedStore.open(
        Config.defaults()
            .with("store.storage", "file")
            .with("store.location", dir.resolve("store"))
            .with("store.buffers", buffers)
            .with("store.direct-io", FilePageStore.directSupported(dir))
            .with("store.warm-up", warmUp));
  }

  /** {@code n} quads: subject i, one of {@code predicates} predicates, object prefix + i. */
  private void bulkLoad(int n, int predicates, String prefix) {
    try (Store s = open(false);
        Store.BulkLoad b = s.bulkLoad()) {
      for (int i = 0; i < n; i++) {
        b.add(
            Quad.create(
                Quad.defaultGraphIRI,
                NodeFactory.createURI("http://ex/s" + i),
                NodeFactory.createURI("http://ex/p" + (predicates == 1 ? "" : i % predicates)),
                NodeFactory.createLiteralString(prefix + i)));
      }
      b.commit();
    }
  }

  private static void awaitWarm(PagedStore s) throws InterruptedException {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    s.bindTo(registry);
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (registry.get("quarry.buffer.warm.term.bytes").functionCounter().count() == 0
        && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
  }

  /** Pages of {@code extent} in the pool, and pages of it in use. */
  private static int[] residentOf(PagedStore s, long extent) {
    int resident = 0;
    int used = 0;
    for (long p = Pages.firstPageOf(extent); p < Pages.firstPageOf(extent + 1); p++) {
      used += s.space().isAllocated(p) ? 1 : 0;
      resident += s.space().isAllocated(p) && s.pool().isResident(p) ? 1 : 0;
    }
    return new int[] {resident, used};
  }

  /** The pages of a saved list. */
  private static Set<Long> pagesOf(ResidentPages.Extent[] list) {
    Set<Long> pages = new HashSet<>();
    for (ResidentPages.Extent e : list) {
      long[] all = new long[e.count()];
      e.copyTo(all, 0);
      for (long p : all) {
        assertEquals(e.extent(), Pages.extentOf(p), "page " + p + " listed under its extent");
        pages.add(p);
      }
    }
    return pages;
  }

  @Test
  void aRestartReadsThePagesTheLastRunUsedFirstAndNoneBeside() throws Exception {
    bulkLoad(200_000, 7, "a value long enough to fill pages ");
    long gsLast;
    try (PagedStore s = open(false)) {
      int before = 0; // extents the layout order reads before GS's
      for (QuadOrder o : new QuadOrder[] {QuadOrder.PSOG, QuadOrder.POGS, QuadOrder.SP}) {
        before += s.space().extentsOf(Layout.FIRST_INDEX_OWNER + o.ordinal()).length;
      }
      assertTrue(before >= 3, "the indexes before GS outgrow the pool's budget: " + before);
      long[] gs = s.space().extentsOf(Layout.FIRST_INDEX_OWNER + QuadOrder.GS.ordinal());
      gsLast = gs[gs.length - 1];
    }
    // Without a list, a pool of 3 extents' frames is filled in layout order (PSOG, POGS, ...),
    // never reaching the last extent of GS (only its inner nodes, read first).
    try (PagedStore s = open(true, 768)) {
      awaitWarm(s);
      int[] r = residentOf(s, gsLast);
      assertTrue(r[0] < r[1], r[0] + " of GS's last extent's " + r[1] + " pages resident");
    }
    // A last run that used every other page of that extent, as its close would have noted it
    List<Long> listed = new ArrayList<>();
    List<Long> notListed = new ArrayList<>();
    try (PagedStore s = open(false)) {
      for (long p = Pages.firstPageOf(gsLast); p < Pages.firstPageOf(gsLast + 1); p++) {
        if (s.space().isAllocated(p)) {
          (listed.size() == notListed.size() ? listed : notListed).add(p);
        }
      }
    }
    assertTrue(notListed.size() >= 10, notListed.size() + " pages left out");
    ResidentPages.save(dir.resolve("store"), listed.stream().mapToLong(Long::longValue).toArray());
    assertEquals(Set.copyOf(listed), pagesOf(ResidentPages.load(dir.resolve("store"))));
    try (PagedStore s = open(true, 768)) {
      awaitWarm(s);
      for (long p : listed) {
        assertTrue(s.pool().isResident(p), "listed page " + p + " read");
      }
      for (long p : notListed) {
        assertFalse(s.pool().isResident(p), "page " + p + ", not listed, left alone");
      }
    }
  }

  @Test
  void aServedStoreNotesThePagesItUsedAtCloseAndOneShotOpensDoNot() throws Exception {
    bulkLoad(20_000, 1, "v");
    Path store = dir.resolve("store");
    assertEquals(0, ResidentPages.load(store).length, "no list before a served run");
    Set<Long> used = new HashSet<>();
    try (PagedStore s = open(true)) {
      awaitWarm(s);
      assertEquals(2_000 * 10, s.stats().quads());
      assertTrue(
          s.pool().residentPages(false).length > s.pool().residentPages(true).length,
          "the warm-up read pages nobody has asked for yet");
      Arrays.stream(s.pool().residentPages(true)).forEach(used::add);
    }
    assertFalse(used.isEmpty(), "the inner nodes and the statistics' pages were asked for");
    ResidentPages.Extent[] saved = ResidentPages.load(store);
    assertEquals(used, pagesOf(saved));
    for (int i = 1; i < saved.length; i++) {
      assertTrue(saved[i - 1].count() >= saved[i].count(), "the fullest extents first");
    }
    try (PagedStore s = open(false)) {
      assertEquals(2_000 * 10, s.stats().quads());
    }
    assertEquals(used, pagesOf(ResidentPages.load(store)), "a one-shot open leaves it alone");
    byte[] whole = Files.readAllBytes(store.resolve(ResidentPages.FILE));
    Files.write(store.resolve(ResidentPages.FILE), Arrays.copyOf(whole, whole.length - 8));
    assertEquals(0, ResidentPages.load(store).length, "a list cut short is no list");
    Files.write(store.resolve(ResidentPages.FILE), new byte[] {1, 2, 3});
    assertEquals(0, ResidentPages.load(store).length, "a torn list is no list");
    try (PagedStore s = open(true)) {
      assertEquals(2_000 * 10, s.stats().quads());
    }
  }

  @Test
  void thePoolIsWarmBeforeTheFirstQueryAsks() throws Exception {
    bulkLoad(60_000, 5, "value ");
    try (PagedStore cold = open(false)) {
      long root = cold.transactions().current().root(cold.indexes().slot(QuadOrder.PSOG));
      assertTrue(!cold.pool().isResident(root), "no warm-up: nothing read yet");
    }
    try (PagedStore s = open(true)) {
      SimpleMeterRegistry registry = new SimpleMeterRegistry();
      s.bindTo(registry);
      long deadline = System.nanoTime() + 60_000_000_000L;
      while (registry.get("quarry.buffer.warm.seconds").gauge().value() < 0
          && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertTrue(registry.get("quarry.buffer.warm.seconds").gauge().value() >= 0, "it finished");
      double pages = registry.get("quarry.buffer.warm.pages").functionCounter().count();
      long indexPages = 0;
      for (QuadOrder o : QuadOrder.values()) {
        indexPages += s.space().pagesOf(Layout.FIRST_INDEX_OWNER + o.ordinal());
      }
      assertTrue(pages >= indexPages, pages + " pages read, the indexes have " + indexPages);
      long[] roots = s.transactions().current().roots().values();
      for (QuadOrder o : QuadOrder.values()) {
        long root = roots[s.indexes().slot(o)];
        assertTrue(s.pool().isResident(root), o + "'s root is in the pool");
      }
      assertEquals(60_000, s.stats().quads());
      // then the term file, read through once into the OS cache
      long termBytes = Files.size(dir.resolve("store").resolve(PagedStore.TERMS_FILE));
      assertTrue(termBytes > 500_000, termBytes + " bytes of terms");
      while (registry.get("quarry.buffer.warm.term.bytes").functionCounter().count() < termBytes
          && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertEquals(
          termBytes, registry.get("quarry.buffer.warm.term.bytes").functionCounter().count());
    }
  }

  @Test
  void aStoreClosedWhileItWarmsClosesCleanly() {
    try (Store s = open(false)) {
      Txn.executeWrite(
          s.dataset(),
          () -> {
            for (int i = 0; i < 2_000; i++) {
              s.dataset()
                  .add(
                      Quad.create(
                          Quad.defaultGraphIRI,
                          NodeFactory.createURI("http://ex/s" + i),
                          NodeFactory.createURI("http://ex/p"),
                          NodeFactory.createLiteralString("v" + i)));
            }
          });
    }
    for (int round = 0; round < 20; round++) {
      try (Store s = open(true)) {
        assertEquals(2_000, s.stats().quads());
      }
    }
  }
}
