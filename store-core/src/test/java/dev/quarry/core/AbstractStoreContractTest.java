package dev.quarry.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.sse.SSE;
import org.apache.jena.system.Txn;
import org.apache.jena.update.UpdateAction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Store} backend must do, whatever is behind it. Each backend runs this class;
 * persistence-specific behaviour lives in the backend's own tests.
 */
public abstract class AbstractStoreContractTest {
  protected Store store;

  /** A new, empty store of the backend under test. */
  protected abstract Store newStore() throws Exception;

  @BeforeEach
  void open() throws Exception {
    store = newStore();
  }

  @AfterEach
  void close() {
    store.close();
  }

  protected static Quad quad(String sse) {
    return SSE.parseQuad(sse);
  }

  @Test
  void aClosedStoreRefusesTransactions() {
    store.close();
    DatasetGraph dsg = store.dataset();
    RuntimeException e =
        Assertions.assertThrows(RuntimeException.class, () -> dsg.begin(ReadWrite.READ));
    Assertions.assertTrue(String.valueOf(e.getMessage()).contains("closed"), e.toString());
    Assertions.assertThrows(RuntimeException.class, store::bulkLoad);
    Assertions.assertFalse(dsg.isInTransaction(), "no half-begun state");
  }

  @Test
  void committedQuadsAreFoundByEveryPatternShape() {
    DatasetGraph dsg = store.dataset();
    Quad q1 = quad("(<http://g/1> <http://s/1> <http://p/1> 'one')");
    Quad q2 = quad("(<http://g/2> <http://s/1> <http://p/2> 2)");
    Quad q3 = quad("(_ <http://s/2> <http://p/1> <http://o/1>)");
    Txn.executeWrite(dsg, () -> List.of(q1, q2, q3).forEach(dsg::add));

    Txn.executeRead(
        dsg,
        () -> {
          assertEquals(3, Iter.count(dsg.find()));
          assertTrue(dsg.contains(q1));
          assertEquals(
              2,
              Iter.count(
                  dsg.find(Node.ANY, NodeFactory.createURI("http://s/1"), Node.ANY, Node.ANY)));
          assertEquals(
              2,
              Iter.count(
                  dsg.find(Node.ANY, Node.ANY, NodeFactory.createURI("http://p/1"), Node.ANY)));
          assertEquals(1, Iter.count(dsg.getDefaultGraph().find()));
          assertEquals(1, Iter.count(dsg.getGraph(NodeFactory.createURI("http://g/2")).find()));
          assertEquals(2, Iter.count(dsg.listGraphNodes()));
        });
    StoreStats stats = store.stats();
    assertEquals(3, stats.quads());
    assertEquals(2, stats.graphs());
  }

  @Test
  void abortedTransactionLeavesNoTrace() {
    DatasetGraph dsg = store.dataset();
    Quad kept = quad("(<http://g> <http://s> <http://p> 'kept')");
    Txn.executeWrite(dsg, () -> dsg.add(kept));

    dsg.begin(ReadWrite.WRITE);
    dsg.add(quad("(<http://g> <http://s> <http://p> 'gone')"));
    dsg.delete(kept);
    dsg.abort();
    dsg.end();

    Txn.executeRead(
        dsg,
        () -> {
          assertEquals(1, Iter.count(dsg.find()));
          assertTrue(dsg.contains(kept));
        });
  }

