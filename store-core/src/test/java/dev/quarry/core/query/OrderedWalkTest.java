package dev.quarry.core.query;

import static dev.quarry.core.query.TwinStores.iri;
import static dev.quarry.core.query.TwinStores.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * ORDER BY ?label LIMIT k over a pattern {@code ?s ex:label ?label} walks the labels in order once
 * the commit's queries have paid for that order (WalkPlanner): the walk stops when the top-k is
 * full, gives up past its budget when the rest keeps too few rows (and the usual plan answers),
 * sees a commit's new rows, and answers as ARQ does in every case, descending too, over labels of
 * mixed kinds (strings, language-tagged strings, numbers, IRIs) whose order is SPARQL's, not their
 * ids'.
 */
class OrderedWalkTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> ";
  private static final int THINGS = 3000;
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    Random random = new Random(51);
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < THINGS; i++) {
      Node x = iri("x" + i);
      quads.add(Quad.create(Quad.defaultGraphIRI, x, iri("label"), label(i, random)));
      quads.add(Quad.create(Quad.defaultGraphIRI, x, iri("n"), number(i % 100)));
      quads.add(Quad.create(Quad.defaultGraphIRI, x, iri("tag"), iri("T" + (i % 7))));
    }
    twins = new TwinStores(quads);
  }

  /** Unique labels (so a top-k has one answer), in an order unrelated to their ids. */
  private static Node label(int i, Random random) {
    String word = Integer.toString(random.nextInt(1_000_000), 36) + "-" + i;
    return switch (i % 10) {
      case 7 -> NodeFactory.createLiteralLang(word, "en");
      case 8 ->
          NodeFactory.createLiteralDT(
              Integer.toString(random.nextInt(100_000) * 10 + i % 10),
              org.apache.jena.datatypes.xsd.XSDDatatype.XSDinteger);
      case 9 -> iri("label-" + word);
      default -> NodeFactory.createLiteralString(word);
    };
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  /**
   * Runs {@code query} until a plan walks (the commit's queries paid for the order, made in the
   * background): that plan; then the query's answers are checked against ARQ's (by the next run's
   * plan: OrderedWalkDifferentialTest holds every walk's to ARQ's). One run per explain: the choice
   * alternates walk and usual plan run by run, and explainAnswered runs the query twice, so its
   * explained run could be the usual plan's every time.
   */
  private static String walked(String query) {
    for (int i = 0; i < 1000; i++) {
      String plan = twins.explain(query);
      if (plan.contains("walk ?l")) {
        twins.explainAnswered(query);
        return plan;
      }
    }
    throw new AssertionError("never walked: " + twins.explain(query));
  }

  @Test
  void aTopKOverACommonConditionWalksAndStops() {
    for (String order : List.of("?l", "DESC(?l)")) {
      String query =
          PREFIX
              + "SELECT DISTINCT ?x ?l { ?x ex:label ?l . ?x ex:n ?n FILTER(?n < 50) } ORDER BY "
              + order
              + " LIMIT 5";
      String plan = walked(query);
      assertTrue(plan.contains("stopped by the top-k"), plan);
      assertFalse(plan.contains("gave up"), plan);
      assertTrue(plan.contains((order.startsWith("DESC") ? "descending" : "ascending")), plan);
      // The walk read a few hundred rows, not all.
      assertTrue(walkedRows(plan) < THINGS / 4, plan);
    }
  }

  @Test
  void aWalkThatFindsTooFewGivesUpAndTheUsualPlanAnswers() {
    // One thing in 100 has n = 42 and one in 7 the tag T3: one in 700, about 4 in all.
    String query =
        PREFIX + "SELECT ?x ?l { ?x ex:label ?l ; ex:n 42 ; ex:tag ex:T3 } ORDER BY ?l LIMIT 3";
    String plan = walked(query);
    assertTrue(plan.contains("after a walk that gave up"), plan);
    assertEquals(3, twins.sameAnswers(query).values().stream().mapToInt(Integer::intValue).sum());
  }

  @Test
  void aCommitIsSeenByTheNextWalk() {
    // Walks wherever they can: this shape's walks may be slower than its usual plan here.
    System.setProperty("quarry.exec.walk", "always");
    try {
      String query = PREFIX + "SELECT ?x ?l { ?x ex:label ?l ; ex:tag ex:T1 } ORDER BY ?l LIMIT 4";
      walked(query);
      // A label that sorts before every other: IRIs sort before literals, and '!' before [0-9a-z].
      twins.add(
          List.of(
              Quad.create(Quad.defaultGraphIRI, iri("new"), iri("label"), iri("label-!")),
              Quad.create(Quad.defaultGraphIRI, iri("new"), iri("tag"), iri("T1"))));
      String plan = walked(query);
      assertTrue(twins.quarry(query).keySet().toString().contains("http://ex/new"), plan);
    } finally {
      System.clearProperty("quarry.exec.walk");
    }
  }

  private static int walkedRows(String plan) {
    int at = plan.indexOf(" rows walked");
    int from = plan.lastIndexOf('[', at) + 1;
    return Integer.parseInt(plan.substring(from, plan.indexOf(' ', from)));
  }
}
