package dev.quarry.core.query;

import static dev.quarry.core.query.TwinStores.iri;
import static dev.quarry.core.query.TwinStores.number;
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
 * A pattern joined with a subquery that finds far fewer rows runs on the subquery's rows (looked
 * up, or read whole and kept) instead of being read whole into a hash join each time: BSBM BI Q2's
 * shape, the products sharing a product's features joined to every product. The answers stay ARQ's,
 * for rows that leave the shared variable unbound too.
 */
class PatternOnRowsTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> ";
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    List<Quad> quads = new ArrayList<>();
    Node g = Quad.defaultGraphIRI;
    for (int i = 0; i < 20_000; i++) {
      quads.add(Quad.create(g, iri("item" + i), TwinStores.TYPE, iri("Item")));
      quads.add(Quad.create(g, iri("item" + i), iri("rank"), number(i % 1000)));
    }
    for (int i = 0; i < 3000; i++) { // a few items have features: 5 each, of 400
      for (int k = 0; k < 5; k++) {
        quads.add(
            Quad.create(g, iri("item" + i), iri("feature"), iri("f" + (i * 7 + k * 31) % 400)));
      }
    }
    for (int i = 0; i < 40; i++) {
      quads.add(Quad.create(g, iri("small" + i), TwinStores.TYPE, iri("Small")));
    }
    for (int f = 0; f < 400; f += 9) { // some features are liked by an item, the rest by no one
      quads.add(Quad.create(g, iri("item" + (f * 3)), iri("likes"), iri("f" + f)));
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  private static final String SHARING =
      "{ SELECT ?x (COUNT(?f) AS ?n) { ex:item7 ex:feature ?f0 . ?x ex:feature ?f ."
          + " FILTER(?f = ?f0) } GROUP BY ?x }";

  @Test
  void aClassJoinedToAFewAggregatedRowsRunsOnThemWithARQsAnswers() {
    String query =
        PREFIX
            + "SELECT ?x ?n { ?x a ex:Item . FILTER(?x != ex:item7) "
            + SHARING
            + " } ORDER BY DESC(?n) ?x LIMIT 10";
    String plan = twins.explainAnswered(query);
    assertFalse(plan.contains("hash join"), plan);
    assertTrue(plan.contains("?x <http://www.w3.org/1999/02/22-rdf-syntax-ns#type>"), plan);
    // All of them, not only a top ten; and again, when the pattern may have been kept.
    twins.sameAnswers(PREFIX + "SELECT * { ?x a ex:Item . FILTER(?x != ex:item7) " + SHARING + "}");
    twins.sameAnswers(PREFIX + "SELECT * { ?x a ex:Item . FILTER(?x != ex:item7) " + SHARING + "}");
  }

  @Test
  void aFilterOnThePatternsOwnVariableStillHolds() {
    String query = PREFIX + "SELECT * { ?x ex:rank ?r . FILTER(?r < 500) " + SHARING + " }";
    String plan = twins.explainAnswered(query);
    assertFalse(plan.contains("hash join"), plan);
  }

  @Test
  void rowsWithTheSharedVariableUnboundJoinEveryMatch() {
    // Features no one likes leave ?x unbound: each such row meets every item's rank.
    String query =
        PREFIX
            + "SELECT ?f (COUNT(*) AS ?c) { ?x ex:rank ?r ."
            + " { SELECT ?x ?f { ex:item7 ex:feature ?f OPTIONAL { ?x ex:likes ?f } } } }"
            + " GROUP BY ?f";
    twins.explainAnswered(query);
  }

  @Test
  void aSubqueryWithAsManyRowsAsThePatternStaysAHashJoin() {
    String query =
        PREFIX
            + "SELECT * { ?x a ex:Small . { SELECT ?x (COUNT(?f) AS ?n) { ?x ex:feature ?f } "
            + "GROUP BY ?x } }";
    twins.sameAnswers(query);
    assertTrue(twins.explain(query).contains("hash join"), twins.explain(query));
  }
}
