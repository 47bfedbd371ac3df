package dev.quarry.core.engine;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;

/**
 * The child process of {@link CrashRecoveryTest}: commits transactions numbered on from the last
 * one in the store, forever, printing "C n" once transaction n's commit has returned. Transaction n
 * adds {@code 1 + n % 17} quads about subject {@code s<n>} and a marker quad {@code (txn n)}; every
 * fifth is a bulk load of 300 more; every seventh also deletes the quads of {@code s<n-3>} (and its
 * marker says so). It is killed with SIGKILL at a random moment.
 */
public final class CrashWorker {
  static final Node TXN = NodeFactory.createURI("http://crash/txn");
  static final Node P = NodeFactory.createURI("http://crash/p");
  static final Node G = NodeFactory.createURI("http://crash/g");

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    if (args.length > 1 && args[1].equals("concurrent")) {
      concurrent(dir);
      return;
    }
    if (args.length > 2 && args[1].equals("bigload")) {
      bigLoad(dir, Integer.parseInt(args[2]));
      return;
    }
    try (Store store =
        Quarry.open(Config.defaults().with("store.location", dir).with("store.buffers", 512))) {
      DatasetGraph dsg = store.dataset();
      long n = Txn.calculateRead(dsg, () -> CrashRecoveryTest.lastTxn(dsg)) + 1;
      Random rnd = new Random(n);
      for (; ; n++) {
        long t = n;
        if (t % 5 == 0) {
          bulkTxn(store, t);
        } else {
          Txn.executeWrite(
              dsg,
              () -> {
                for (int i = 0; i < 1 + t % 17; i++) {
                  dsg.add(Quad.create(G, subject(t), P, literal(i * 1000 + rnd.nextInt(1000))));
                }
                if (t % 7 == 0 && t > 3) {
                  dsg.deleteAny(G, subject(t - 3), Node.ANY, Node.ANY);
                }
                dsg.add(Quad.create(G, subject(t), TXN, literal(t)));
              });
        }
        System.out.println("C " + t);
        System.out.flush();
      }
    }
  }

  /**
   * Four threads commit at once (so commits are made durable in groups): transaction n adds {@code
   * 1 + n % 17} quads and its marker, every fifth as a bulk load of 300; no deletes. Numbers
   * continue above the highest in the store; gaps are transactions in flight at a kill.
   */
  static void concurrent(Path dir) throws Exception {
    try (Store store =
        Quarry.open(Config.defaults().with("store.location", dir).with("store.buffers", 512))) {
      DatasetGraph dsg = store.dataset();
      AtomicLong next =
          new AtomicLong(Txn.calculateRead(dsg, () -> CrashRecoveryTest.lastTxn(dsg)) + 1);
      Thread[] threads = new Thread[4];
      for (int k = 0; k < threads.length; k++) {
        threads[k] =
            Thread.ofPlatform()
                .start(
                    () -> {
                      for (; ; ) {
                        long t = next.getAndIncrement();
                        commitConcurrent(store, t);
                        synchronized (System.out) {
                          System.out.println("C " + t);
                          System.out.flush();
                        }
                      }
                    });
      }
      for (Thread th : threads) {
        th.join();
      }
    }
  }

  /** Quads in one load of the "bigload" mode: far past its 1 MB budget, so it spills. */
  static final int BIG_LOAD = 60_000;

  /**
   * One bulk load of {@link #BIG_LOAD} quads in graph {@code g<round>} with a 1 MB budget (sorted
   * runs on disk, terms into the hash index as it goes), printing "finishing SPILLED" before its
   * commit (the merge and build) and "committed" after; it is killed somewhere in between.
   */
  static void bigLoad(Path dir, int round) {
    try (Store store =
            Quarry.open(Config.defaults().with("store.location", dir).with("store.buffers", 512));
        Store.BulkLoad bulk = store.bulkLoad(new Store.BulkOptions(1 << 20, 2))) {
      Node g = NodeFactory.createURI("http://crash/g" + round);
      for (int i = 0; i < BIG_LOAD; i++) {
        bulk.add(
            Quad.create(
                g,
                subject(i % 5_000),
                NodeFactory.createURI("http://crash/p" + (i % 7)),
                NodeFactory.createLiteralString("v" + round + "-" + i)));
      }
      System.out.println("finishing " + bulk.spilledBytes());
      System.out.flush();
      bulk.commit();
      System.out.println("committed");
      System.out.flush();
    }
  }

  /** A bulk load of 300 quads about {@code s<t>} and the marker of transaction t. */
  static void bulkTxn(Store store, long t) {
    try (Store.BulkLoad bulk = store.bulkLoad()) {
      for (int i = 0; i < 300; i++) {
        bulk.add(
            Quad.create(
                G, subject(t), P, NodeFactory.createLiteralString("bulk " + i + " of " + t)));
      }
      bulk.add(Quad.create(G, subject(t), TXN, literal(t)));
      bulk.commit();
    }
  }

  /** Transaction t of the concurrent mode: every fifth a bulk load, else {@link #quadsOf} quads. */
  static void commitConcurrent(Store store, long t) {
    if (t % 5 == 0) {
      bulkTxn(store, t);
      return;
    }
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(
        dsg,
        () -> {
          for (int i = 0; i < quadsOf(t); i++) {
            dsg.add(Quad.create(G, subject(t), P, literal(i * 1000 + i)));
          }
          dsg.add(Quad.create(G, subject(t), TXN, literal(t)));
        });
  }

  /** The data quads (marker aside) of concurrent-mode transaction t. */
  static long quadsOf(long t) {
    return t % 5 == 0 ? 300 : 1 + t % 17;
  }

  static Node subject(long n) {
    return NodeFactory.createURI("http://crash/s" + n);
  }

  static Node literal(long v) {
    return NodeFactory.createLiteralDT(Long.toString(v), XSDDatatype.XSDinteger);
  }
}
