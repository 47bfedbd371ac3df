package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Plans that use what the rows before them bound: a variable a filter says equals a bound one is
 * looked up by its value (only where equality is identity: IRIs and blank nodes, not literals,
 * which may equal other terms), and a UNION of patterns joined with a few rows runs each branch on
 * those rows. Each gives ARQ's answers over Jena's in-memory dataset.
 */
class CorrelatedPlansTest {
  private static final String PREFIX = "PREFIX : <http://ex/> ";
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      Node x = NodeFactory.createURI("http://ex/x" + i);
      quads.add(quad(x, "feature", NodeFactory.createURI("http://ex/f" + (i % 13))));
      quads.add(quad(x, "feature", NodeFactory.createURI("http://ex/f" + (i % 7))));
      // Literals equal in value but not as terms: 1, 01, 1.0 (integer, integer, decimal).
      quads.add(quad(x, "n", lit(Integer.toString(i % 5), XSDDatatype.XSDinteger)));
      if (i % 4 == 0) {
        quads.add(quad(x, "n", lit("0" + (i % 5), XSDDatatype.XSDinteger)));
      }
      if (i % 6 == 0) {
        quads.add(quad(x, "n", lit((i % 5) + ".0", XSDDatatype.XSDdecimal)));
      }
      quads.add(quad(x, "r" + (i % 4), lit(Integer.toString(i % 10), XSDDatatype.XSDinteger)));
      if (i % 3 == 0) {
        quads.add(quad(x, "maker", NodeFactory.createURI("http://ex/m" + (i % 9))));
      }
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  private static Node lit(String lex, XSDDatatype type) {
    return NodeFactory.createLiteralDT(lex, type);
  }

  private static Quad quad(Node s, String p, Node o) {
    return Quad.create(Quad.defaultGraphIRI, s, NodeFactory.createURI("http://ex/" + p), o);
  }

  @Test
  void aVariableEqualToABoundIriIsLookedUpByIt() {
    String q =
        PREFIX
            + "SELECT ?other (COUNT(?of) AS ?same) { :x5 :feature ?f . ?other :feature ?of "
            + "FILTER(?f = ?of) } GROUP BY ?other";
    String plan = twins.explainAnswered(q);
    // Looked up: the pattern reads the subjects with x5's feature (about 66), not all 600 rows.
    Matcher m = Pattern.compile("pattern \\{ \\?other [^\\[]*\\[[^/]*/ (\\d+)\\]").matcher(plan);
    assertTrue(m.find(), plan);
    assertTrue(Integer.parseInt(m.group(1)) < 100, plan);
    twins.explainAnswered(
        PREFIX + "SELECT * { :x5 :feature ?f . ?other :feature ?of FILTER(sameTerm(?of, ?f)) }");
    twins.explainAnswered(
        PREFIX + "SELECT * { ?a :maker ?m . ?b :maker ?n FILTER(?m = ?n && ?a != ?b) }");
  }

  @Test
  void literalsEqualInValueButNotAsTermsAreAllFound() {
    // 1 = 01 = 1.0: a lookup by the term would miss the other two.
    String plan =
        twins.explainAnswered(
            PREFIX + "SELECT ?a ?b ?v ?w { :x6 :n ?v . ?b :n ?w FILTER(?v = ?w) }");
    assertTrue(plan.contains("filter"), plan);
    twins.explainAnswered(
        PREFIX + "SELECT ?b ?w { :x12 :n ?v . ?b :n ?w FILTER(sameTerm(?v, ?w)) }");
    twins.explainAnswered(
        PREFIX + "SELECT (COUNT(*) AS ?c) { ?a :n ?v . ?b :n ?w FILTER(?v = ?w) }");
  }

  @Test
  void expressionsOfTwoVariablesAreRememberedByTheirValues() {
    // BIND and ORDER BY over an expression of two variables: 5,550 rows, 100 pairs of values.
    twins.sameAnswers(
        PREFIX
            + "SELECT ?x ?y ?r { ?x :r0 ?v . ?y :r1 ?w FILTER(?x != ?y) BIND(?v - ?w AS ?r) }"
            + " ORDER BY DESC(?v * 10 + ?w) ?x ?y LIMIT 25");
    twins.sameAnswers(
        PREFIX
            + "SELECT ?x ?y ?r { ?x :r0 ?v . ?y :r1 ?w BIND(IF(?v > ?w, ?v / (?w + 1), 0) AS ?r)"
            + " FILTER(?r > 1) }");
  }

  @Test
  void aUnionOfPatternsJoinedWithFewRowsRunsOnThem() {
    String q =
        PREFIX
            + "SELECT ?x ?s { ?x :maker :m3 . { ?x :r0 ?s } UNION { ?x :r1 ?s } UNION { ?x :r2 ?s }"
            + " UNION { ?x :r3 ?s } }";
    String plan = twins.explainAnswered(q);
    assertTrue(plan.contains("the input, read once for each branch"), plan);
    // A variable the rows leave unbound (OPTIONAL) is bound by the branch; one a branch does not
    // have stays as the rows had it.
    twins.explainAnswered(
        PREFIX
            + "SELECT * { ?x :maker ?m OPTIONAL { ?x :r0 ?z } { ?x :r0 ?s } UNION { ?x :r1 ?s }"
            + " UNION { ?z :r2 ?s } }");
    // A filter inside a branch sees only the branch: not run on the rows.
    twins.explainAnswered(
        PREFIX
            + "SELECT * { ?x :maker ?m . { ?x :r0 ?s FILTER(!BOUND(?m)) } UNION { ?x :r1 ?s } }");
    twins.explainAnswered(
        PREFIX
            + "SELECT ?m (AVG(?s) AS ?a) { ?x :maker ?m . { ?x :r0 ?s } UNION { ?x :r3 ?s } }"
            + " GROUP BY ?m");
  }
}
