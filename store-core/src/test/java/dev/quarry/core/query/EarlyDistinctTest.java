package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Under a DISTINCT of a projection, a column no later step needs is dropped after the step that
 * fans out, with the copies that leaves (BSBM Q5: the products sharing any of a product's features,
 * each found once per shared feature). Answers are ARQ's; the plan shows the early distinct only
 * where it may be.
 */
class EarlyDistinctTest {
  private static final String PREFIX = "PREFIX : <http://ex/> ";
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      Node p = TwinStores.iri("p" + i);
      for (int k = 0; k < 4; k++) {
        quads.add(TwinStores.quad(p, "feature", TwinStores.iri("f" + ((i + k * 7) % 12))));
      }
      quads.add(TwinStores.quad(p, "label", NodeFactory.createLiteralString("label " + (i % 150))));
      quads.add(TwinStores.quad(p, "n", TwinStores.number(i % 100)));
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  private static long distincts(String plan) {
    return plan.lines().filter(l -> l.strip().startsWith("distinct")).count();
  }

  @Test
  void theSharedFeatureIsDroppedWithItsCopies() {
    String q5 =
        PREFIX
            + "SELECT DISTINCT ?p ?l { :p5 :feature ?f . ?p :feature ?f . ?p :label ?l ."
            + " :p5 :n ?o . ?p :n ?v FILTER(?v < ?o + 40 && ?v > ?o - 40 && ?p != :p5) }"
            + " ORDER BY ?l LIMIT 7";
    assertEquals(2, distincts(twins.explainAnswered(q5)), twins.explain(q5));
    // REDUCED may drop copies: the same rows as ARQ's, as a set.
    String reduced = PREFIX + "SELECT REDUCED ?p { :p5 :feature ?f . ?p :feature ?f . ?p :n ?v }";
    assertEquals(twins.oracleSet(reduced), twins.quarry(reduced).keySet());
    assertEquals(2, distincts(twins.explain(reduced)), twins.explain(reduced));
  }

  @Test
  void onlyWhereCopiesDoNotCount() {
    // No DISTINCT: every copy is an answer.
    assertEquals(
        0,
        distincts(
            twins.explainAnswered(PREFIX + "SELECT ?p { :p5 :feature ?f . ?p :feature ?f }")));
    // A later filter needs the feature: it is kept until then.
    String filtered =
        PREFIX
            + "SELECT DISTINCT ?p { :p5 :feature ?f . ?p :feature ?f . ?p :n ?v"
            + " FILTER(?f != :f3 && ?v < 30) }";
    twins.explainAnswered(filtered);
    // Counted: a DISTINCT inside an aggregate's input keeps its own meaning.
    twins.explainAnswered(
        PREFIX
            + "SELECT ?p (COUNT(?f) AS ?shared) { :p5 :feature ?f . ?p :feature ?f } GROUP BY ?p");
    twins.explainAnswered(
        PREFIX
            + "SELECT (COUNT(*) AS ?n) { SELECT DISTINCT ?p { :p5 :feature ?f . ?p :feature ?f } }");
  }
}