  @Test
  void readerSeesOnlyCommittedData() throws Exception {
    DatasetGraph dsg = store.dataset();
    CountDownLatch written = new CountDownLatch(1);
    CountDownLatch checked = new CountDownLatch(1);
    ExecutorService writer = Executors.newSingleThreadExecutor();
    try {
      Future<?> f =
          writer.submit(
              () -> {
                dsg.begin(ReadWrite.WRITE);
                dsg.add(quad("(<http://g> <http://s> <http://p> 'pending')"));
                written.countDown();
                try {
                  checked.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
                dsg.commit();
                dsg.end();
              });
      assertTrue(written.await(10, TimeUnit.SECONDS));
      Txn.executeRead(dsg, () -> assertEquals(0, Iter.count(dsg.find())));
      checked.countDown();
      f.get(10, TimeUnit.SECONDS);
      Txn.executeRead(dsg, () -> assertEquals(1, Iter.count(dsg.find())));
    } finally {
      writer.shutdownNow();
    }
  }

  @Test
  void sparqlUpdateAndQueryWorkThroughTheDataset() {
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(
        dsg,
        () ->
            UpdateAction.parseExecute(
                "INSERT DATA { <http://s> <http://p> 1 . GRAPH <http://g> { <http://s> <http://p> 2 } }",
                dsg));
    Txn.executeWrite(
        dsg, () -> UpdateAction.parseExecute("DELETE WHERE { <http://s> <http://p> ?o }", dsg));
    long n =
        Txn.calculateRead(
            dsg,
            () -> {
              try (QueryExecution qe =
                  QueryExecution.dataset(DatasetFactory.wrap(dsg))
                      .query("SELECT * { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }")
                      .build()) {
                return (long) Iter.count(qe.execSelect());
              }
            });
    assertEquals(1, n, "only the named-graph quad remains");
  }

  /**
   * RDF 1.2: nested triple terms and literals with a base direction are stored and found as
   * constants, a triple term pattern with variables inside matches on ids (packed and unpacked),
   * and deleting a reifier's statement leaves the term's asserted twin alone.
   */
  @Test
  void tripleTermsAndDirectionsAreStoredAndMatched() {
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(
        dsg,
        () ->
            UpdateAction.parseExecute(
                "PREFIX : <http://ex/> INSERT DATA { :review1 :reviewFor :product1"
                    + " {| :reviewer :alice ; :said \"نعم\"@ar--rtl |} ."
                    + " :c1 <http://www.w3.org/1999/02/22-rdf-syntax-ns#reifies>"
                    + " <<( :alice :says <<( :review1 :reviewFor :product1 )>> )>> }",
                dsg));
    Node said = NodeFactory.createLiteralDirLang("نعم", "ar", "rtl");
    Node term =
        NodeFactory.createTripleTerm(
            NodeFactory.createURI("http://ex/review1"),
            NodeFactory.createURI("http://ex/reviewFor"),
            NodeFactory.createURI("http://ex/product1"));
    Txn.executeRead(
        dsg,
        () -> {
          assertTrue(dsg.contains(Node.ANY, Node.ANY, Node.ANY, said), "the directional literal");
          assertTrue(dsg.contains(Node.ANY, Node.ANY, Node.ANY, term), "the triple term");
          assertEquals(
              List.of("http://ex/alice"),
              select(
                  dsg,
                  "PREFIX : <http://ex/> SELECT ?who { :review1 :reviewFor ?p"
                      + " {| :reviewer ?who |} }"));
          assertEquals(
              List.of("http://ex/c1"),
              select(
                  dsg,
                  "PREFIX : <http://ex/> SELECT ?c { ?c"
                      + " <http://www.w3.org/1999/02/22-rdf-syntax-ns#reifies>"
                      + " <<( ?who :says <<( ?r :reviewFor :product1 )>> )>> }"));
        });
    Txn.executeWrite(
        dsg,
        () ->
            UpdateAction.parseExecute(
                "PREFIX : <http://ex/> DELETE WHERE { ?r"
                    + " <http://www.w3.org/1999/02/22-rdf-syntax-ns#reifies>"
                    + " <<( :review1 :reviewFor ?p )>> }",
                dsg));
    Txn.executeRead(
        dsg,
        () -> {
          assertFalse(dsg.contains(Node.ANY, Node.ANY, Node.ANY, term), "the reifier's gone");
          assertTrue(
              dsg.contains(
                  Node.ANY,
                  term.getTriple().getSubject(),
                  term.getTriple().getPredicate(),
                  term.getTriple().getObject()),
              "the asserted triple stays");
        });
  }

  /** The first column's values of a SELECT, as strings. */
  private static List<String> select(DatasetGraph dsg, String q) {
    try (QueryExecution qe = QueryExecution.dataset(DatasetFactory.wrap(dsg)).query(q).build()) {
      List<String> out = new java.util.ArrayList<>();
      var rs = qe.execSelect();
      String v = rs.getResultVars().get(0);
      rs.forEachRemaining(row -> out.add(row.get(v).toString()));
      return out;
    }
  }

  @Test
  void deleteAnyAndRemoveGraph() {
    DatasetGraph dsg = store.dataset();
    Node g = NodeFactory.createURI("http://g");
    Txn.executeWrite(
        dsg,
        () -> {
          for (int i = 0; i < 10; i++) {
            dsg.add(quad("(<http://g> <http://s> <http://p> " + i + ")"));
            dsg.add(quad("(<http://h> <http://s> <http://p> " + i + ")"));
          }
        });
    Txn.executeWrite(dsg, () -> dsg.removeGraph(g));
    Txn.executeRead(
        dsg,
        () -> {
          assertFalse(dsg.containsGraph(g));
          assertEquals(10, Iter.count(dsg.find()));
        });
    Txn.executeWrite(dsg, dsg::clear);
    Txn.executeRead(dsg, () -> assertTrue(dsg.isEmpty()));
  }

  @Test
  void checkOfAHealthyStoreIsSound() {
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(dsg, () -> dsg.add(quad("(<http://g> <http://s> <http://p> 'x')")));
    assertTrue(store.check().sound(), () -> store.check().problems().toString());
  }

  @Test
  void writeOutsideATransactionAutocommits() {
    DatasetGraph dsg = store.dataset();
    Quad q = quad("(<http://g> <http://s> <http://p> 'auto')");
    dsg.add(q);
    Txn.executeRead(dsg, () -> assertTrue(dsg.contains(q)));
  }

  @Test
  void writeInAReadTransactionFails() {
    DatasetGraph dsg = store.dataset();
    Quad q = quad("(<http://g> <http://s> <http://p> 'x')");
    assertThrows(RuntimeException.class, () -> Txn.executeRead(dsg, () -> dsg.add(q)));
    Txn.executeRead(dsg, () -> assertFalse(dsg.contains(q)));
  }
}
