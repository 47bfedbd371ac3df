package dev.quarry.core.query;

import static dev.quarry.core.query.TwinStores.iri;
import static dev.quarry.core.query.TwinStores.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Random ORDER BY ?o LIMIT k queries over a pattern {@code ?s ex:v ?o} with many ties (a value
 * shared by many subjects, subjects with two values or none), more or less selective rest, DISTINCT
 * or not, ascending or descending, each walked (quarry.exec.walk=always): Quarry's key column is
 * ARQ's first k, and each of its rows is one of ARQ's answers without the LIMIT (ties may pick
 * other rows, which SPARQL allows; the keys they carry may not differ).
 */
class OrderedWalkDifferentialTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> ";
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    // Every query walks where it can: the test is of the walk's answers, not of the choice to walk.
    System.setProperty("quarry.exec.walk", "always");
    Random random = new Random(4951);
    List<Node> pool = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      pool.add(
          switch (i % 6) {
            case 0 -> NodeFactory.createLiteralString("w" + random.nextInt(1000));
            case 1 ->
                NodeFactory.createLiteralLang("w" + random.nextInt(1000), i % 4 == 1 ? "en" : "de");
            case 2 -> number(random.nextInt(500) - 250);
            case 3 ->
                NodeFactory.createLiteralDT(
                    "" + random.nextInt(100) + ".5", XSDDatatype.XSDdecimal);
            case 4 -> iri("v" + random.nextInt(1000));
            default ->
                NodeFactory.createLiteralDT(i % 2 == 0 ? "true" : "false", XSDDatatype.XSDboolean);
          });
    }
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      Node s = iri("s" + i);
      int values = i % 17 == 0 ? 0 : i % 11 == 0 ? 2 : 1;
      for (int j = 0; j < values; j++) {
        quads.add(
            Quad.create(Quad.defaultGraphIRI, s, iri("v"), pool.get(random.nextInt(pool.size()))));
      }
      quads.add(Quad.create(Quad.defaultGraphIRI, s, iri("q"), number(random.nextInt(10))));
      if (random.nextInt(5) == 0) {
        quads.add(Quad.create(Quad.defaultGraphIRI, s, iri("r"), iri("C" + random.nextInt(3))));
      }
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    System.clearProperty("quarry.exec.walk");
    twins.close();
  }

  @Test
  void randomTopKsAnswerAsARQOrders() {
    Random random = new Random(51);
    int walked = 0;
    int gaveUp = 0;
    for (int n = 0; n < 40; n++) {
      String order = random.nextBoolean() ? "?o" : "DESC(?o)";
      String rest =
          switch (random.nextInt(4)) {
            case 0 -> "";
            case 1 -> " ?s ex:q ?x FILTER(?x < " + (1 + random.nextInt(9)) + ")";
            case 2 -> " ?s ex:r ex:C" + random.nextInt(3);
            default -> " ?s ex:r ?c . ?s ex:q " + random.nextInt(10);
          };
      String select = random.nextBoolean() ? "SELECT DISTINCT ?s ?o" : "SELECT ?s ?o";
      String body = select + " { ?s ex:v ?o ." + rest + " } ORDER BY " + order;
      int k = new int[] {1, 3, 10, 50}[random.nextInt(4)];
      String query = PREFIX + body + " LIMIT " + k;
      Map<Map<String, Node>, Integer> all = twins.sameAnswers(PREFIX + body);
      List<Node> keys = twins.oracleColumn(PREFIX + body, "o");
      String plan = twins.explain(query);
      walked += plan.contains("walk ?o") ? 1 : 0;
      gaveUp += plan.contains("after a walk that gave up") ? 1 : 0;
      List<Node> got = twins.quarryColumn(query, "o");
      assertEquals(keys.subList(0, Math.min(k, keys.size())), got, query + "\n" + plan);
      Map<Map<String, Node>, Integer> left = new HashMap<>(all);
      for (Map.Entry<Map<String, Node>, Integer> row : twins.quarry(query).entrySet()) {
        int have = left.getOrDefault(row.getKey(), 0);
        assertTrue(have >= row.getValue(), "not an answer of ARQ's: " + row + " in " + query);
        left.put(row.getKey(), have - row.getValue());
      }
    }
    // The point of the test: walks ran, and some gave up for the usual plan.
    assertEquals(40, walked, "walked");
    assertTrue(gaveUp >= 1, "no walk gave up");
  }
}
