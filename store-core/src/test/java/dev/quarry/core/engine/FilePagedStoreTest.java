package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.AbstractStoreContractTest;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.core.storage.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FilePagedStoreTest extends AbstractStoreContractTest {
  @TempDir Path dir;

  @Override
  protected Store newStore() {
    return Quarry.open(dir.resolve("store"));
  }

  static final List<Quad> TRICKY =
      List.of(
          quad("(_ _:b1 <http://p> 'plain')"),
          quad("(<http://g> _:b1 <http://p> 'chat'@fr)"),
          quad(
              "(<http://g> <http://s> <http://p> '42'^^<http://www.w3.org/2001/XMLSchema#integer>)"),
          quad(
              "(<http://g> <http://s> <http://p> '042'^^<http://www.w3.org/2001/XMLSchema#integer>)"),
          quad(
              "(<http://g> <http://s> <http://p> 'not a number'^^<http://www.w3.org/2001/XMLSchema#integer>)"),
          quad("(<http://g> <http://s> <http://p> 'x'^^<http://example/custom>)"),
          quad(
              "(<http://g> <http://s> <http://p> '2008-06-20T10:00:00Z'^^<http://www.w3.org/2001/XMLSchema#dateTime>)"),
          quad("(<http://g> <http://s> <http://p> 1.5)"),
          quad("(<http://g> <http://s> <http://p> 'short')"),
          quad("(<http://g> <http://s> <http://p> 'a string longer than seven characters')"),
          quad("(<http://g> <http://s> <http://p> 'línea\\nnueva ☃')"),
          quad("(<http://g> <http://s> <http://q> <<( <http://a> <http://b> 'c' )>>)"));

  @Test
  void everyKindOfTermSurvivesCloseAndReopenExactly() {
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
    assertTrue(store.check().sound(), () -> store.check().problems().toString());
    assertEquals(TRICKY.size(), store.stats().quads());
  }

  @Test
  void anAbortedTransactionLeavesNoTermsBehind() {
    DatasetGraph dsg = store.dataset();
    dsg.begin(ReadWrite.WRITE);
    dsg.add(quad("(<http://g> <http://only-in-aborted> <http://p> 'x')"));
    dsg.abort();
    dsg.end();
    Txn.executeWrite(dsg, () -> dsg.add(quad("(<http://g> <http://s> <http://p> 'kept')")));
    store.close();
    store = Quarry.open(dir.resolve("store"));
    DatasetGraph r = store.dataset();
    Txn.executeRead(
        r,
        () -> {
          assertEquals(1, Iter.count(r.find()));
          assertFalse(r.contains(quad("(<http://g> <http://only-in-aborted> <http://p> 'x')")));
        });
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
    Files.writeString(other.resolve("quarry-store.properties"), "format=journaled-memory-v1\n");
    StoreException e = assertThrows(StoreException.class, () -> Quarry.open(other));
    assertTrue(e.getMessage().contains("journaled-memory-v1"), e.getMessage());
  }

  @Test
  void theLiteProfileOf256BuffersHoldsMoreDataThanFits() {
    store.close();
    Config lite =
        Config.defaults().with("store.location", dir.resolve("lite")).with("store.buffers", 256);
    store = Quarry.open(lite);
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(
        dsg,
        () -> {
          for (int i = 0; i < 20_000; i++) {
            dsg.add(
                quad(
                    "(_ <http://ex/s"
                        + (i % 500)
                        + "> <http://ex/p"
                        + (i % 7)
                        + "> 'value number "
                        + i
                        + "')"));
          }
        });
    Txn.executeRead(dsg, () -> assertEquals(20_000, Iter.count(dsg.find())));
    assertTrue(store.check().sound(), () -> store.check().problems().toString());
  }
}
