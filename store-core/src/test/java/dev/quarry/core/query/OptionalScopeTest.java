package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An OPTIONAL's group is evaluated on its own and then joined (SPARQL's bottom-up evaluation), so
 * an expression inside it that names a variable only the enclosing group binds sees it unbound. A
 * plan that runs the group on each left row (substitution) is only right when nothing inside reads
 * such a variable before the group's own patterns bind it: a BIND, a FILTER in a nested group, a
 * nested OPTIONAL's condition, a subquery. Each query is compared with ARQ's algebra evaluated as
 * written ({@link TwinStores#referenceAnswers}); ARQ's own optimiser gets the first one wrong.
 */
class OptionalScopeTest {
  private static final String PREFIX = "PREFIX : <http://ex/> ";
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      Node x = TwinStores.iri("x" + i);
      quads.add(quad(x, "p", TwinStores.iri("y" + (i % 7))));
      quads.add(quad(x, "n", TwinStores.number(i % 5)));
      quads.add(quad(TwinStores.iri("y" + (i % 7)), "q", TwinStores.iri("z" + (i % 3))));
      if (i % 2 == 0) {
        quads.add(quad(TwinStores.iri("y" + (i % 7)), "r", x));
      }
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  private static Quad quad(Node s, String p, Node o) {
    return Quad.create(Quad.defaultGraphIRI, s, TwinStores.iri(p), o);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        // The fuzz finding: the BIND reads ?x, which the group binds only after it.
        "SELECT * { ?x :p ?y OPTIONAL { ?y :q ?z BIND(STR(?x) AS ?s) ?y :r ?x } }",
        // The BIND reads ?n, which only the left side binds: unbound inside, so ?s is too.
        "SELECT * { ?x :n ?n OPTIONAL { ?x :p ?y BIND(?n + 1 AS ?s) } }",
        "SELECT * { ?x :n ?n OPTIONAL { ?x :p ?y BIND(COALESCE(?n, 9) AS ?s) } }",
        // A filter in a nested group reads ?n: false there, so nothing joins.
        "SELECT * { ?x :n ?n OPTIONAL { ?x :p ?y { ?y :q ?z FILTER(?n < 2) } } }",
        // A nested OPTIONAL's condition reads ?n.
        "SELECT * { ?x :n ?n OPTIONAL { ?x :p ?y OPTIONAL { ?y :q ?z FILTER(?n < 2) } } }",
        // A subquery projects ?n away from its inside.
        "SELECT * { ?x :n ?n OPTIONAL { ?x :p ?y { SELECT ?y (COUNT(*) AS ?c) { ?y :q ?z } GROUP BY ?y } } }",
        // The same inside a group joined, not optional.
        "SELECT * { ?x :p ?y { ?y :q ?z BIND(STR(?x) AS ?s) ?y :r ?x } }",
        "SELECT * { ?x :n ?n { ?x :p ?y { SELECT ?y { ?y :q ?z } ORDER BY ?z ?y LIMIT 3 } } }",
        "SELECT * { ?x :n ?n OPTIONAL { ?x :p ?y MINUS { ?y :q ?z FILTER(?n = 1) } } }",
        "SELECT * { ?x :n ?n OPTIONAL { ?x :p ?y OPTIONAL { ?y :r ?n } } }",
        // Safe: the OPTIONAL's own filter (its condition) may read the left side.
        "SELECT * { ?x :n ?n OPTIONAL { ?x :p ?y FILTER(?n < 2) } }",
        "SELECT * { ?x :n ?n OPTIONAL { ?x :p ?y BIND(STR(?y) AS ?s) } }",
      })
  void theOptionalGroupSeesOnlyItsOwnVariables(String body) {
    String query = PREFIX + body;
    var want = twins.reference(query, org.apache.jena.query.Syntax.syntaxSPARQL_11);
    assertFalse(want == null || want.isEmpty(), query);
    assertEquals(want, twins.quarry(query), query);
  }
}
