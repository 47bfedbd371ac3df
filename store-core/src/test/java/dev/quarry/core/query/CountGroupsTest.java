package dev.quarry.core.query;

import static dev.quarry.core.query.TwinStores.iri;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.query.memory.MemoryPool;
import dev.quarry.core.query.memory.QueryMemory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A GROUP BY whose aggregates are all COUNT(*) or COUNT(?x) counts in place (flat keys and counts):
 * ARQ's answers by no key, one key or two, with unbound keys and unbound counted values, over more
 * groups than the table first has room for, and past the query's memory (groups spilled to disk).
 */
class CountGroupsTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> ";
  private static TwinStores twins;

  @TempDir static Path spill;

  /**
   * 3,000 items of 40 kinds and 9 classes; every third has one of 5 tags, every seventh a second
   * one.
   */
  @BeforeAll
  static void load() {
    List<Quad> quads = new ArrayList<>();
    Node d = Quad.defaultGraphIRI;
    for (int i = 0; i < 3000; i++) {
      Node x = iri("x" + i);
      quads.add(Quad.create(d, x, iri("kind"), iri("K" + (i * 7 % 40))));
      quads.add(Quad.create(d, x, iri("class"), iri("C" + (i % 9))));
      if (i % 3 == 0) {
        quads.add(Quad.create(d, x, iri("tag"), iri("T" + (i % 5))));
      }
      if (i % 7 == 0) {
        quads.add(Quad.create(d, x, iri("tag"), iri("U" + (i % 2))));
      }
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  private static final String TAGGED = "?x ex:kind ?k OPTIONAL { ?x ex:tag ?t } ";

  @Test
  void countsByNoneOneOrTwoKeysAnswerAsARQ() {
    for (String q :
        List.of(
            // (a single pattern counted per value is a scan of its own: ScanAggregate)
            "SELECT ?k (COUNT(*) AS ?n) { ?x ex:kind ?k ; ex:tag ?t } GROUP BY ?k",
            "SELECT ?k ?t (COUNT(*) AS ?n) (COUNT(?x) AS ?m) { " + TAGGED + "} GROUP BY ?k ?t",
            "SELECT ?t (COUNT(?t) AS ?n) { " + TAGGED + "} GROUP BY ?t",
            "SELECT ?k (COUNT(?t) AS ?n) (COUNT(*) AS ?all) { " + TAGGED + "} GROUP BY ?k",
            "SELECT ?x (COUNT(*) AS ?n) { " + TAGGED + "} GROUP BY ?x", // 3,000 groups
            "SELECT ?t ?x (COUNT(*) AS ?n) { " + TAGGED + "} GROUP BY ?t ?x",
            // 360 groups, their rows interleaved: the table grows while groups get more rows
            "SELECT ?k ?c (COUNT(*) AS ?n) { ?x ex:kind ?k ; ex:class ?c } GROUP BY ?k ?c",
            "SELECT (COUNT(?t) AS ?n) { " + TAGGED + "}",
            "SELECT ?none (COUNT(*) AS ?n) { " + TAGGED + "} GROUP BY ?none")) {
      String plan = twins.explainAnswered(PREFIX + q);
      assertTrue(plan.contains("(counts in place)"), plan);
    }
    String nothing = PREFIX + "SELECT (COUNT(*) AS ?n) { ?x ex:kind ?k FILTER(?k = ?x) }";
    assertEquals(1, twins.sameAnswers(nothing).size(), "no rows, no GROUP BY: one group, 0");
    // COUNT of a variable the pattern lacks, or DISTINCT: the general path.
    for (String q :
        List.of(
            "SELECT ?k (COUNT(?missing) AS ?n) { ?x ex:kind ?k } GROUP BY ?k",
            "SELECT ?k (COUNT(DISTINCT ?t) AS ?n) { " + TAGGED + "} GROUP BY ?k")) {
      assertFalse(twins.explainAnswered(PREFIX + q).contains("counts in place"), q);
    }
  }

  @Test
  void pastTheQueryMemoryGroupsSpillAndStillCountRight() {
    String q = PREFIX + "SELECT ?x ?t (COUNT(*) AS ?n) { " + TAGGED + "} GROUP BY ?x ?t";
    MemoryPool pool = new MemoryPool(1L << 30, spill.resolve("pool"));
    try (QueryMemory memory = pool.open(64 << 10)) {
      String plan = twins.explainWithin(q, memory);
      assertTrue(plan.contains("grouped on disk"), plan);
      assertEquals(twins.sameAnswers(q), twins.answersWithin(q, memory));
      assertEquals(0, memory.reserved());
    }
  }
}
