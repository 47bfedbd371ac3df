package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.dict.NodeIds;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * IRIs of the form prefix + number are held in their ids, by a write or a bulk load, and stay so
 * after a reopen; other IRIs are records. A prefix added by a writer that aborts is forgotten, a
 * reader older than the commit that adds one finds none of its IRIs, and a store made without the
 * table (as an older Quarry made it) keeps every IRI a record.
 */
class IriIdsInStoreTest {
  private static final Node P = NodeFactory.createURI("http://ex/p");
  private static final List<String> INLINE =
      List.of("http://ex/offer/Offer1", "http://ex/offer/Offer10", "urn:isbn:9", "http://ex/0");
  private static final List<String> RECORDS =
      List.of("http://ex/offer/Offer007", "http://ex/offer", "http://ex/x" + (1L << 40));

  private static long id(Store s, String iri) {
    PagedStore store = (PagedStore) s;
    long hashRoot = store.dictionary().hashRoot(store.transactions().current());
    return store.dictionary().getId(NodeFactory.createURI(iri), hashRoot);
  }

  private static void write(Store s, String iri) {
    Txn.executeWrite(s.dataset(), () -> s.dataset().add(Quad.defaultGraphIRI, uri(iri), P, P));
  }

  private static Node uri(String iri) {
    return NodeFactory.createURI(iri);
  }

  private static boolean has(DatasetGraph dsg, String iri) {
    return QueryExec.dataset(dsg).query("ASK { <" + iri + "> ?p ?o }").ask();
  }

  @Test
  void numberedIrisAreHeldInTheirIdsByEveryWayIn(@TempDir Path dir) {
    Path location = dir.resolve("store");
    try (Store s = Quarry.open(location)) {
      INLINE.subList(0, 2).forEach(i -> write(s, i));
      RECORDS.forEach(i -> write(s, i));
      try (Store.BulkLoad load = s.bulkLoad()) {
        INLINE
            .subList(2, 4)
            .forEach(i -> load.add(Quad.create(Quad.defaultGraphIRI, uri(i), P, P)));
        load.add(Quad.create(Quad.defaultGraphIRI, uri("http://ex/offer/Offer11"), P, P));
        load.commit();
      }
    }
    try (Store s = Quarry.open(location)) {
      PagedStore store = (PagedStore) s;
      for (String iri : INLINE) {
        long id = id(s, iri);
        assertTrue(NodeIds.isInlineIri(id), iri + ": " + NodeIds.toString(id));
        assertEquals(uri(iri), store.dictionary().getNode(id));
        assertTrue(Txn.calculateRead(s.dataset(), () -> has(s.dataset(), iri)), iri);
      }
      for (String iri : RECORDS) {
        long id = id(s, iri);
        assertTrue(NodeIds.isTerm(id), iri + ": " + NodeIds.toString(id));
        assertEquals(uri(iri), store.dictionary().getNode(id));
      }
      // Offer1 (a write) and Offer11 (a load) share their prefix's number.
      assertEquals(
          id(s, "http://ex/offer/Offer1") + 10, id(s, "http://ex/offer/Offer11"), "one prefix");
      // An IRI the store does not have, of a known prefix: its id, as an inline literal's.
      assertEquals(id(s, "http://ex/offer/Offer1") + 1, id(s, "http://ex/offer/Offer2"));
      assertFalse(Txn.calculateRead(s.dataset(), () -> has(s.dataset(), "http://ex/offer/Offer2")));
    }
  }

  @Test
  void anAbortedWritersPrefixIsForgotten(@TempDir Path dir) {
    Path location = dir.resolve("store");
    try (Store s = Quarry.open(location)) {
      write(s, "http://a/x1");
      DatasetGraph dsg = s.dataset();
      dsg.begin(ReadWrite.WRITE);
      dsg.add(Quad.defaultGraphIRI, uri("http://b/y1"), P, P);
      assertTrue(has(dsg, "http://b/y1"), "the writer sees its own");
      dsg.abort();
      dsg.end();
      assertEquals(NodeIds.NONE, id(s, "http://b/y1"));
      write(s, "http://c/z1");
      assertEquals(2, NodeIds.payload(id(s, "http://c/z1")) >>> 40, "the aborted one's number");
    }
    try (Store s = Quarry.open(location)) {
      assertEquals(NodeIds.NONE, id(s, "http://b/y1"));
      assertEquals(uri("http://c/z1"), ((PagedStore) s).dictionary().getNode(id(s, "http://c/z1")));
      assertTrue(Txn.calculateRead(s.dataset(), () -> has(s.dataset(), "http://c/z1")));
      assertFalse(Txn.calculateRead(s.dataset(), () -> has(s.dataset(), "http://b/y1")));
    }
  }

  @Test
  void aReaderOlderThanANewPrefixFindsNoneOfItsIris(@TempDir Path dir) throws Exception {
    try (Store s = Quarry.open(dir.resolve("store"))) {
      write(s, "http://a/x1");
      DatasetGraph dsg = s.dataset();
      dsg.begin(ReadWrite.READ);
      try {
        CompletableFuture.runAsync(() -> write(s, "http://new/n5")).get();
        assertFalse(has(dsg, "http://new/n5"));
        assertTrue(has(dsg, "http://a/x1"));
      } finally {
        dsg.end();
      }
      assertTrue(Txn.calculateRead(dsg, () -> has(dsg, "http://new/n5")));
    }
  }

  @Test
  void aStoreMadeWithoutTheTableKeepsEveryIriARecord(@TempDir Path dir) {
    Path location = dir.resolve("store");
    System.setProperty("quarry.store.iri-ids", "false");
    try (Store s = Quarry.open(location)) {
      write(s, "http://ex/offer/Offer1");
    } finally {
      System.clearProperty("quarry.store.iri-ids");
    }
    try (Store s = Quarry.open(location)) {
      write(s, "http://ex/offer/Offer2");
      for (String iri : List.of("http://ex/offer/Offer1", "http://ex/offer/Offer2")) {
        assertTrue(NodeIds.isTerm(id(s, iri)), iri);
        assertTrue(Txn.calculateRead(s.dataset(), () -> has(s.dataset(), iri)), iri);
      }
    }
  }
}
