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
 * and so on): the answers stay ARQ's for rows decided early, late, never, or with no first match at
 * all, over several batches of left rows, with filters and binds inside; the rest runs over fewer
 * rows than the first pattern found; too little memory tests in one go.
 */
class ExistsWavesTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> ";
  private static TwinStores twins;

  @TempDir static Path spill;

  /**
   * 3,000 items (three batches of left rows), each with 0 to 39 offers; an offer has a vendor and a
   * price; 60 vendors, most in one of five countries (C0 has two vendors, C4 none), some in none.
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

  /** The items of {@code left} that [NOT] EXISTS {@code inner} holds for. */
  private static String test(String left, String not, String inner) {
    return PREFIX + "SELECT ?i { " + left + "FILTER " + not + "EXISTS { " + inner + " } }";
  }

  @Test
  void existsAndNotExistsInWavesAnswerAsARQ() {
    for (String country : List.of("ex:C0", "ex:C1", "ex:C4", "?c")) {
      for (String not : List.of("", "NOT ")) {
        String q = test("?i ex:kind ex:Item ", not, OFFER_IN + country);
        if (country.equals("ex:C4")) { // no vendor is in C4: the term's absence answers it
          twins.sameAnswers(q);
        } else {
          assertTrue(twins.explainAnswered(q).contains("waves"), q);
        }
      }
    }
  }

  @Test
  void filtersAndBindsInsideTheTest() {
    for (String inner :
        List.of(
            // BSBM BI Q7's shape: ARQ makes the equality an assign over the patterns.
            "?o ex:item ?i . ?o ex:vendor ?v . ?v ex:country ?c FILTER(?c = ex:C2)",
            // A filter on the first pattern's values, another on a later pattern's.
            "?o ex:item ?i . ?o ex:price ?p . ?o ex:vendor ?v . ?v ex:country ex:C1"
                + " FILTER(?p < 30)",
            "?o ex:item ?i . ?o ex:vendor ?v . ?v ex:country ?c FILTER(?c != ex:C1)")) {
      for (String not : List.of("", "NOT ")) {
        String q = test("?i ex:kind ex:Item ; ex:min ?min ", not, inner);
        assertTrue(twins.explainAnswered(q).contains("waves"), q);
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
      assertFalse(twins.explainAnswered(q).contains("waves"), q);
    }
  }

  /** The rest ran over fewer rows than the first pattern found: the test stopped early. */
  @Test
  void mostRowsAreDecidedByTheirFirstMatches() {
    String plan = twins.explainAnswered(test("?i ex:kind ex:Item ", "NOT ", OFFER_IN + "?c"));
    Matcher m =
        Pattern.compile("the rest ran over (\\d+) of the first pattern's (\\d+) rows")
            .matcher(plan);
    assertTrue(m.find(), plan);
    long tried = Long.parseLong(m.group(1));
    long found = Long.parseLong(m.group(2));
    // The last batch's figures are cumulative over the query: ~58,000 offers, 9 in 10 of which
    // have a vendor with a country; items whose vendors have none try all of theirs.
    assertTrue(found > 50_000, plan);
    assertTrue(tried < found / 5, plan);
  }

  @Test
  void tooLittleMemoryTestsInOneGo() {
    String q = test("?i ex:kind ex:Item ", "NOT ", OFFER_IN + "ex:C1");
    MemoryPool pool = new MemoryPool(1L << 30, spill.resolve("pool"));
    try (QueryMemory memory = pool.open(4 << 10)) {
      String plan = twins.explainWithin(q, memory);
      assertFalse(plan.contains("waves"), plan);
      assertEquals(twins.oracleSet(q), twins.answersWithin(q, memory).keySet());
      assertEquals(0, memory.reserved());
    }
    try (QueryMemory memory = pool.open(64 << 20)) {
      String plan = twins.explainWithin(q, memory);
      assertTrue(plan.contains("waves"), plan);
      assertEquals(0, memory.reserved(), "the first pattern's rows are given back");
    }
  }
}
