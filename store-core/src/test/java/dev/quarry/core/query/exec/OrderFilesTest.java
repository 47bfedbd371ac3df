package dev.quarry.core.query.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.index.spi.QuadBackend;
import dev.quarry.core.index.spi.ReadView;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Function;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Orders for top-k walks kept in files: the next process of the same state reads the order instead
 * of paying for it and making it; a state that differs in any quad (even one whose pages came back
 * to the same numbers) does not use it; a damaged file is dropped and the order made again.
 */
@Timeout(60)
class OrderFilesTest {
  private static final int THINGS = 1500;
  private static final Node LABEL = OrderMakerTest.LABEL;
  @TempDir Path dir;

  @Test
  void theNextProcessOfTheSameStateReadsTheOrderWithoutPayingForIt() throws Exception {
    ValueOrder made;
    try (Store store = loaded()) {
      made = paidAndMade(store);
      assertTrue(Files.exists(file(store)), "kept in a file");
    }
    try (Store store = Quarry.open(dir)) { // a new process's view of the same commit
      ValueOrder read = unpaid(store, OrderFilesTest::awaited);
      assertNotNull(read, "read from its file, unpaid");
      assertArrayEquals(made.subjects, read.subjects);
      assertArrayEquals(made.objects, read.objects);
      assertArrayEquals(made.ranks, read.ranks);
    }
  }

  @Test
  void anotherStateDoesNotUseTheFile() throws Exception {
    try (Store store = loaded()) {
      paidAndMade(store);
    }
    try (Store store = Quarry.open(dir)) {
      DatasetGraph dsg = store.dataset();
      Txn.executeWrite(
          dsg,
          () ->
              dsg.add(
                  Quad.defaultGraphIRI, uri("x0"), LABEL, NodeFactory.createLiteralString("a")));
      assertNull(unpaid(store, OrderFilesTest::awaited), "the file is of the state before");
    }
  }

  /** A damaged file is not read: its order is made again from the quads and kept anew. */
  @Test
  void aDamagedFileIsDroppedAndTheOrderMadeAgain() throws Exception {
    Path file;
    ValueOrder made;
    try (Store store = loaded()) {
      made = paidAndMade(store);
      file = file(store);
    }
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length / 2] ^= 1; // a row's id
    Files.write(file, bytes);
    try (Store store = Quarry.open(dir)) {
      ValueOrder again = unpaid(store, OrderFilesTest::awaited);
      assertNotNull(again, "paid for by an earlier process: made again");
      assertArrayEquals(made.subjects, again.subjects);
      assertArrayEquals(made.objects, again.objects);
      assertArrayEquals(made.ranks, again.ranks);
      assertFalse(Arrays.equals(bytes, Files.readAllBytes(file)), "written again");
    }
  }

  /**
   * The name of a state changes with any quad, also where the changed trees' root pages come back
   * to the numbers they had (a root freed by one commit, taken again by the next), and stays the
   * same across a close and open that change nothing (which do move the commit number on).
   */
  @Test
  void theDurableNameFollowsTheQuadsNotThePageNumbersOrTheCommitNumber() throws Exception {
    Path small = dir.resolve("small");
    Quad a = Quad.create(Quad.defaultGraphIRI, uri("a"), LABEL, uri("b"));
    Quad b = Quad.create(Quad.defaultGraphIRI, uri("b"), LABEL, uri("a"));
    String first;
    long firstGeneration;
    try (Store store = Quarry.open(small)) {
      DatasetGraph dsg = store.dataset();
      Txn.executeWrite(dsg, () -> dsg.add(a));
      first = named(store, ReadView::durableName);
      firstGeneration = named(store, ReadView::generation);
    }
    try (Store store = Quarry.open(small)) {
      assertNotEquals(firstGeneration, (long) named(store, ReadView::generation));
      assertEquals(first, named(store, ReadView::durableName), "nothing changed");
      DatasetGraph dsg = store.dataset();
      Txn.executeWrite(dsg, () -> dsg.delete(a));
      Txn.executeWrite(dsg, () -> dsg.add(b)); // the same terms: the term file does not grow
      assertNotEquals(first, named(store, ReadView::durableName));
    }
    try (Store memory = Quarry.openMemory()) {
      assertNull(named(memory, ReadView::durableName), "no durable name in memory");
      assertNull(memory.quadBackend().derivedFiles());
    }
  }

  private Store loaded() {
    return OrderMakerTest.labelled(Quarry.open(dir), THINGS, 11);
  }

  /** The labels' order, paid for by the usual plans' work and made in the background. */
  private static ValueOrder paidAndMade(Store store) throws InterruptedException {
    QuadBackend backend = store.quadBackend();
    WholeReads reads = new WholeReads(1 << 24, backend, backend.derivedFiles());
    ReadView view = backend.beginRead();
    try {
      long p = view.id(LABEL);
      reads.spentWithoutOrder(view, view.defaultGraph(), p, 2L * THINGS);
      assertNull(ordered(reads, view), "the payer runs its usual plan");
      awaited(reads);
      ValueOrder order = ordered(reads, view);
      assertNotNull(order, "made and kept");
      return order;
    } finally {
      view.end();
    }
  }

  /** The order as a top-k query asks for it, with nothing paid, after {@code then} (a wait). */
  private static ValueOrder unpaid(Store store, Waiter then) throws InterruptedException {
    QuadBackend backend = store.quadBackend();
    WholeReads reads = new WholeReads(1 << 24, backend, backend.derivedFiles());
    ReadView view = backend.beginRead();
    try {
      ValueOrder now = ordered(reads, view);
      then.await(reads);
      return now != null ? now : ordered(reads, view);
    } finally {
      view.end();
    }
  }

  private interface Waiter {
    void await(WholeReads reads) throws InterruptedException;
  }

  private static ValueOrder ordered(WholeReads reads, ReadView view) {
    return reads.ordered(view, view.defaultGraph(), view.id(LABEL), THINGS, false, () -> {});
  }

  private static void awaited(WholeReads reads) throws InterruptedException {
    while (reads.making()) {
      Thread.sleep(5);
    }
  }

  private static Path file(Store store) {
    QuadBackend backend = store.quadBackend();
    ReadView view = backend.beginRead();
    try {
      return OrderFiles.fileOf(backend.derivedFiles(), view.defaultGraph(), view.id(LABEL));
    } finally {
      view.end();
    }
  }

  private static <T> T named(Store store, Function<ReadView, T> what) {
    ReadView view = store.quadBackend().beginRead();
    try {
      return what.apply(view);
    } finally {
      view.end();
    }
  }

  private static Node uri(String local) {
    return NodeFactory.createURI("http://ex/" + local);
  }
}
