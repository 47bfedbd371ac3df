package dev.quarry.core.query;

import static dev.quarry.core.query.TwinStores.iri;
import static dev.quarry.core.query.TwinStores.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.query.memory.MemoryPool;
import dev.quarry.core.query.memory.QueryMemory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.jena.graph.Node;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pattern joined with many more input rows than a quarter of its quads is read whole, once, and
 * the rows find their quads in memory; the answers stay ARQ's: an object variable or constant,
 * subjects with several quads or none, in a named graph, after inserts and deletes, and inside a
 * write transaction that changed the pattern. Few rows, a LIMIT or too little query memory keep the
 * probes.
 */
class WholePatternJoinTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> ";
  private static final Node G = iri("g");
  private static TwinStores twins;

  @TempDir static Path spill;

  @BeforeAll
  static void load() {
    Random rnd = new Random(7);
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      Node x = iri("x" + i);
      if (i < 3000) {
        quads.add(Quad.create(Quad.defaultGraphIRI, iri("hub"), iri("link"), x));
      }
      quads.add(Quad.create(Quad.defaultGraphIRI, x, iri("tag"), iri("T" + (i % 7))));
      quads.add(Quad.create(Quad.defaultGraphIRI, x, iri("kind"), iri("K")));
      // Three subjects in four have a value, some two; the named graph has others.
      for (int k = rnd.nextInt(4) == 0 ? 0 : 1 + rnd.nextInt(2); k > 0; k--) {
        quads.add(Quad.create(Quad.defaultGraphIRI, x, iri("val"), number(rnd.nextInt(50))));
      }
      if (i % 2 == 0) {
        quads.add(Quad.create(G, iri("hub"), iri("glink"), x));
        quads.add(Quad.create(G, x, iri("val"), number(100 + rnd.nextInt(50))));
      }
    }
    // A table too large for a cache (about 48,000 quads): its probes are served in key order.
    for (int i = 0; i < 40000; i++) {
      Node y = iri("y" + i);
      for (int k = i % 5 == 0 ? 0 : 1 + rnd.nextInt(2); k > 0; k--) {
        quads.add(Quad.create(Quad.defaultGraphIRI, y, iri("big"), number(rnd.nextInt(1000))));
      }
      if (rnd.nextInt(2) == 0) {
        quads.add(Quad.create(Quad.defaultGraphIRI, iri("hub"), iri("many"), y));
      }
    }
    for (int i = 0; i < 500; i++) { // linked things the big pattern does not have
      quads.add(Quad.create(Quad.defaultGraphIRI, iri("hub"), iri("many"), iri("z" + i)));
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  private static String plan(String query) {
    return twins.explainAnswered(PREFIX + query);
  }

  @Test
  void manyRowsReadThePatternWholeWithARQsAnswers() {
    for (String q :
        List.of(
            "SELECT * { ex:hub ex:link ?x . ?x ex:val ?v }",
            "SELECT * { ex:hub ex:link ?x . ?x ex:kind ex:K }",
            "SELECT ?v (COUNT(*) AS ?n) { ex:hub ex:link ?x . ?x ex:val ?v } GROUP BY ?v",
            "SELECT * { GRAPH ex:g { ex:hub ex:glink ?x . ?x ex:val ?v } }",
            "SELECT * { ex:hub ex:link ?x . ?x ex:val ?v FILTER(STR(?v) != \"20\") }",
            // Rows whose subject is unbound (the second branch's) match every value.
            "SELECT * { { ex:hub ex:link ?x } UNION { VALUES ?y { 1 2 } } ?x ex:val ?v }")) {
      String plan = plan(q);
      assertTrue(plan.contains("[read whole"), plan); // by this query or an earlier one
    }
    // The quads it served: exactly the pattern's (the default graph's values, not the named one's).
    String plan = plan("SELECT * { ex:hub ex:link ?x . ?x ex:val ?v }");
    long vals =
        twins.quarry(PREFIX + "SELECT * { ?x ex:val ?v }").values().stream().mapToInt(n -> n).sum();
    assertTrue(plan.contains(": " + vals + " quads served 3000 rows]"), plan);
  }

  @Test
  void aLargeTableServesItsRowsInKeyOrderWithARQsAnswers() {
    for (String q :
        List.of(
            "SELECT * { ex:hub ex:many ?y . ?y ex:big ?v }",
            "SELECT ?v (COUNT(*) AS ?n) { ex:hub ex:many ?y . ?y ex:big ?v } GROUP BY ?v",
            // Unbound subjects (the second branch's rows) are looked up: they match every quad.
            "SELECT * { { ex:hub ex:many ?y } UNION { VALUES ?w { 1 } } ?y ex:big ?v }")) {
      String plan = plan(q);
      assertTrue(plan.contains(" in key order]"), plan);
    }
  }

  @Test
  void fewRowsOrALimitAreProbed() {
    // A pattern no other test reads whole (a table another query read is used by fewer rows).
    String few = plan("SELECT * { ?x ex:tag ex:T3 . ?x ex:kind ?k }");
    assertFalse(few.contains("read whole"), few);
    String limited =
        twins.explain(PREFIX + "SELECT * { ex:hub ex:link ?x . ?x ex:val ?v } LIMIT 5");
    assertFalse(limited.contains("read whole"), limited);
    assertEquals(
        5, twins.quarry(PREFIX + "SELECT * { ex:hub ex:link ?x . ?x ex:val ?v } LIMIT 5").size());
    // Probed subjects with values in both graphs: each graph's own values only.
    String values = "VALUES ?x { ex:x2 ex:x4 ex:x6 ex:x8 ex:x9 } ";
    for (String q :
        List.of(
            "SELECT * { " + values + "?x ex:val ?v }",
            "SELECT * { " + values + "GRAPH ex:g { ?x ex:val ?v } }",
            "SELECT * { " + values + "GRAPH ?g { ?x ex:val ?v } }")) {
      String plan = plan(q);
      assertFalse(plan.contains("read whole"), plan);
    }
  }

  @Test
  void tooLittleMemoryKeepsTheProbes() {
    String query = PREFIX + "SELECT * { ex:hub ex:link ?x . ?x ex:val ?v }";
    MemoryPool pool = new MemoryPool(1L << 30, spill.resolve("pool"));
    try (QueryMemory memory = pool.open(64 << 10)) {
      String plan = twins.explainWithin(query, memory);
      assertFalse(plan.contains("read whole"), plan);
      assertTrue(plan.contains(" / 3000]"), plan); // the links, each probed
      assertEquals(0, memory.reserved());
    }
    try (QueryMemory memory = pool.open(64 << 20)) {
      String plan = twins.explainWithin(query, memory);
      assertTrue(plan.contains("read whole"), plan);
      assertEquals(0, memory.reserved(), "the table's memory is given back");
    }
  }

  @Test
  void changesAreSeenCommittedAndInsideTheWriter() {
    List<Quad> more = new ArrayList<>();
    List<Quad> fewer = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      more.add(Quad.create(Quad.defaultGraphIRI, iri("x" + i), iri("val"), number(1000 + i)));
    }
    twins
        .quarry(PREFIX + "SELECT * { ?x ex:val ?v FILTER(?v = 7) }")
        .keySet()
        .forEach(
            r -> fewer.add(Quad.create(Quad.defaultGraphIRI, r.get("x"), iri("val"), r.get("v"))));
    assertFalse(fewer.isEmpty());
    twins.add(more);
    twins.delete(fewer);
    assertTrue(plan("SELECT * { ex:hub ex:link ?x . ?x ex:val ?v }").contains("read whole"));
    twins.sameAnswers(
        PREFIX + "SELECT ?v (COUNT(*) AS ?n) { ex:hub ex:link ?x . ?x ex:val ?v } GROUP BY ?v");
    // In a write transaction, the whole read sees the transaction's own change.
    DatasetGraph dsg = twins.store().dataset();
    Quad added = Quad.create(Quad.defaultGraphIRI, iri("x1"), iri("val"), number(-5));
    dsg.begin(ReadWrite.WRITE);
    try {
      dsg.add(added);
      dsg.delete(more.get(0));
      String query = PREFIX + "SELECT ?x ?v { ex:hub ex:link ?x . ?x ex:val ?v }";
      String plan = Explain.run(QueryExec.dataset(dsg).query(query));
      assertTrue(plan.contains("read whole"), plan);
      List<String> values = new ArrayList<>();
      QueryExec.dataset(dsg)
          .query(query)
          .select()
          .forEachRemaining(
              b ->
                  values.add(b.get("x").getLocalName() + "=" + b.get("v").getLiteralLexicalForm()));
      assertTrue(values.contains("x1=-5"));
      assertFalse(values.contains("x0=1000"));
      assertTrue(values.contains("x1=1001"));
    } finally {
      dsg.abort();
      dsg.end();
    }
  }
}
