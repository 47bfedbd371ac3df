package dev.quarry.core.paged;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writers on several threads, trickle transactions and bulk loads mixed: no commit is lost. */
class ConcurrentWritersTest {
  @TempDir Path dir;

  @Test
  void everyCommitOfEveryThreadIsThere() throws Exception {
    try (Store store =
        Quarry.open(Config.defaults().with("store.location", dir).with("store.buffers", 512))) {
      DatasetGraph dsg = store.dataset();
      AtomicLong next = new AtomicLong(1);
      Set<Long> committed = ConcurrentHashMap.newKeySet();
      Thread[] threads = new Thread[4];
      for (int k = 0; k < threads.length; k++) {
        threads[k] =
            Thread.ofPlatform()
                .start(
                    () -> {
                      for (int n = 0; n < 15; n++) {
                        long t = next.getAndIncrement();
                        if (t % 5 == 0) {
                          try (Store.BulkLoad bulk = store.bulkLoad()) {
                            for (int i = 0; i < 300; i++) {
                              bulk.add(
                                  Quad.create(
                                      CrashWorker.G,
                                      CrashWorker.subject(t),
                                      CrashWorker.P,
                                      NodeFactory.createLiteralString("bulk " + i + " of " + t)));
                            }
                            bulk.add(
                                Quad.create(
                                    CrashWorker.G,
                                    CrashWorker.subject(t),
                                    CrashWorker.TXN,
                                    CrashWorker.literal(t)));
                            bulk.commit();
                          }
                        } else {
                          Txn.executeWrite(
                              dsg,
                              () -> {
                                for (int i = 0; i < 1 + t % 17; i++) {
                                  dsg.add(
                                      Quad.create(
                                          CrashWorker.G,
                                          CrashWorker.subject(t),
                                          CrashWorker.P,
                                          CrashWorker.literal(i * 1000 + i)));
                                }
                                dsg.add(
                                    Quad.create(
                                        CrashWorker.G,
                                        CrashWorker.subject(t),
                                        CrashWorker.TXN,
                                        CrashWorker.literal(t)));
                              });
                        }
                        committed.add(t);
                      }
                    });
      }
      for (Thread th : threads) {
        th.join();
      }
      Txn.executeRead(
          dsg,
          () -> {
            for (long t : committed) {
              long marker =
                  Iter.count(
                      dsg.find(CrashWorker.G, CrashWorker.subject(t), CrashWorker.TXN, Node.ANY));
              assertEquals(1, marker, "txn " + t + " (" + (t % 5 == 0 ? "bulk" : "trickle") + ")");
            }
          });
      assertTrue(store.check().sound(), () -> store.check().problems().toString());
    }
  }

  @Test
  void everyCommitIsThereAfterReopen() throws Exception {
    Set<Long> committed = ConcurrentHashMap.newKeySet();
    try (Store store =
        Quarry.open(Config.defaults().with("store.location", dir).with("store.buffers", 512))) {
      write(store, committed);
    }
    try (Store store =
        Quarry.open(Config.defaults().with("store.location", dir).with("store.buffers", 512))) {
      DatasetGraph dsg = store.dataset();
      Txn.executeRead(
          dsg,
          () -> {
            for (long t : committed) {
              long marker =
                  Iter.count(
                      dsg.find(CrashWorker.G, CrashWorker.subject(t), CrashWorker.TXN, Node.ANY));
              assertEquals(
                  1,
                  marker,
                  "after reopen, txn " + t + " (" + (t % 5 == 0 ? "bulk" : "trickle") + ")");
            }
          });
    }
  }

  @Test
  void everyCommitIsOnDiskWithoutAClose() throws Exception {
    Set<Long> committed = ConcurrentHashMap.newKeySet();
    Path copy = dir.resolve("copy");
    try (Store store =
        Quarry.open(
            Config.defaults()
                .with("store.location", dir.resolve("live"))
                .with("store.buffers", 512))) {
      write(store, committed);
      // The files as a crash right now would leave them.
      java.nio.file.Files.createDirectories(copy);
      try (var files = java.nio.file.Files.list(dir.resolve("live"))) {
        for (Path f : files.toList()) {
          if (!f.getFileName().toString().equals("lock")) {
            java.nio.file.Files.copy(f, copy.resolve(f.getFileName()));
          }
        }
      }
    }
    try (Store store =
        Quarry.open(Config.defaults().with("store.location", copy).with("store.buffers", 512))) {
      DatasetGraph dsg = store.dataset();
      Txn.executeRead(
          dsg,
          () -> {
            for (long t : new java.util.TreeSet<>(committed)) {
              long marker =
                  Iter.count(
                      dsg.find(CrashWorker.G, CrashWorker.subject(t), CrashWorker.TXN, Node.ANY));
              assertEquals(
                  1, marker, "on disk, txn " + t + " (" + (t % 5 == 0 ? "bulk" : "trickle") + ")");
            }
          });
    }
  }

  private static void write(Store store, Set<Long> committed) throws InterruptedException {
    DatasetGraph dsg = store.dataset();
    AtomicLong next = new AtomicLong(1);
    Thread[] threads = new Thread[4];
    for (int k = 0; k < threads.length; k++) {
      threads[k] =
          Thread.ofPlatform()
              .start(
                  () -> {
                    for (int n = 0; n < 15; n++) {
                      long t = next.getAndIncrement();
                      if (t % 5 == 0) {
                        try (Store.BulkLoad bulk = store.bulkLoad()) {
                          for (int i = 0; i < 300; i++) {
                            bulk.add(
                                Quad.create(
                                    CrashWorker.G,
                                    CrashWorker.subject(t),
                                    CrashWorker.P,
                                    NodeFactory.createLiteralString("bulk " + i + " of " + t)));
                          }
                          bulk.add(
                              Quad.create(
                                  CrashWorker.G,
                                  CrashWorker.subject(t),
                                  CrashWorker.TXN,
                                  CrashWorker.literal(t)));
                          bulk.commit();
                        }
                      } else {
                        Txn.executeWrite(
                            dsg,
                            () -> {
                              for (int i = 0; i < 1 + t % 17; i++) {
                                dsg.add(
                                    Quad.create(
                                        CrashWorker.G,
                                        CrashWorker.subject(t),
                                        CrashWorker.P,
                                        CrashWorker.literal(i * 1000 + i)));
                              }
                              dsg.add(
                                  Quad.create(
                                      CrashWorker.G,
                                      CrashWorker.subject(t),
                                      CrashWorker.TXN,
                                      CrashWorker.literal(t)));
                            });
                      }
                      committed.add(t);
                    }
                  });
    }
    for (Thread th : threads) {
      th.join();
    }
  }
}
