package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writers on four threads, trickle transactions and bulk loads mixed (those of {@link
 * CrashWorker}'s concurrent mode): no commit is lost, in memory, after a clean reopen, or in the
 * files as they are between commits (what a crash would leave).
 */
class ConcurrentWritersTest {
  @TempDir Path dir;

  private static Store open(Path location) {
    return Quarry.open(
        Config.defaults().with("store.location", location).with("store.buffers", 512));
  }

  /** Four threads commit 15 transactions each; returns the numbers committed. */
  private static Set<Long> write(Store store) throws InterruptedException {
    Set<Long> committed = ConcurrentHashMap.newKeySet();
    AtomicLong next = new AtomicLong(1);
    Thread[] threads = new Thread[4];
    for (int k = 0; k < threads.length; k++) {
      threads[k] =
          Thread.ofPlatform()
              .start(
                  () -> {
                    for (int n = 0; n < 15; n++) {
                      long t = next.getAndIncrement();
                      CrashWorker.commitConcurrent(store, t);
                      committed.add(t);
                    }
                  });
    }
    for (Thread th : threads) {
      th.join();
    }
    return committed;
  }

  /** Every committed transaction's marker and data are in the store. */
  private static void assertAllThere(Store store, Set<Long> committed, String where) {
    DatasetGraph dsg = store.dataset();
    Txn.executeRead(
        dsg,
        () -> {
          for (long t : new TreeSet<>(committed)) {
            long marker =
                Iter.count(
                    dsg.find(CrashWorker.G, CrashWorker.subject(t), CrashWorker.TXN, Node.ANY));
            long data =
                Iter.count(
                    dsg.find(CrashWorker.G, CrashWorker.subject(t), CrashWorker.P, Node.ANY));
            assertEquals(1, marker, where + ", marker of txn " + t);
            assertEquals(CrashWorker.quadsOf(t), data, where + ", quads of txn " + t);
          }
        });
  }

  @Test
  void everyCommitOfEveryThreadIsThere() throws Exception {
    try (Store store = open(dir)) {
      Set<Long> committed = write(store);
      assertEquals(60, committed.size());
      assertAllThere(store, committed, "in memory");
      assertTrue(store.check().sound(), () -> store.check().problems().toString());
    }
  }

  @Test
  void everyCommitIsThereAfterReopen() throws Exception {
    Set<Long> committed;
    try (Store store = open(dir)) {
      committed = write(store);
    }
    try (Store store = open(dir)) {
      assertAllThere(store, committed, "after reopen");
    }
  }

  @Test
  void everyCommitIsOnDiskWithoutAClose() throws Exception {
    Set<Long> committed;
    Path copy = dir.resolve("copy");
    try (Store store = open(dir.resolve("live"))) {
      committed = write(store);
      // The files as a crash right now would leave them.
      Files.createDirectories(copy);
      try (var files = Files.list(dir.resolve("live"))) {
        for (Path f : files.toList()) {
          if (!f.getFileName().toString().equals("lock")) {
            Files.copy(f, copy.resolve(f.getFileName()));
          }
        }
      }
    }
    try (Store store = open(copy)) {
      assertAllThere(store, committed, "on disk");
    }
  }
}
