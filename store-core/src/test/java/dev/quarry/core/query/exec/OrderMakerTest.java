package dev.quarry.core.query.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.index.spi.QuadBackend;
import dev.quarry.core.index.spi.ReadView;
import java.lang.ref.WeakReference;
import java.util.Random;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An order for top-k walks, once the commit's queries have paid for it, is made off the query path
 * (WholeReads with a backend): the query that paid gets none and runs its usual plan, the order is
 * kept for the commit's later queries, in ORDER BY's order; an order paid for on a state that a
 * commit has since replaced is not made from the newer state. Without a backend the paying query
 * makes it itself.
 */
@Timeout(60)
class OrderMakerTest {
  private static final int THINGS = 2000;
  static final Node LABEL = NodeFactory.createURI("http://ex/label");
  private Store store;
  private QuadBackend backend;

  @BeforeEach
  void load() {
    store = labelled(Quarry.openMemory(), THINGS, 7);
    backend = store.quadBackend();
  }

  @AfterEach
  void close() throws Exception {
    store.close();
  }

  /**
   * The maker's thread is there once a store is open, before any order: made then, on the opener's
   * thread, it does not take the low priority of a niced query thread that first asked for an
   * order.
   */
  @Test
  void theMakersThreadIsMadeWhenAStoreOpens() {
    assertTrue(
        Thread.getAllStackTraces().keySet().stream()
            .anyMatch(t -> t.getName().equals(WholeReads.ORDER_MAKER_NAME) && t.isAlive()),
        "no thread named " + WholeReads.ORDER_MAKER_NAME + " after a store's open");
  }

  @Test
  void aPaidForOrderIsMadeInTheBackgroundAndKeptInOrder() throws InterruptedException {
    WholeReads reads = new WholeReads(1 << 24, backend, null);
    ReadView view = backend.beginRead();
    try {
      assertNull(ordered(reads, view), "not paid for yet");
      payFor(reads, view);
      assertNull(ordered(reads, view), "the payer runs as usual");
      awaitIdle(reads);
      ValueOrder order = ordered(reads, view);
      assertNotNull(order, "made in the background and kept");
      assertEquals(THINGS, order.size());
      String last = "";
      for (int i = 0; i < order.size(); i++) {
        String label = view.node(order.objects[i]).getLiteralLexicalForm();
        assertTrue(last.compareTo(label) <= 0, last + " before " + label);
        last = label;
      }
    } finally {
      view.end();
    }
  }

  @Test
  void anOrderPaidForOnAReplacedStateIsNotMadeFromTheNewOne() throws InterruptedException {
    WholeReads reads = new WholeReads(1 << 24, backend, null);
    ReadView old = backend.beginRead();
    try {
      payFor(reads, old);
      DatasetGraph dsg = store.dataset();
      Txn.executeWrite(
          dsg,
          () ->
              dsg.add(
                  Quad.defaultGraphIRI,
                  NodeFactory.createURI("http://ex/new"),
                  LABEL,
                  NodeFactory.createLiteralString("new")));
      assertNull(ordered(reads, old));
      awaitIdle(reads);
      assertNull(ordered(reads, old), "not made from the newer state");
      awaitIdle(reads);
    } finally {
      old.end();
    }
  }

  @Test
  void withoutABackendThePayingQueryMakesIt() {
    WholeReads reads = new WholeReads(1 << 24);
    ReadView view = backend.beginRead();
    try {
      payFor(reads, view);
      ValueOrder order = ordered(reads, view);
      assertNotNull(order);
      assertEquals(THINGS, order.size());
    } finally {
      view.end();
    }
  }

  @Test
  void aClosedStoreIsNotKeptAliveByItsTables() throws Exception {
    Store other = Quarry.openMemory();
    WholeReads.forStore(other.quadBackend()); // as its first query makes them
    WeakReference<QuadBackend> held = new WeakReference<>(other.quadBackend());
    other.close();
    other = null;
    for (int i = 0; i < 10 && held.get() != null; i++) {
      System.gc();
    }
    assertNull(held.get(), "the closed store's backend is still reachable");
  }

  /** The labels' order at {@code view}, as a top-k query asks for it (not at once). */
  private static ValueOrder ordered(WholeReads reads, ReadView view) {
    return reads.ordered(view, view.defaultGraph(), view.id(LABEL), THINGS, false, () -> {});
  }

  /** The work of the usual plans that pays for the labels' order at {@code view}. */
  private static void payFor(WholeReads reads, ReadView view) {
    reads.spentWithoutOrder(view, view.defaultGraph(), view.id(LABEL), 2L * THINGS);
  }

  private static void awaitIdle(WholeReads reads) throws InterruptedException {
    while (reads.making()) {
      Thread.sleep(5);
    }
  }

  /** {@code store} with {@code n} things, each with a random label, loaded and committed. */
  static Store labelled(Store store, int n, long seed) {
    Random random = new Random(seed);
    var load = store.bulkLoad();
    for (int i = 0; i < n; i++) {
      load.add(
          Quad.create(
              Quad.defaultGraphIRI,
              NodeFactory.createURI("http://ex/x" + i),
              LABEL,
              NodeFactory.createLiteralString(Integer.toString(random.nextInt(1 << 30), 36))));
    }
    load.commit();
    return store;
  }
}
