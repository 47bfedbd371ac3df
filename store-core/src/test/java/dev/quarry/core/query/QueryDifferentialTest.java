package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.shared.PrefixMapping;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.util.FmtUtils;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random basic graph patterns (with OPTIONAL and FILTER around some) over random data: Quarry's
 * answers, with patterns run on ids, must equal ARQ's reference evaluation over Jena's in-memory
 * dataset, as multisets, in the default graph, in a named graph, over GRAPH ?g and with FROM. Other
 * backends run it on themselves through a subclass ({@link #newStore}).
 */
public class QueryDifferentialTest {
  private static final String[] PREDICATES = {"p0", "p1", "p2", "p3", "p4"};

  private static Node resource(Random rnd) {
    return NodeFactory.createURI("http://ex/r" + rnd.nextInt(25));
  }

  private static Node object(Random rnd) {
    return switch (rnd.nextInt(9)) {
      case 0 -> resource(rnd);
      case 1 ->
          NodeFactory.createLiteralDT(Integer.toString(rnd.nextInt(10)), XSDDatatype.XSDinteger);
      case 2 -> NodeFactory.createLiteralString("s" + rnd.nextInt(8));
      // Other numeric datatypes: arithmetic and comparisons across them are not decided on ids.
      case 3 -> NodeFactory.createLiteralDT(rnd.nextInt(10) + ".5", XSDDatatype.XSDdecimal);
      case 4 -> NodeFactory.createLiteralDT(Integer.toString(rnd.nextInt(10)), XSDDatatype.XSDint);
      // Numbers in the term table (a range filter must still find them): a non-canonical integer,
      // a double that is not inline; and inline doubles and floats, negatives too.
      case 5 -> NodeFactory.createLiteralDT("0" + rnd.nextInt(10), XSDDatatype.XSDinteger);
      case 6 -> NodeFactory.createLiteralDT((rnd.nextInt(12) - 2) + ".1", XSDDatatype.XSDdouble);
      case 7 ->
          rnd.nextBoolean()
              ? NodeFactory.createLiteralDT((rnd.nextInt(12) - 2) + ".5E0", XSDDatatype.XSDdouble)
              : NodeFactory.createLiteralDT((rnd.nextInt(12) - 2) + ".25", XSDDatatype.XSDfloat);
      default -> NodeFactory.createLiteralLang("w" + rnd.nextInt(4), "en");
    };
  }

  private static List<Quad> data(Random rnd) {
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      Node g =
          rnd.nextInt(3) == 0
              ? Quad.defaultGraphIRI
              : NodeFactory.createURI("http://ex/g" + rnd.nextInt(3));
      quads.add(
          Quad.create(
              g,
              resource(rnd),
              NodeFactory.createURI("http://ex/" + PREDICATES[rnd.nextInt(PREDICATES.length)]),
              object(rnd)));
    }
    return quads;
  }

  private static String term(Node n) {
    // No prefixes: the queries declare none.
    return FmtUtils.stringForNode(n, (PrefixMapping) null);
  }

  /** A random BGP of 1-3 triples sharing variables, constants from the data. */
  private static String bgp(Random rnd, List<Quad> data) {
    String[] vars = {"?a", "?b", "?c", "?d"};
    StringBuilder sb = new StringBuilder();
    int n = 1 + rnd.nextInt(3);
    for (int i = 0; i < n; i++) {
      Quad q = data.get(rnd.nextInt(data.size()));
      String s = rnd.nextInt(3) == 0 ? term(q.getSubject()) : vars[rnd.nextInt(2)];
      String p = rnd.nextInt(5) == 0 ? "?p" + i : term(q.getPredicate());
      String o = rnd.nextInt(3) == 0 ? term(q.getObject()) : vars[1 + rnd.nextInt(3)];
      sb.append(s).append(' ').append(p).append(' ').append(o).append(" . ");
    }
    return sb.toString();
  }

  private static String query(Random rnd, List<Quad> data) {
    String body = bgp(rnd, data);
    if (rnd.nextInt(4) == 0) {
      body = body + "OPTIONAL { " + bgp(rnd, data) + "} ";
    }
    if (rnd.nextInt(4) == 0) {
      body = body + "FILTER(isIRI(?b) || ?c != ?d) ";
    }
    // Filters ARQ places inside the group (splitting BGPs into sequences), which Quarry re-plans.
    String[] placed = {
      "FILTER(?c < " + rnd.nextInt(10) + ") ",
      "FILTER(?d >= " + rnd.nextInt(10) + " && ?c > ?d - 3) ",
      "FILTER(?b != <http://ex/r" + rnd.nextInt(25) + ">) ",
      "FILTER(?c < ?d + 2) ",
      "FILTER(?a = <http://ex/r" + rnd.nextInt(25) + ">) ",
      // Between variables: IRIs equal only themselves, literals may equal others by value.
      "FILTER(?c = ?d) ",
      "FILTER(?b = ?c || ?a != ?d) "
    };
    if (rnd.nextInt(2) == 0) {
      body = placed[rnd.nextInt(placed.length)] + body;
    }
    return switch (rnd.nextInt(4)) {
      case 0 -> "SELECT * { " + body + "}";
      case 1 -> "SELECT * { GRAPH <http://ex/g" + rnd.nextInt(4) + "> { " + body + "} }";
      case 2 -> "SELECT * { GRAPH ?g { " + body + "} }";
      default -> "SELECT * FROM <http://ex/g" + rnd.nextInt(3) + "> { " + body + "}";
    };
  }

  /** A random BGP under GROUP BY with the aggregates whose answer does not depend on row order. */
  private static String aggregateQuery(Random rnd, List<Quad> data) {
    String body = bgp(rnd, data);
    if (rnd.nextInt(3) == 0) {
      body = body + "FILTER(?c < " + rnd.nextInt(10) + ") ";
    }
    String[] keys = {"", "?a", "?b", "?a ?b"};
    String key = keys[rnd.nextInt(keys.length)];
    String select =
        key
            + " (COUNT(*) AS ?n) (COUNT(?c) AS ?nc) (COUNT(DISTINCT ?c) AS ?dc)"
            + " (COUNT(DISTINCT *) AS ?dr)";
    String having = rnd.nextInt(3) == 0 ? " HAVING (COUNT(*) > 1)" : "";
    String group = key.isEmpty() ? "" : " GROUP BY " + key;
    return "SELECT " + select + " { " + body + "}" + group + having;
  }

  /** A new, empty store of the backend under test (the paged engine in memory here). */
  protected Store newStore() {
    return Quarry.openMemory();
  }

  @ParameterizedTest
  @ValueSource(ints = {5, 6})
  void randomAggregatesGiveARQsAnswers(int seed) {
    Random rnd = new Random(seed);
    List<Quad> data = data(rnd);
    try (TwinStores twins = new TwinStores(data, newStore())) {
      int nonEmpty = 0;
      for (int i = 0; i < 150; i++) {
        nonEmpty += twins.sameAnswers(aggregateQuery(rnd, data)).isEmpty() ? 0 : 1;
      }
      assertTrue(nonEmpty > 50, "enough queries have groups: " + nonEmpty);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4})
  void randomQueriesGiveARQsAnswers(int seed) {
    Random rnd = new Random(seed);
    List<Quad> data = data(rnd);
    try (TwinStores twins = new TwinStores(data, newStore())) {
      int nonEmpty = 0;
      long onIdsBefore = twins.plansOnIds();
      for (int i = 0; i < 200; i++) {
        nonEmpty += twins.sameAnswers(query(rnd, data)).isEmpty() ? 0 : 1;
      }
      assertTrue(nonEmpty > 40, "enough queries have answers to mean something: " + nonEmpty);
      assertTrue(twins.plansOnIds() - onIdsBefore >= 200, "the queries ran on ids");
      assertEquals(0, twins.leftToArq(), "no operator was left to ARQ");
    }
  }
}
