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
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A part written twice in one query (a subquery, a group of patterns), the same but for its
 * variables' names, is computed once and read by both occurrences, with ARQ's answers; parts that
 * differ in how their variables connect, that may differ between evaluations (RAND), or that read
 * another graph are computed apart; rows too large for the query's memory are computed again.
 */
class ReuseTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> ";
  // Reviews per country and product, as BSBM BI's Q5 writes it twice.
  private static final String COUNTS =
      "{ SELECT ?c ?x (COUNT(*) AS ?n) { ?r ex:for ?x . ?r ex:by ?y . ?y ex:country ?c }"
          + " GROUP BY ?c ?x }";
  private static TwinStores twins;

  @TempDir static Path spill;

  @BeforeAll
  static void load() {
    Random rnd = new Random(5);
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      quads.add(Quad.create(Quad.defaultGraphIRI, iri("y" + i), iri("country"), iri("C" + i % 4)));
    }
    for (int i = 0; i < 1500; i++) {
      Node r = iri("r" + i);
      Node g = i % 5 == 0 ? iri("g") : Quad.defaultGraphIRI;
      quads.add(Quad.create(g, r, iri("for"), iri("x" + rnd.nextInt(40))));
      quads.add(Quad.create(g, r, iri("by"), iri("y" + rnd.nextInt(60))));
      if (g != Quad.defaultGraphIRI) {
        quads.add(Quad.create(g, iri("y" + i % 60), iri("country"), iri("C" + i % 3)));
      }
      quads.add(Quad.create(Quad.defaultGraphIRI, r, iri("score"), number(rnd.nextInt(10))));
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
  void aSubqueryWrittenTwiceIsComputedOnce() {
    String q =
        "SELECT ?c ?x ?n { "
            + COUNTS
            + " { SELECT ?c (MAX(?n) AS ?m) { "
            + COUNTS
            + " } GROUP BY ?c } FILTER(?n = ?m) }";
    String plan = plan(q);
    assertTrue(plan.contains("computed once for 2 occurrences"), plan);
    assertTrue(plan.contains("the same rows again"), plan);
  }

  @Test
  void patternsWrittenTwiceAreComputedOnce() {
    String plan =
        plan(
            "SELECT * { { ?r ex:for ?x . ?r ex:by ?y } { SELECT ?x (COUNT(*) AS ?k)"
                + " { ?s ex:for ?x . ?s ex:by ?z } GROUP BY ?x } }");
    assertTrue(plan.contains("computed once for 2 occurrences"), plan);
  }

  @Test
  void partsThatOnlyLookAlikeAreComputedApart() {
    // The same operators and constants, the variables joined otherwise.
    String plan =
        plan(
            "SELECT * { { ?r ex:for ?x . ?q ex:for ?x } { SELECT ?x (COUNT(*) AS ?k)"
                + " { ?s ex:for ?x . ?s ex:for ?w } GROUP BY ?x } }");
    assertFalse(plan.contains("computed once"), plan);
    // RAND() differs from one evaluation to the next: only the patterns under it are shared.
    String rand =
        twins.explain(
            PREFIX
                + "SELECT * { { SELECT ?x (RAND() AS ?a) { ?r ex:for ?x . ?r ex:by ?y } }"
                + " { SELECT ?x (RAND() AS ?b) { ?r ex:for ?x . ?r ex:by ?y } } }");
    assertTrue(rand.contains("bind ?a := (rand)") && rand.contains("bind ?b := (rand)"), rand);
    assertTrue(rand.indexOf("bind ?b := (rand)") < rand.indexOf("the same rows again"), rand);
    // The same subquery in the default graph and in a named one reads different quads.
    String graphs =
        plan("SELECT * { " + COUNTS + " GRAPH ex:g { " + COUNTS.replace("?n", "?n2") + " } }");
    assertFalse(graphs.contains("the same rows again"), graphs);
    String bothInGraph =
        plan(
            "SELECT * { GRAPH ex:g { "
                + COUNTS
                + " } GRAPH ex:g { "
                + COUNTS.replace("?n", "?n2")
                + " } }");
    assertTrue(bothInGraph.contains("computed once"), bothInGraph);
  }

  @Test
  void anOccurrenceNeverReadLeavesTheRowsToTheOthers() {
    String part = "{ SELECT ?x (COUNT(*) AS ?k) { ?s ex:for ?x . ?s ex:by ?z } GROUP BY ?x }";
    String q =
        PREFIX
            + "SELECT ?b ?x ?k { { BIND(1 AS ?b) { SELECT ?x ?k { "
            + part
            + " } LIMIT 0 } } UNION { BIND(2 AS ?b) "
            + part
            + " } }";
    assertTrue(twins.explain(q).contains("the same rows again"), twins.explain(q));
    assertEquals(40, twins.sameAnswers(q).size());
  }

  @Test
  void rowsTooLargeToHoldAreComputedAgain() {
    String q =
        PREFIX
            + "SELECT * { { ?r ex:for ?x . ?r ex:by ?y } { SELECT ?x (COUNT(*) AS ?k)"
            + " { ?s ex:for ?x . ?s ex:by ?z } GROUP BY ?x } }";
    MemoryPool pool = new MemoryPool(1L << 30, spill.resolve("pool"));
    try (QueryMemory memory = pool.open(16 << 10)) {
      String plan = twins.explainWithin(q, memory);
      assertTrue(plan.contains("computed again (too large to hold)"), plan);
      assertEquals(0, memory.reserved());
    }
    try (QueryMemory memory = pool.open(16 << 10)) {
      assertEquals(twins.sameAnswers(q), twins.answersWithin(q, memory));
      assertEquals(0, memory.reserved());
    }
  }

  /**
   * Jena's algebra compares two top-Ns by their inputs alone: parts differing only in their limits
   * or order are not the same part (the W3C 1.2 suite's ORDER BY over kinds of terms found it).
   */
  @Test
  void topNsOfOtherLimitsOrOrdersAreComputedApart() {
    String q =
        "SELECT * { { { SELECT ?v { ?s ex:score ?v } ORDER BY ?v LIMIT 1 } BIND(1 AS ?i) }"
            + " UNION { { SELECT ?v { ?s ex:score ?v } ORDER BY ?v OFFSET 1 LIMIT 1 } BIND(2 AS ?i) }"
            + " UNION { { SELECT ?v { ?s ex:score ?v } ORDER BY DESC(?v) LIMIT 1 } BIND(3 AS ?i) } }";
    assertEquals(3, twins.sameAnswers(PREFIX + q).size());
  }
}
