package dev.quarry.core.query;

import static dev.quarry.core.query.TwinStores.iri;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A join order starts where its first two steps find the fewest rows, not its first alone: BSBM BI
 * Q1's shape, where the fewest rows first (the types) fan out to every product, while starting from
 * the products' makers keeps to one country's makers at once. The answers stay ARQ's.
 */
class JoinStartTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> ";
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    List<Quad> quads = new ArrayList<>();
    Node g = Quad.defaultGraphIRI;
    for (int t = 0; t < 300; t++) {
      quads.add(Quad.create(g, iri("T" + t), TwinStores.TYPE, iri("Type")));
    }
    for (int m = 0; m < 300; m++) {
      quads.add(Quad.create(g, iri("m" + m), iri("country"), iri(m < 15 ? "AT" : "US")));
    }
    for (int p = 0; p < 15000; p++) {
      quads.add(Quad.create(g, iri("p" + p), TwinStores.TYPE, iri("T" + (p % 300))));
      quads.add(Quad.create(g, iri("p" + p), iri("maker"), iri("m" + (p * 7 % 300))));
    }
    for (int o = 0; o < 30000; o++) { // many other typed things: a class has many members
      quads.add(Quad.create(g, iri("o" + o), TwinStores.TYPE, iri("Other")));
    }
    for (int c = 0; c < 2000; c++) { // a country has more people than makers
      quads.add(Quad.create(g, iri("c" + c), iri("country"), iri("AT")));
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  @Test
  void startsWhereTwoStepsFindFewestRowsWithARQsAnswers() {
    String query =
        PREFIX
            + "SELECT ?t (COUNT(?p) AS ?n) { ?t a ex:Type . ?p a ?t . ?p ex:maker ?m ."
            + " ?m ex:country ex:AT } GROUP BY ?t";
    String plan = twins.explainAnswered(query);
    String start = startOf(plan);
    // The fewest first: the 300 types, then every product of each; by two steps, the makers.
    assertFalse(start.contains("?t <http://www.w3.org/1999/02/22-rdf-syntax-ns#type>"), plan);
    assertTrue(start.contains("<http://ex/maker>"), plan);
  }

  @Test
  void aSmallStartIsKeptAsTheFewestRows() {
    // Three rows first: no pattern's two steps are looked at.
    String query = PREFIX + "SELECT * { ?p ex:maker ex:m3 . ?p a ?t . ?t a ex:Type }";
    String start = startOf(twins.explainAnswered(query));
    assertTrue(start.contains("<http://ex/m3>"), start);
  }

  /** The pattern (or merge join) the plan starts with: the last one listed (the innermost). */
  private static String startOf(String plan) {
    String start = "";
    for (String line : plan.split("\n")) {
      if (line.trim().startsWith("pattern {") || line.trim().startsWith("merge join")) {
        start = line;
      }
    }
    return start;
  }
}
