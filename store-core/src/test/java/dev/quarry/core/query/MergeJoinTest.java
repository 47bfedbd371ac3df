package dev.quarry.core.query;

import static dev.quarry.core.query.TwinStores.iri;
import static dev.quarry.core.query.TwinStores.number;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two large patterns sharing their subject are merged (both read in subject order, neither probed
 * per row of the other), and give ARQ's answers: with subjects that have several values on both
 * sides, none on one, one object variable on both sides, in a named graph, under filters, LIMIT and
 * further patterns; and small patterns are still probed.
 */
class MergeJoinTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> ";
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    Random rnd = new Random(11);
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      Node x = NodeFactory.createURI("http://ex/x" + i);
      Node g = i % 5 == 0 ? NodeFactory.createURI("http://ex/g") : Quad.defaultGraphIRI;
      quads.add(Quad.create(g, x, iri("type"), iri("C" + (i % 2))));
      for (int k = rnd.nextInt(3); k > 0; k--) {
        quads.add(Quad.create(g, x, iri("p1"), number(rnd.nextInt(20))));
      }
      if (rnd.nextInt(4) > 0) {
        quads.add(Quad.create(g, x, iri("p2"), number(rnd.nextInt(20))));
      }
      if (i % 50 == 1) {
        quads.add(Quad.create(g, x, iri("rare"), iri("R")));
      }
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  /** Asserts ARQ's answers, some, and returns how Quarry ran the query. */
  private static String plan(String query) {
    return twins.explainAnswered(PREFIX + query);
  }

  @Test
  void largeSidesSharingTheSubjectAreMerged() {
    for (String q :
        List.of(
            "SELECT * { ?x ex:type ex:C1 . ?x ex:p1 ?a }",
            "SELECT * { ?x ex:p1 ?a . ?x ex:p2 ?b }",
            "SELECT * { ?x ex:p1 ?v . ?x ex:p2 ?v }",
            "SELECT * { GRAPH ex:g { ?x ex:p1 ?a . ?x ex:p2 ?b } }",
            "SELECT * { ?x ex:p1 ?a . ?x ex:p2 ?b FILTER(?a < ?b) }",
            "SELECT ?x (COUNT(*) AS ?n) { ?x ex:type ?c . ?x ex:p2 ?b } GROUP BY ?x",
            "SELECT * { ?x ex:p1 ?a . ?x ex:p2 ?b . ?x ex:type ?c }")) {
      String plan = plan(q);
      assertTrue(plan.contains("merge join on subjects"), plan);
    }
    // A LIMIT stops the merge early; its rows must still be answers (checked by the count only).
    String limited = PREFIX + "SELECT * { ?x ex:p1 ?a . ?x ex:p2 ?b } LIMIT 7";
    assertTrue(twins.quarry(limited).values().stream().mapToInt(Integer::intValue).sum() == 7);
  }

  @Test
  void aSmallSideIsProbedInstead() {
    String plan = plan("SELECT * { ?x ex:rare ex:R . ?x ex:p2 ?b }");
    assertFalse(plan.contains("merge join"), plan);
    plan("SELECT * { ?x ex:p1 ?a . ?x ex:p2 ?b FILTER(1 = 1) }");
  }
}
