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
 * A pattern read whole is kept for the later queries of the same commit (WholeReads): they serve
 * their rows from it even when they have too few rows to read it themselves; a commit makes another
 * state, read again; queries each too small to read it whole read it once their probes add up; the
 * answers stay ARQ's.
 */
class WholeReadsTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> ";
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      Node x = iri("x" + i);
      if (i < 3000) {
        quads.add(Quad.create(Quad.defaultGraphIRI, iri("hub"), iri("link"), x));
      }
      quads.add(Quad.create(Quad.defaultGraphIRI, x, iri("tag"), iri("T" + (i % 7))));
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  @Test
  void aTableReadWholeServesLaterQueriesOfTheSameCommit() {
    // The tag pattern: 5,000 quads. 3,000 links read it whole; the 335 links below x13 (x0, x1,
    // x10-x12, x100-x129, x1000-x1299) would probe it, unless a query of this commit has read it
    // whole already.
    String many = PREFIX + "SELECT ?x ?t { ex:hub ex:link ?x . ?x ex:tag ?t }";
    String few =
        PREFIX
            + "SELECT ?x ?t { ex:hub ex:link ?x . ?x ex:tag ?t FILTER(STR(?x) < \"http://ex/x13\") }";
    String before = twins.explain(few);
    assertFalse(before.contains("read whole"), before);
    String first = twins.explain(many);
    assertTrue(first.contains("[read whole: 5000 quads"), first);
    // explainAnswered also checks the answers against ARQ's.
    String again = twins.explainAnswered(many);
    assertTrue(again.contains("[read whole by an earlier query: 5000 quads"), again);
    String fewAfter = twins.explainAnswered(few);
    assertTrue(fewAfter.contains("[read whole by an earlier query: 5000 quads"), fewAfter);
    // A commit makes another state: the next query reads the pattern again, and sees the change.
    twins.add(List.of(Quad.create(Quad.defaultGraphIRI, iri("x0"), iri("tag"), iri("fresh"))));
    String changed = twins.explain(many);
    assertTrue(changed.contains("[read whole: 5001 quads"), changed);
    assertTrue(twins.explainAnswered(many).contains("by an earlier query: 5001 quads"));
  }

  @Test
  void probesOfTheCommitsQueriesAddUpToAWholeRead() {
    // A commit of its own: nothing kept, no probes counted yet.
    twins.add(List.of(Quad.create(Quad.defaultGraphIRI, iri("x1"), iri("tag"), iri("another"))));
    String few =
        PREFIX
            + "SELECT ?x ?t { ex:hub ex:link ?x . ?x ex:tag ?t FILTER(STR(?x) < \"http://ex/x13\") }";
    // 335 rows a query; a read whole pays from a quarter of the 5,000 quads (1,250 rows).
    // (explain runs the query once; explainAnswered twice, once for the answers.)
    assertFalse(twins.explain(few).contains("read whole"), "one query's probes are few");
    int queries = 1;
    String plan = "";
    while (queries < 10 && !plan.contains("read whole")) {
      plan = twins.explain(few);
      queries++;
    }
    assertTrue(plan.contains("[read whole: 500"), plan);
    assertTrue(queries >= 3 && queries <= 5, "read whole by query " + queries);
    String after = twins.explainAnswered(few);
    assertTrue(after.contains("[read whole by an earlier query: 500"), after);
  }
}
