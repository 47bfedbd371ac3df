package dev.quarry.core.query;

import static dev.quarry.core.query.TwinStores.iri;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Rows with a bound subject and an object range are served by the pattern read whole (any object)
 * once the commit's rows in it could have paid for the read, and by the table kept for the commit
 * after: each row keeps the subject's objects in its range (the shared one, or its own where the
 * rows' ranges differ). The answers stay ARQ's, with numbers of several kinds, terms that are not
 * numbers and subjects with two values; a commit makes another state, read again.
 */
class RangeWholeReadTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> ";
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    Random rnd = new Random(23);
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      Node x = iri("x" + i);
      quads.add(quad(x, "g", iri("G" + (i % 3))));
      quads.add(quad(x, "label", NodeFactory.createLiteralString("label " + (i * 7919 % 3000))));
      quads.add(quad(x, "n", number(rnd.nextInt(3000), i)));
      quads.add(quad(x, "m", number(rnd.nextInt(3000), i + 1)));
      if (i % 97 == 0) {
        quads.add(quad(x, "n", number(rnd.nextInt(3000), i))); // a second value
      }
      if (i % 89 == 0) {
        quads.add(quad(x, "n", iri("notANumber" + i)));
        quads.add(quad(x, "n", NodeFactory.createLiteralString("250")));
      }
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  private static Quad quad(Node s, String p, Node o) {
    return Quad.create(Quad.defaultGraphIRI, s, iri(p), o);
  }

  /** v as an inline integer, a decimal, a double or an integer in the term table, by {@code k}. */
  private static Node number(int v, int k) {
    return switch (k % 4) {
      case 0 -> NodeFactory.createLiteralDT(v + ".5", XSDDatatype.XSDdecimal);
      case 1 -> NodeFactory.createLiteralDT(v + ".0E0", XSDDatatype.XSDdouble);
      case 2 -> NodeFactory.createLiteralDT("0" + v, XSDDatatype.XSDinteger);
      default -> NodeFactory.createLiteralDT(Integer.toString(v), XSDDatatype.XSDinteger);
    };
  }

  @Test
  void theCommitsRowsPayForAWholeReadThatLaterQueriesServeFrom() {
    twins.add(List.of(quad(iri("x0"), "other", iri("o")))); // a commit of its own: nothing kept
    // 1,000 subjects of G2, one range for all; the n pattern has 3,099 quads, so a whole read pays
    // from 775 rows: the first query reads it, the next serve from the table it kept.
    String shared =
        PREFIX
            + "SELECT ?x ?v { ex:x17 ex:g ?k . ?x ex:g ?k . ?x ex:n ?v FILTER(?v > 100 && ?v < 900) }";
    String first = twins.explain(shared);
    assertTrue(first.contains("1000 rows served by the pattern read whole]"), first);
    String again = twins.explainAnswered(shared); // also checks the answers against ARQ's
    assertTrue(again.contains("1000 rows served by the pattern read whole by an earlier query"));
    // Each row's own range, from its subject's m: the rows' ranges differ.
    String own =
        PREFIX
            + "SELECT ?x ?w ?v { ?x ex:g ex:G1 . ?x ex:m ?w . ?x ex:n ?v "
            + "FILTER(?v >= ?w - 400 && ?v < ?w + 400) }";
    String plan = twins.explainAnswered(own);
    assertTrue(plan.contains("served by the pattern read whole by an earlier query"), plan);
    // A commit makes another state: read again once paid for, and the change is seen.
    twins.add(List.of(quad(iri("x2"), "n", number(500, 3))));
    String changed = twins.explainAnswered(shared);
    assertTrue(changed.contains("1000 rows served by the pattern read whole"), changed);
    assertTrue(twins.quarry(shared).keySet().stream().anyMatch(r -> r.get("x").equals(iri("x2"))));
  }

  @Test
  void aTopKWalkedThroughRangesGivesArqsAnswers() {
    // BSBM Q5's shape: products like x17 by two numbers, the first five by label.
    String q5 =
        PREFIX
            + "SELECT DISTINCT ?x ?l { ?x ex:label ?l . ex:x17 ex:n ?a . ?x ex:n ?v "
            + "FILTER(?v < ?a + 300 && ?v > ?a - 300) ex:x17 ex:m ?b . ?x ex:m ?w "
            + "FILTER(?w < ?b + 500 && ?w > ?b - 500) ex:x17 ex:g ?k . ?x ex:g ?k "
            + "FILTER(?x != ex:x17) } ORDER BY ?l LIMIT 5";
    System.setProperty("quarry.exec.walk", "always");
    try {
      for (int i = 0; i < 4; i++) {
        String plan = twins.explainAnswered(q5);
        assertTrue(plan.contains("walk ?l ascending"), plan);
        assertEquals(
            twins.oracleColumn(q5, "l"), twins.quarryColumn(q5, "l"), "the labels, in order");
      }
      String plan = twins.explain(q5);
      assertTrue(plan.contains("served by the pattern read whole by an earlier query"), plan);
      assertFalse(plan.contains("budget"), plan);
    } finally {
      System.clearProperty("quarry.exec.walk");
    }
  }
}
