package dev.quarry.core.interim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.AbstractStoreContractTest;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.StoreException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournaledMemoryStoreTest extends AbstractStoreContractTest {
  @TempDir Path dir;

  @Override
  protected Store newStore() {
    return Quarry.open(dir.resolve("store"));
  }

  private static final List<Quad> TRICKY =
      List.of(
          quad("(_ _:b1 <http://p> 'plain')"),
          quad("(<http://g> _:b1 <http://p> 'chat'@fr)"),
          quad(
              "(<http://g> <http://s> <http://p> '42'^^<http://www.w3.org/2001/XMLSchema#integer>)"),
          quad(
              "(<http://g> <http://s> <http://p> 'not a number'^^<http://www.w3.org/2001/XMLSchema#integer>)"),
          quad("(<http://g> <http://s> <http://p> 'x'^^<http://example/custom>)"),
          quad("(<http://g> <http://s> <http://p> 'línea\\nnueva ☃')"));

  @Test
  void everyTermSurvivesCloseAndReopenExactly() {
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(dsg, () -> TRICKY.forEach(dsg::add));
    store.close();
    store = Quarry.open(dir.resolve("store"));
    DatasetGraph reopened = store.dataset();
    Txn.executeRead(
        reopened,
        () -> {
          assertEquals(TRICKY.size(), Iter.count(reopened.find()));
          TRICKY.forEach(q -> assertTrue(reopened.contains(q), () -> "lost " + q));
        });
  }

  @Test
  void commitsSurviveAProcessThatNeverClosed() throws IOException {
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(dsg, () -> TRICKY.forEach(dsg::add));
    Txn.executeWrite(dsg, () -> dsg.delete(TRICKY.get(0)));
    Path storeDir = dir.resolve("store");
    // Copy the files as a crash would leave them: no checkpoint, journal as last forced.
    Path crashed = copyFilesOf(storeDir, dir.resolve("crashed"));
    Store recovered = Quarry.open(crashed);
    try {
      DatasetGraph r = recovered.dataset();
      Txn.executeRead(
          r,
          () -> {
            assertEquals(TRICKY.size() - 1, Iter.count(r.find()));
            assertFalse(r.contains(TRICKY.get(0)));
          });
      assertTrue(recovered.check().sound(), () -> recovered.check().problems().toString());
    } finally {
      recovered.close();
    }
  }

  @Test
  void anUnfinishedCommitAtTheEndOfTheJournalIsDiscarded() throws IOException {
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(dsg, () -> dsg.add(TRICKY.get(1)));
    Txn.executeWrite(dsg, () -> dsg.add(TRICKY.get(2)));
    Path crashed = copyFilesOf(dir.resolve("store"), dir.resolve("crashed"));
    Path journal = crashed.resolve(Journal.JOURNAL);
    long size = Files.size(journal);
    try (FileChannel ch = FileChannel.open(journal, StandardOpenOption.WRITE)) {
      ch.truncate(size - 3); // the second commit's frame, cut short mid-write
    }
    Store recovered = Quarry.open(crashed);
    try {
      DatasetGraph r = recovered.dataset();
      Txn.executeRead(
          r,
          () -> {
            assertTrue(r.contains(TRICKY.get(1)));
            assertFalse(r.contains(TRICKY.get(2)));
          });
      Txn.executeWrite(r, () -> r.add(TRICKY.get(3)));
    } finally {
      recovered.close();
    }
    Store again = Quarry.open(crashed);
    try {
      Txn.executeRead(again.dataset(), () -> assertEquals(2, Iter.count(again.dataset().find())));
    } finally {
      again.close();
    }
  }

  @Test
  void aSecondOpenOfTheSameDirectoryIsRefused() {
    StoreException e = assertThrows(StoreException.class, () -> Quarry.open(dir.resolve("store")));
    assertTrue(e.getMessage().contains("in use"), e.getMessage());
  }

  @Test
  void aDirectoryOfAnotherFormatIsRefusedWithAClearMessage() throws IOException {
    Path other = dir.resolve("other");
    Files.createDirectories(other);
    Files.writeString(other.resolve("quarry-store.properties"), "format=paged-v9\n");
    StoreException e = assertThrows(StoreException.class, () -> Quarry.open(other));
    assertTrue(e.getMessage().contains("paged-v9"), e.getMessage());
  }

  @Test
  void checkFindsACorruptedSnapshot() throws IOException {
    DatasetGraph dsg = store.dataset();
    Node g = NodeFactory.createURI("http://g");
    Txn.executeWrite(dsg, () -> TRICKY.forEach(dsg::add));
    store.close();
    Path snapshot = dir.resolve("store").resolve(Journal.SNAPSHOT);
    byte[] bytes = Files.readAllBytes(snapshot);
    bytes[bytes.length / 2] ^= 0x5A;
    Files.write(snapshot, bytes);
    StoreException e = assertThrows(StoreException.class, () -> Quarry.open(dir.resolve("store")));
    assertTrue(e.getMessage().contains("snapshot"), e.getMessage());
    store = Quarry.openMemory(); // for @AfterEach
    assertTrue(g.isURI());
  }

  private static Path copyFilesOf(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (var files = Files.list(from)) {
      for (Path f : files.toList()) {
        if (!f.getFileName().toString().equals("lock")) {
          Files.copy(f, to.resolve(f.getFileName()));
        }
      }
    }
    return to;
  }
}
