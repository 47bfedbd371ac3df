package dev.quarry.core.query;

import static dev.quarry.core.query.TwinStores.iri;
import static dev.quarry.core.query.TwinStores.number;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.query.memory.MemoryPool;
import dev.quarry.core.query.memory.QueryMemory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * EXISTS and NOT EXISTS whose first pattern finds many rows per left row are tested in waves (the
 * rest of the pattern over each row's first match, then the next two of the rows still undecided,
 * and so on), or, where the rest alone has few rows, by running it once and matching: the answers
 * stay ARQ's for rows decided early, late, never, or with no first match at all, over several
 * batches of left rows, with filters and binds inside; in waves the rest runs over fewer rows than
 * the first pattern found; too little memory tests in one go.
 */
class ExistsWavesTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> ";
  private static TwinStores twins;

  @TempDir static Path spill;

  /**
   * 3,000 items (three batches of left rows) in 30 lots, each with 0 to 39 offers; an offer has a
   * vendor and a price; 60 vendors, most in one of five countries (C0 has two vendors, C4 none),
   * some in none.
   */
  @BeforeAll
  static void load() {
    Random rnd = new Random(11);
    Node d = Quad.defaultGraphIRI;
    List<Quad> quads = new ArrayList<>();
    for (int v = 0; v < 60; v++) {
      int c = v < 2 ? 0 : v % 10 == 9 ? -1 : 1 + v % 3;
      if (c >= 0) {
        quads.add(Quad.create(d, iri("v" + v), iri("country"), iri("C" + c)));
      }
    }
    int offer = 0;
    for (int i = 0; i < 3000; i++) {
      Node item = iri("i" + i);
      quads.add(Quad.create(d, item, iri("kind"), iri("Item")));
      quads.add(Quad.create(d, item, iri("batch"), iri("B" + (i % 30))));
      quads.add(Quad.create(d, item, iri("min"), number(rnd.nextInt(100))));
      int offers = i % 13 == 0 ? 0 : rnd.nextInt(40);
      for (int k = 0; k < offers; k++, offer++) {
        Node o = iri("o" + offer);
        quads.add(Quad.create(d, o, iri("item"), item));
        // Items whose number ends in 7 sell only through vendors without a country.
        int vendor = i % 10 == 7 ? 9 + 10 * rnd.nextInt(6) : rnd.nextInt(60);
        quads.add(Quad.create(d, o, iri("vendor"), iri("v" + vendor)));
        quads.add(Quad.create(d, o, iri("price"), number(rnd.nextInt(100))));
      }
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  private static final String OFFER_IN = "?o ex:item ?i . ?o ex:vendor ?v . ?v ex:country ";

  /** Items of one lot: 100 left rows, about 1,950 offers. */
  private static final String LOT = "?i ex:batch ex:B4 ";

  private static String test(String left, String not, String inner) {
    return PREFIX + "SELECT ?i { " + left + "FILTER " + not + "EXISTS { " + inner + " } }";
  }

  @Test
  void everyItemAnswersAsARQ() {
    for (String country : List.of("ex:C0", "ex:C1", "ex:C4", "?c")) {
      for (String not : List.of("", "NOT ")) {
        twins.sameAnswers(test("?i ex:kind ex:Item ", not, OFFER_IN + country));
      }
    }
  }

  /** Any country: the rest alone has ~52,000 rows, more than 16 per first-pattern row: waves. */
  @Test
  void aLargeRestRunsInWaves() {
    for (String not : List.of("", "NOT ")) {
      String plan = twins.explainAnswered(test(LOT, not, OFFER_IN + "?c"));
      assertTrue(plan.contains("waves"), plan);
    }
  }

  /** C0's two vendors have ~1,900 offers: read once, matched to the offers by ?o. */
  @Test
  void aSmallRestRunsAloneOnce() {
    for (String country : List.of("ex:C0", "ex:C1")) {
      for (String not : List.of("", "NOT ")) {
        String plan = twins.explainAnswered(test(LOT, not, OFFER_IN + country));
        assertTrue(plan.contains("the rest run alone gave"), plan);
        assertTrue(plan.contains(" by ?o"), plan);
      }
    }
  }

  @Test
  void filtersAndBindsInsideTheTest() {
    for (String inner :
        List.of(
            // BSBM BI Q7's shape: ARQ makes the equality an assign over the patterns.
            "?o ex:item ?i . ?o ex:vendor ?v . ?v ex:country ?c FILTER(?c = ex:C2)",
            // A filter on the first pattern's values (the rest cannot run alone), another on a
            // later pattern's.
            "?o ex:item ?i . ?o ex:price ?p . ?o ex:vendor ?v . ?v ex:country ex:C1"
                + " FILTER(?p < 30)",
            "?o ex:item ?i . ?o ex:vendor ?v . ?v ex:country ?c FILTER(?c != ex:C1)")) {
      for (String left : List.of(LOT, "?i ex:kind ex:Item ")) {
        for (String not : List.of("", "NOT ")) {
          String plan = twins.explainAnswered(test(left + "; ex:min ?min ", not, inner));
          assertTrue(plan.contains("waves") || plan.contains("run alone"), plan);
        }
      }
    }
  }

  /** A filter on the left row's values is not the group's own: the test runs in one go. */
  @Test
  void aFilterOnTheLeftRowsValuesTestsInOneGo() {
    for (String not : List.of("", "NOT ")) {
      String q =
          test(
              "?i ex:kind ex:Item ; ex:min ?min ",
              not,
              "?o ex:item ?i . ?o ex:price ?p . ?o ex:vendor ?v . ?v ex:country ex:C1"
                  + " FILTER(?p < ?min)");
      String plan = twins.explainAnswered(q);
      assertFalse(plan.contains("waves") || plan.contains("run alone"), q);
    }
  }

  /** The rest ran over fewer rows than the first pattern found: the test stopped early. */
  @Test
  void mostRowsAreDecidedByTheirFirstMatches() {
    String plan = twins.explainAnswered(test(LOT, "NOT ", OFFER_IN + "?c"));
    Matcher m =
        Pattern.compile("the rest ran over (\\d+) of the first pattern's (\\d+) rows")
            .matcher(plan);
    assertTrue(m.find(), plan);
    long tried = Long.parseLong(m.group(1));
    long found = Long.parseLong(m.group(2));
    // ~1,950 offers, 9 in 10 of which have a vendor with a country.
    assertTrue(found > 1_500, plan);
    assertTrue(tried < found / 5, plan);
  }

  @Test
  void tooLittleMemoryTestsInOneGo() {
    for (String country : List.of("?c", "ex:C1")) { // in waves, or alone
      String q = test(LOT, "NOT ", OFFER_IN + country);
      MemoryPool pool = new MemoryPool(1L << 30, spill.resolve("pool"));
      try (QueryMemory memory = pool.open(4 << 10)) {
        String plan = twins.explainWithin(q, memory);
        assertFalse(plan.contains("waves") || plan.contains("run alone"), plan);
        assertEquals(twins.oracleSet(q), twins.answersWithin(q, memory).keySet());
        assertEquals(0, memory.reserved());
      }
      try (QueryMemory memory = pool.open(64 << 20)) {
        String plan = twins.explainWithin(q, memory);
        assertTrue(plan.contains("waves") || plan.contains("run alone"), plan);
        assertEquals(0, memory.reserved(), "what the test held is given back");
      }
    }
    // Room for the first pattern's ~1,950 rows, not for C1's ~17,000 offers run alone: waves.
    String q = test(LOT, "NOT ", OFFER_IN + "ex:C1");
    try (QueryMemory memory = new MemoryPool(1L << 30, spill.resolve("pool2")).open(128 << 10)) {
      String plan = twins.explainWithin(q, memory);
      assertTrue(plan.contains("waves"), plan);
      assertEquals(twins.oracleSet(q), twins.answersWithin(q, memory).keySet());
      assertEquals(0, memory.reserved());
    }
  }
}
