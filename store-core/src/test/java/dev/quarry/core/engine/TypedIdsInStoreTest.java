package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.dict.NodeIds;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Literals of another datatype whose lexical form is a decimal number are held in their ids, by a
 * write or a bulk load, and stay so after a reopen; queries see them exactly as written. A datatype
 * numbered by a writer that aborts is forgotten, and a store made without the rule (as an older
 * Quarry made it) keeps them records.
 */
@Timeout(60)
class TypedIdsInStoreTest {
  private static final String USD = "http://ex/vocabulary/USD";
  private static final Node P = NodeFactory.createURI("http://ex/price");

  private static Node price(String lex) {
    return price(lex, USD);
  }

  private static Node price(String lex, String datatype) {
    return NodeFactory.createLiteralDT(lex, TypeMapper.getInstance().getSafeTypeByName(datatype));
  }

  private static long id(Store s, Node n) {
    PagedStore store = (PagedStore) s;
    long hashRoot = store.dictionary().hashRoot(store.transactions().current());
    return store.dictionary().getId(n, hashRoot);
  }

  private static void write(Store s, String subject, Node o) {
    Txn.executeWrite(s.dataset(), () -> s.dataset().add(Quad.defaultGraphIRI, uri(subject), P, o));
  }

  /** The values of ?x, in order. */
  private static List<Node> select(DatasetGraph dsg, String query) {
    List<Node> out = new ArrayList<>();
    Txn.executeRead(
        dsg,
        () -> {
          RowSet rows = QueryExec.dataset(dsg).query(query).select();
          rows.forEachRemaining(b -> out.add(b.get("x")));
        });
    return out;
  }

  private static Node uri(String iri) {
    return NodeFactory.createURI(iri);
  }

  private static void load(Store.BulkLoad load, String subject, Node o) {
    load.add(Quad.create(Quad.defaultGraphIRI, uri(subject), P, o));
  }

  @Test
  void theyAreHeldInTheirIdsAndQueriesSeeThemAsWritten(@TempDir Path dir) {
    Path location = dir.resolve("store");
    try (Store s = Quarry.open(location)) {
      write(s, "http://ex/a", price("5944.52"));
      write(s, "http://ex/b", price("10.10"));
      try (Store.BulkLoad load = s.bulkLoad()) {
        load(load, "http://ex/c", price("-0.05"));
        load(load, "http://ex/d", price("7", "http://ex/EUR"));
        load(load, "http://ex/e", price("07"));
        load.commit();
      }
    }
    try (Store s = Quarry.open(location)) {
      PagedStore store = (PagedStore) s;
      List<Node> held =
          List.of(price("5944.52"), price("10.10"), price("-0.05"), price("7", "http://ex/EUR"));
      for (Node n : held) {
        long id = id(s, n);
        assertTrue(NodeIds.isInlineTyped(id), n + ": " + NodeIds.toString(id));
        assertEquals(n, store.dictionary().getNode(id));
      }
      assertTrue(NodeIds.isTerm(id(s, price("07"))), "a leading zero: a record");
      assertTrue(id(s, price("10.1")) != id(s, price("10.10")), "10.1 is another term than 10.10");
      DatasetGraph dsg = s.dataset();
      assertEquals(
          List.of(price("-0.05"), price("07"), price("10.10"), price("5944.52")),
          select(
              dsg,
              "PREFIX xsd: <http://www.w3.org/2001/XMLSchema#> SELECT ?x { ?s <http://ex/price> ?x"
                  + " FILTER(datatype(?x) = <"
                  + USD
                  + ">) } ORDER BY xsd:double(str(?x))"));
      assertEquals(
          List.of(uri("http://ex/b")),
          select(dsg, "SELECT ?x { ?x <http://ex/price> \"10.10\"^^<" + USD + "> }"));
      assertEquals(
          List.of(), select(dsg, "SELECT ?x { ?x <http://ex/price> \"10.1\"^^<" + USD + "> }"));
      assertEquals(
          List.of(NodeFactory.createLiteralString("5944.52")),
          select(dsg, "SELECT (str(?p) AS ?x) { <http://ex/a> <http://ex/price> ?p }"));
      assertEquals(
          List.of(),
          select(dsg, "SELECT ?x { ?x <http://ex/price> ?p FILTER(?p < 100) }"),
          "SPARQL gives such literals no numeric value");
    }
  }

  @Test
  void anAbortedWritersDatatypeIsForgotten(@TempDir Path dir) {
    Path location = dir.resolve("store");
    try (Store s = Quarry.open(location)) {
      write(s, "http://ex/a", price("1"));
      DatasetGraph dsg = s.dataset();
      dsg.begin(ReadWrite.WRITE);
      dsg.add(Quad.defaultGraphIRI, uri("http://ex/b"), P, price("2", "http://ex/GBP"));
      // The writer reads its literal back: its datatype's number is decoded (and remembered).
      RowSet seen = QueryExec.dataset(dsg).query("SELECT ?x { <http://ex/b> ?p ?x }").select();
      assertEquals(price("2", "http://ex/GBP"), seen.next().get("x"));
      dsg.abort();
      dsg.end();
      assertEquals(NodeIds.NONE, id(s, price("2", "http://ex/GBP")));
      write(s, "http://ex/c", price("3", "http://ex/JPY"));
      // JPY has the aborted GBP's number; this server decodes it as JPY, not as what it remembered.
      assertEquals(
          List.of(price("3", "http://ex/JPY")), select(dsg, "SELECT ?x { <http://ex/c> ?p ?x }"));
    }
    try (Store s = Quarry.open(location)) {
      assertEquals(NodeIds.NONE, id(s, price("2", "http://ex/GBP")));
      long jpy = id(s, price("3", "http://ex/JPY"));
      assertTrue(NodeIds.isInlineTyped(jpy));
      assertEquals(price("3", "http://ex/JPY"), ((PagedStore) s).dictionary().getNode(jpy));
      assertEquals(
          List.of(uri("http://ex/c")),
          select(s.dataset(), "SELECT ?x { ?x ?p \"3\"^^<http://ex/JPY> }"));
    }
  }

  @Test
  void aStoreMadeWithoutTheRuleKeepsThemRecords(@TempDir Path dir) {
    Path location = dir.resolve("store");
    System.setProperty("quarry.store.typed-ids", "false");
    try (Store s = Quarry.open(location)) {
      write(s, "http://ex/a", price("1.5"));
    } finally {
      System.clearProperty("quarry.store.typed-ids");
    }
    try (Store s = Quarry.open(location)) {
      write(s, "http://ex/b", price("2.5"));
      for (Node n : List.of(price("1.5"), price("2.5"))) {
        assertTrue(NodeIds.isTerm(id(s, n)), n.toString());
      }
      assertEquals(
          List.of(uri("http://ex/b")),
          select(s.dataset(), "SELECT ?x { ?x <http://ex/price> \"2.5\"^^<" + USD + "> }"));
      assertTrue(s.backend().contains("before paged-v6"), s.backend());
    }
  }
}
