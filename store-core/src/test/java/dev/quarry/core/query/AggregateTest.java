package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * GROUP BY and aggregates run on ids (counts without decoding, the rest through ARQ's accumulators)
 * and give ARQ's answers over Jena's in-memory dataset: on exact numbers, so that sums do not
 * depend on the order rows come in; with errors, empty groups and HAVING.
 */
class AggregateTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> ";
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      Node x = NodeFactory.createURI("http://ex/x" + i);
      quads.add(quad(x, "kind", NodeFactory.createURI("http://ex/K" + (i % 7))));
      quads.add(
          quad(
              x,
              "n",
              NodeFactory.createLiteralDT(Integer.toString(i % 50), XSDDatatype.XSDinteger)));
      quads.add(quad(x, "d", NodeFactory.createLiteralDT((i % 9) + ".25", XSDDatatype.XSDdecimal)));
      if (i % 11 == 0) {
        quads.add(quad(x, "d", NodeFactory.createLiteralString("not a number")));
      }
      if (i % 3 == 0) {
        quads.add(quad(x, "tag", NodeFactory.createLiteralString("t" + (i % 4))));
      }
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  private static Quad quad(Node s, String p, Node o) {
    return Quad.create(Quad.defaultGraphIRI, s, NodeFactory.createURI("http://ex/" + p), o);
  }

  private static String sameAnswers(String query) {
    String q = PREFIX + query;
    twins.sameAnswers(q);
    return twins.explain(q);
  }

  @Test
  void countOfEveryQuadOfAGraphComesFromTheStatistics() {
    List<Quad> quads = new ArrayList<>();
    Node g1 = NodeFactory.createURI("http://ex/g1");
    for (int i = 0; i < 300; i++) {
      Node x = NodeFactory.createURI("http://ex/y" + (i % 40));
      Node o = NodeFactory.createLiteralString("v" + i);
      quads.add(Quad.create(Quad.defaultGraphIRI, x, NodeFactory.createURI("http://ex/p"), o));
      if (i % 3 == 0) {
        quads.add(Quad.create(g1, x, NodeFactory.createURI("http://ex/q" + (i % 5)), o));
      }
    }
    try (TwinStores t = new TwinStores(quads)) {
      for (String q :
          List.of(
              "SELECT (COUNT(*) AS ?n) { ?s ?p ?o }",
              "SELECT (COUNT(*) AS ?n) FROM <http://ex/g1> { ?s ?p ?o }")) {
        t.sameAnswers(q);
        String plan = t.explain(q);
        assertTrue(plan.contains("COUNT(*) from the statistics"), q + "\n" + plan);
      }
      assertEquals(
          Map.of(Map.of("n", NodeFactory.createLiteralDT("300", XSDDatatype.XSDinteger)), 1),
          t.sameAnswers("SELECT (COUNT(*) AS ?n) { ?s ?p ?o }"));
      for (String q :
          List.of(
              "SELECT (COUNT(DISTINCT ?s) AS ?n) { ?s ?p ?o }",
              "SELECT (COUNT(DISTINCT ?s) AS ?n) FROM <http://ex/g1> { ?s ?p ?o }")) {
        t.sameAnswers(q);
        assertTrue(t.explain(q).contains("COUNT(DISTINCT subject) on the GS index"), q);
      }
      // Not every pattern of variables counts its graph's quads: those are counted row by row.
      for (String q :
          List.of(
              "SELECT (COUNT(*) AS ?n) { ?s ?p ?s }",
              "SELECT (COUNT(*) AS ?n) { GRAPH <http://ex/g1> { ?s ?p ?o } }", // GRAPH is ARQ's
              "SELECT (COUNT(*) AS ?n) FROM <http://ex/none> { ?s ?p ?o }", // no such graph
              "SELECT (COUNT(*) AS ?n) { ?s ?p ?o FILTER(?s != <http://ex/y1>) }",
              "SELECT (COUNT(DISTINCT ?o) AS ?n) { ?s ?p ?o }",
              "SELECT ?s (COUNT(*) AS ?n) { ?s ?p ?o } GROUP BY ?s",
              // predicates are counted over every graph: not the default graph's count here
              "SELECT ?p (COUNT(*) AS ?n) { ?s ?p ?o } GROUP BY ?p")) {
        t.sameAnswers(q);
        assertTrue(!t.explain(q).contains("from the statistics"), q);
      }
    }
  }

  @Test
  void countPerPredicateComesFromTheStatisticsWhenThereIsOnlyTheDefaultGraph() {
    for (String q :
        List.of(
            "SELECT ?p (COUNT(*) AS ?n) { ?s ?p ?o } GROUP BY ?p",
            "SELECT ?p (COUNT(*) AS ?n) { ?s ?p ?o } GROUP BY ?p ORDER BY DESC(?n) LIMIT 3")) {
      assertTrue(sameAnswers(q).contains("COUNT(*) per predicate from the statistics"), q);
    }
    assertEquals(
        4, twins.sameAnswers("SELECT ?p (COUNT(*) AS ?n) { ?s ?p ?o } GROUP BY ?p").size());
  }

  @Test
  void countsAndValueAggregatesPerGroup() {
    String plan =
        sameAnswers(
            "SELECT ?k (COUNT(*) AS ?n) (SUM(?v) AS ?s) (AVG(?v) AS ?a) (MIN(?v) AS ?lo)"
                + " (MAX(?v) AS ?hi) (COUNT(DISTINCT ?v) AS ?dv)"
                + " { ?x ex:kind ?k . ?x ex:n ?v } GROUP BY ?k");
    assertTrue(plan.contains("group by [?k]"), plan);
  }

  @Test
  void anExpressionOfOneVariableIsEvaluatedOncePerValueAndAsArqDoes() {
    // Casts of repeated values (computed once per value), casts that fail ("not a number"),
    // and an expression that is not a function of its variable (STRUUID): one value per row.
    sameAnswers(
        "SELECT ?k (AVG(<http://www.w3.org/2001/XMLSchema#decimal>(STR(?d))) AS ?a)"
            + " (SUM(<http://www.w3.org/2001/XMLSchema#decimal>(STR(?d))) AS ?s)"
            + " (MAX(STRLEN(STR(?d))) AS ?m) (MIN(CONCAT(\"v\", STR(?d))) AS ?lo)"
            + " { ?x ex:kind ?k . ?x ex:d ?d } GROUP BY ?k");
    sameAnswers(
        "SELECT ?k (AVG(<http://www.w3.org/2001/XMLSchema#float>(?v)) AS ?a)"
            + " (COUNT(DISTINCT CONCAT(STR(?v), STRUUID())) AS ?u)"
            + " { ?x ex:kind ?k . ?x ex:n ?v FILTER(?v < 10) } GROUP BY ?k");
  }

  @Test
  void aSumOverANonNumberIsUnboundAndCountsSkipUnbound() {
    sameAnswers(
        "SELECT ?k (SUM(?d) AS ?s) (COUNT(?d) AS ?n) { ?x ex:kind ?k . ?x ex:d ?d } GROUP BY ?k");
    sameAnswers(
        "SELECT ?k (COUNT(?t) AS ?n) (COUNT(*) AS ?all) (SAMPLE(?k) AS ?same)"
            + " { ?x ex:kind ?k OPTIONAL { ?x ex:tag ?t } } GROUP BY ?k");
  }

  @Test
  void noGroupByMakesOneGroupEvenOfNothing() {
    String plan = sameAnswers("SELECT (COUNT(*) AS ?n) (SUM(?v) AS ?s) { ?x ex:n ?v }");
    assertTrue(plan.contains("group by []"), plan);
    Map<Map<String, Node>, Integer> none =
        twins.quarry(PREFIX + "SELECT (COUNT(*) AS ?n) (MAX(?v) AS ?m) { ?x ex:none ?v }");
    assertEquals(
        Map.of(Map.of("n", NodeFactory.createLiteralDT("0", XSDDatatype.XSDinteger)), 1), none);
  }

  @Test
  void havingAndOrderOverAggregates() {
    sameAnswers(
        "SELECT ?t (COUNT(*) AS ?n) { ?x ex:tag ?t . ?x ex:n ?v FILTER(?v > 10) }"
            + " GROUP BY ?t HAVING (COUNT(*) > 30) ORDER BY DESC(?n)");
    // One value per group, so the concatenation does not depend on the order rows come in.
    sameAnswers(
        "SELECT ?t (GROUP_CONCAT(DISTINCT ?t) AS ?ts) (COUNT(DISTINCT ?k) AS ?kinds)"
            + " { ?x ex:kind ?k . ?x ex:tag ?t } GROUP BY ?t HAVING (?t != \"t3\")");
  }
}
