package dev.quarry.core.query;

import static dev.quarry.core.query.TwinStores.iri;
import static dev.quarry.core.query.TwinStores.number;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hash joins on one variable (the common case, with its own index) give ARQ's answers: partners
 * with several rows, left rows whose key is unbound, right rows whose key is unbound (they meet
 * every left row), OPTIONAL with a condition on both sides, and keys on no partner.
 */
class HashJoinTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> ";
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    Random rnd = new Random(3);
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      Node x = iri("x" + i);
      quads.add(Quad.create(Quad.defaultGraphIRI, x, iri("p"), number(rnd.nextInt(10))));
      for (int k = rnd.nextInt(3); k > 0; k--) {
        quads.add(Quad.create(Quad.defaultGraphIRI, x, iri("q"), number(rnd.nextInt(10))));
      }
      if (i % 40 == 0) {
        quads.add(Quad.create(Quad.defaultGraphIRI, iri("y" + i), iri("r"), number(i % 7)));
      }
      Node z = iri("z" + i);
      quads.add(Quad.create(Quad.defaultGraphIRI, z, iri("s"), number(i)));
      if (i % 3 == 0) {
        quads.add(Quad.create(Quad.defaultGraphIRI, z, iri("t"), iri("x" + rnd.nextInt(400))));
      }
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  private static void joinedByHash(String query) {
    String plan = twins.explainAnswered(PREFIX + query);
    assertTrue(plan.contains("hash join on [?x]"), plan);
  }

  @Test
  void severalPartnersAndNone() {
    // (A lone pattern joined with far fewer grouped rows runs on them: PatternOnRowsTest. With an
    // OPTIONAL beside it, the left side is no lone pattern.)
    joinedByHash(
        "SELECT * { { ?x ex:p ?a OPTIONAL { ?x ex:s ?w } }"
            + " { SELECT ?x (COUNT(*) AS ?n) { ?x ex:q ?b } GROUP BY ?x } }");
    joinedByHash(
        "SELECT * { ?x ex:p ?a { SELECT ?x ?b { ?x ex:q ?b } ORDER BY ?b ?x LIMIT 300 } }");
  }

  @Test
  void unboundKeysOnEitherSide() {
    // Left rows without ?x (the OPTIONAL found nothing) meet every right row.
    joinedByHash(
        "SELECT * { { ?z ex:s ?w OPTIONAL { ?z ex:t ?x } }"
            + " { SELECT ?x (COUNT(*) AS ?n) { ?x ex:q ?b } GROUP BY ?x } }");
    // Right rows without ?x (a UNION branch that does not bind it) meet every left row.
    joinedByHash("SELECT * { ?x ex:p ?a { { ?x ex:q ?b } UNION { ?y ex:r ?c FILTER(?c > 2) } } }");
  }

  @Test
  void optionalWithAConditionOnBothSides() {
    joinedByHash(
        "SELECT * { ?x ex:p ?a OPTIONAL { SELECT ?x ?b { ?x ex:q ?b } ORDER BY ?b ?x LIMIT 300 }"
            + " FILTER(!BOUND(?b) || ?b > 3) }");
    String plan =
        twins.explainAnswered(
            PREFIX
                + "SELECT * { ?x ex:p ?a OPTIONAL { { SELECT ?x ?b { ?x ex:q ?b } ORDER BY ?b ?x LIMIT 300 }"
                + " FILTER(?b > ?a) } }");
    assertTrue(plan.contains("left hash join on [?x] filter"), plan);
  }
}
