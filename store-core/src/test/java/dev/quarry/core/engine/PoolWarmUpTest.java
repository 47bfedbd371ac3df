package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.core.index.QuadOrder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
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
    return PagedStore.open(
        Config.defaults()
            .with("store.storage", "file")
            .with("store.location", dir.resolve("store"))
            .with("store.buffers", 4096)
            .with("store.direct-io", "auto")
            .with("store.warm-up", warmUp));
  }

  @Test
  void thePoolIsWarmBeforeTheFirstQueryAsks() throws Exception {
    try (Store s = open(false);
        Store.BulkLoad b = s.bulkLoad()) {
      for (int i = 0; i < 60_000; i++) {
        b.add(
            Quad.create(
                Quad.defaultGraphIRI,
                NodeFactory.createURI("http://ex/s" + i),
                NodeFactory.createURI("http://ex/p" + i % 5),
                NodeFactory.createLiteralString("value " + i)));
      }
      b.commit();
    }
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
      long termBytes =
          java.nio.file.Files.size(dir.resolve("store").resolve(PagedStore.TERMS_FILE));
      assertTrue(termBytes > 1_000_000, termBytes + " bytes of terms");
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
      org.apache.jena.system.Txn.executeWrite(
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
