package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.query.Syntax;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * OPTIONAL sides whose columns the planner knows without planning them (plain patterns and filters,
 * and OPTIONALs of those) and sides it still plans once over no rows to learn them: each answer is
 * ARQ's, in the default graph and in named graphs.
 */
class OptionalSidesTest {
  private static final String PREFIX = "PREFIX : <http://ex/> ";
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      Node x = TwinStores.iri("x" + i);
      Node g = i % 3 == 0 ? Quad.defaultGraphIRI : TwinStores.iri("g" + (i % 3));
      quads.add(Quad.create(g, x, TwinStores.iri("p"), TwinStores.iri("y" + (i % 7))));
      quads.add(Quad.create(g, x, TwinStores.iri("n"), TwinStores.number(i % 5)));
      if (i % 2 == 0) {
        quads.add(Quad.create(g, x, TwinStores.iri("a"), TwinStores.number(i)));
      }
      if (i % 3 == 0) {
        quads.add(Quad.create(g, x, TwinStores.iri("b"), TwinStores.iri("y" + (i % 4))));
      }
      quads.add(Quad.create(g, TwinStores.iri("y" + (i % 7)), TwinStores.iri("q"), x));
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // A constant subject with OPTIONALs of its own properties (BSBM Q2).
        "SELECT * { :x6 :p ?y OPTIONAL { :x6 :a ?a } OPTIONAL { :x6 :b ?b } OPTIONAL { :x7 :a ?c } }",
        // Patterns joined to the left on a variable, and repeating a left variable.
        "SELECT * { ?x :p ?y OPTIONAL { ?x :a ?a . ?x :n ?n } }",
        "SELECT * { ?x :p ?y OPTIONAL { ?x :b ?y } }",
        "SELECT * { ?x :p ?y OPTIONAL { ?y :q ?z . ?z :a ?a } }",
        // A filter on the side's own variables (its group), and on the left's (its condition).
        "SELECT * { ?x :n ?n OPTIONAL { ?x :a ?a FILTER(?a > 10) } }",
        "SELECT * { ?x :n ?n OPTIONAL { ?x :a ?a FILTER(?a > ?n * 5) } }",
        // OPTIONALs inside an OPTIONAL (BSBM Q7), and one after the other on the same variable.
        "SELECT * { ?x :p ?y OPTIONAL { ?y :q ?z OPTIONAL { ?z :a ?a } OPTIONAL { ?z :b ?b } } }",
        "SELECT * { ?x :n ?n OPTIONAL { ?x :a ?a } OPTIONAL { ?x :a ?a2 . ?x :b ?b } }",
        // A constant the store lacks: the side finds nothing, its variable stays unbound.
        "SELECT * { ?x :n ?n OPTIONAL { ?x :missing ?m } }",
        // Blank nodes in the side (variables of their own).
        "SELECT ?x ?n { ?x :n ?n OPTIONAL { ?x :p [ :q ?z ] } }",
        // Sides planned to learn their columns: a union, a graph, a BIND.
        "SELECT * { ?x :n ?n OPTIONAL { { ?x :a ?a } UNION { ?x :b ?b } } }",
        "SELECT * { GRAPH ?g { ?x :n ?n OPTIONAL { ?x :a ?a } } }",
        "SELECT * { ?x :n ?n OPTIONAL { GRAPH ?g { ?x :a ?a } } }",
        "SELECT * { ?x :n ?n OPTIONAL { ?x :a ?a BIND(?a + 1 AS ?s) } }",
      })
  void answersAreArqs(String body) {
    String query = PREFIX + body;
    var want = twins.reference(query, Syntax.syntaxSPARQL_11);
    assertFalse(want == null || want.isEmpty(), query);
    assertEquals(want, twins.quarry(query), query);
  }
}
