package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Readers against a committing writer: whole commits or nothing; old snapshots stay put. */
class SnapshotIsolationTest {
  @TempDir Path dir;

  private static final Node G = NodeFactory.createURI("http://t/g");
  private static final Node P = NodeFactory.createURI("http://t/p");

  private static Quad q(int batch, int i) {
    return Quad.create(
        G,
        NodeFactory.createURI("http://t/b" + batch),
        P,
        NodeFactory.createLiteralString("v" + i));
  }

  @Test
  void scanningReadersSeeEachCommitWholeOrNotAtAll() throws Exception {
    try (Store store =
        Quarry.open(
            Config.defaults()
                .with("store.location", dir.resolve("s"))
                .with("store.buffers", 512))) {
      DatasetGraph dsg = store.dataset();
      int perCommit = 50;
      AtomicBoolean writing = new AtomicBoolean(true);
      ExecutorService exec = Executors.newFixedThreadPool(3);
      try {
        Future<?> writer =
            exec.submit(
                () -> {
                  for (int b = 0; b < 150; b++) {
                    int batch = b;
                    Txn.executeWrite(
                        dsg,
                        () -> {
                          for (int i = 0; i < perCommit; i++) {
                            dsg.add(q(batch, i));
                          }
                          if (batch % 3 == 0 && batch > 0) {
                            dsg.deleteAny(
                                G,
                                NodeFactory.createURI("http://t/b" + (batch - 1)),
                                Node.ANY,
                                Node.ANY);
                          }
                        });
                  }
                  writing.set(false);
                });
        List<Future<Integer>> readers = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
          readers.add(
              exec.submit(
                  () -> {
                    int scans = 0;
                    while (writing.get()) {
                      Txn.executeRead(
                          dsg,
                          () -> {
                            long n = Iter.count(dsg.find(G, Node.ANY, P, Node.ANY));
                            if (n % perCommit != 0) {
                              throw new AssertionError(
                                  "a reader saw part of a commit: " + n + " quads");
                            }
                            // Within one snapshot, two scans agree however many commits happen.
                            long again = Iter.count(dsg.find(G, Node.ANY, Node.ANY, Node.ANY));
                            if (again != n) {
                              throw new AssertionError(
                                  "the snapshot moved: " + n + " then " + again);
                            }
                          });
                      scans++;
                    }
                    return scans;
                  }));
        }
        writer.get();
        for (Future<Integer> r : readers) {
          assertTrue(r.get() > 0);
        }
      } finally {
        exec.shutdownNow();
      }
    }
  }

  @Test
  void anOldSnapshotKeepsItsViewAndItsPagesAreFreedWhenItEnds() throws Exception {
    try (PagedStore store =
        (PagedStore)
            Quarry.open(
                Config.defaults()
                    .with("store.location", dir.resolve("t"))
                    .with("store.buffers", 512))) {
      DatasetGraph dsg = store.dataset();
      Txn.executeWrite(
          dsg,
          () -> {
            for (int i = 0; i < 2000; i++) {
              dsg.add(q(0, i));
            }
          });
      ExecutorService exec = Executors.newSingleThreadExecutor();
      try {
        // An old reader, begun now, held open on another thread.
        var began = new CountDownLatch(1);
        var finish = new CountDownLatch(1);
        Future<long[]> old =
            exec.submit(
                () -> {
                  dsg.begin(ReadWrite.READ);
                  try {
                    long before = Iter.count(dsg.find());
                    began.countDown();
                    finish.await();
                    return new long[] {before, Iter.count(dsg.find())};
                  } finally {
                    dsg.end();
                  }
                });
        began.await();
        for (int b = 1; b <= 100; b++) {
          int batch = b;
          Txn.executeWrite(
              dsg,
              () -> {
                dsg.add(q(batch, 0));
                dsg.delete(q(0, batch));
              });
        }
        long held = store.transactions().pagesAwaitingReaders();
        assertTrue(held > 0, "pages replaced while the old reader runs are kept for it");
        finish.countDown();
        long[] counts = old.get();
        assertEquals(2000, counts[0]);
        assertEquals(2000, counts[1], "the old snapshot did not move");
        // The next commit (or the reader's end) frees what only the old snapshot needed.
        Txn.executeWrite(dsg, () -> dsg.add(q(999, 0)));
        assertEquals(0, store.transactions().pagesAwaitingReaders());
      } finally {
        exec.shutdownNow();
      }
    }
  }

  @Test
  void aSteadyUpdateLoadDoesNotGrowTheStoreWithoutBound() {
    try (PagedStore store =
        (PagedStore)
            Quarry.open(
                Config.defaults()
                    .with("store.location", dir.resolve("u"))
                    .with("store.buffers", 512))) {
      DatasetGraph dsg = store.dataset();
      Txn.executeWrite(
          dsg,
          () -> {
            for (int i = 0; i < 5000; i++) {
              dsg.add(q(i % 100, i));
            }
          });
      long afterLoad = store.space().allocatedPages();
      // 2,000 small transactions that each replace one quad: the data stays the same size.
      for (int t = 0; t < 2000; t++) {
        int i = t % 5000;
        Txn.executeWrite(
            dsg,
            () -> {
              dsg.delete(q(i % 100, i));
              dsg.add(q(i % 100, i));
            });
      }
      long afterUpdates = store.space().allocatedPages();
      assertTrue(afterUpdates <= afterLoad + 64, "pages " + afterLoad + " -> " + afterUpdates);
    }
  }
}
