package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Filters that bound a pattern's object with numbers read only the object's id ranges: a free
 * subject scans them in POGS, bound subjects that share one range find their objects in one scan of
 * it, and a range too large to pay is probed as before. Each way must give ARQ's answers over
 * Jena's in-memory dataset, with values of every numeric kind, inline or in the term table, and
 * with terms that are not numbers under the same predicate.
 */
class RangeFilterTest {
  private static final String EX = "http://ex/";
  private static final String PREFIX =
      "PREFIX ex: <http://ex/> PREFIX xsd: <http://www.w3.org/2001/XMLSchema#> ";
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    // The scans and probes alone, but in the test of the pattern read whole (see its own).
    System.setProperty("quarry.exec.range-whole", "false");
    Random rnd = new Random(7);
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      Node x = NodeFactory.createURI(EX + "x" + i);
      quads.add(quad(x, "f", NodeFactory.createURI(EX + "F" + (i % 10))));
      quads.add(quad(x, "g", NodeFactory.createURI(EX + "G" + (i % 3))));
      quads.add(quad(x, "n", number(rnd, rnd.nextInt(3000))));
      if (i % 97 == 0) {
        quads.add(quad(x, "n", number(rnd, rnd.nextInt(3000)))); // a second value
      }
      quads.add(quad(x, "t", moment(rnd)));
      if (i % 89 == 0) {
        quads.add(quad(x, "n", NodeFactory.createURI(EX + "notANumber" + i)));
        quads.add(quad(x, "n", NodeFactory.createLiteralString("250")));
      }
    }
    for (int i = 0; i < 20_000; i++) {
      // A range of 19,000 quads that no single chunk of 5,000 rows can afford, but all of them can.
      Node y = NodeFactory.createURI(EX + "y" + i);
      quads.add(quad(y, "h", NodeFactory.createURI(EX + "H" + (i % 4))));
      quads.add(quad(y, "k", NodeFactory.createURI(EX + "K" + (i % 40))));
      quads.add(
          quad(y, "m", NodeFactory.createLiteralDT(Integer.toString(i), XSDDatatype.XSDinteger)));
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    System.clearProperty("quarry.exec.range-whole");
    twins.close();
  }

  private static Quad quad(Node s, String p, Node o) {
    return Quad.create(Quad.defaultGraphIRI, s, NodeFactory.createURI(EX + p), o);
  }

  /**
   * A dateTime in 2008 (or, one in ten, a date), with a zone or without, sometimes in the term
   * table.
   */
  private static Node moment(Random rnd) {
    LocalDateTime t = LocalDateTime.of(2008, 1, 1, 0, 0).plusMinutes(rnd.nextInt(366 * 1440));
    String zone = rnd.nextBoolean() ? "" : rnd.nextBoolean() ? "Z" : "-05:00";
    return switch (rnd.nextInt(10)) {
      case 0 -> NodeFactory.createLiteralDT(t.toLocalDate() + zone, XSDDatatype.XSDdate);
      case 1 -> NodeFactory.createLiteralDT(t + ":00.123456" + zone, XSDDatatype.XSDdateTime);
      default -> NodeFactory.createLiteralDT(t + ":00" + zone, XSDDatatype.XSDdateTime);
    };
  }

  /** v as a random numeric kind: most inline integers; decimals, doubles, non-canonical forms. */
  private static Node number(Random rnd, int v) {
    return switch (rnd.nextInt(8)) {
      case 0 -> NodeFactory.createLiteralDT(v + ".5", XSDDatatype.XSDdecimal);
      case 1 -> NodeFactory.createLiteralDT(v + ".1", XSDDatatype.XSDdouble); // term table
      case 2 -> NodeFactory.createLiteralDT("0" + v, XSDDatatype.XSDinteger); // term table
      case 3 -> NodeFactory.createLiteralDT(Integer.toString(v), XSDDatatype.XSDint);
      case 4 -> NodeFactory.createLiteralDT(v + ".0E0", XSDDatatype.XSDdouble);
      default -> NodeFactory.createLiteralDT(Integer.toString(v), XSDDatatype.XSDinteger);
    };
  }

  /** Runs the query on both, asserts the same answers, and returns Quarry's explain output. */
  private static String sameAnswers(String query) {
    return twins.explainAnswered(PREFIX + query);
  }

  /** Asserts ARQ's answers and that explain shows the pattern's range used as {@code how}. */
  private static void ranAs(String how, String query) {
    String plan = sameAnswers(query);
    assertTrue(plan.contains(how), plan);
  }

  @Test
  void boundSubjectsShareOneScanOfTheRange() {
    // The group of x17 binds 1,000 subjects first; then they all need ?v in one range.
    ranAs(
        "rows served by 1 shared scans]",
        "SELECT ?x ?v { ex:x17 ex:g ?k . ?x ex:g ?k . ?x ex:n ?v FILTER(?v > 100 && ?v < 400) }");
  }

  @Test
  void boundsComputedFromAnotherPattern() {
    ranAs(
        "served by 1 shared scans",
        "SELECT ?x ?v { ex:x17 ex:n ?o . ex:x17 ex:g ?k . ?x ex:g ?k . ?x ex:n ?v "
            + "FILTER(?v < ?o + 300 && ?v >= ?o - 300) }");
  }

  @Test
  void aFreeSubjectScansTheRange() {
    ranAs("in a range: 1 scans of it]", "SELECT ?x ?v { ?x ex:n ?v FILTER(?v >= 10 && ?v <= 60) }");
    sameAnswers("SELECT ?x ?v { ?x ex:n ?v FILTER(2990.5 <= ?v) }");
    sameAnswers("SELECT ?x ?v { ?x ex:n ?v FILTER(?v < 3 || ?v > 2990) }"); // not a range
  }

  @Test
  void dateTimesAndDatesWithAndWithoutZones() {
    ranAs(
        "in a range: 1 scans of it]",
        "SELECT ?x ?d { ?x ex:t ?d FILTER(?d >= \"2008-06-01T00:00:00\"^^xsd:dateTime"
            + " && ?d < \"2008-06-08T12:00:00Z\"^^xsd:dateTime) }");
    ranAs(
        "shared scans",
        "SELECT ?x ?d { ex:x17 ex:g ?k . ?x ex:g ?k . ?x ex:t ?d"
            + " FILTER(?d > \"2008-03-01\"^^xsd:date && ?d < \"2008-03-20\"^^xsd:date) }");
  }

  @Test
  void datesAndTimesCompareOnIdsWhereTheirZonesAllowIt() {
    // Each subject's time against every other's: with a zone and without, equal instants in
    // different zones, dates against dates; only what ids decide is decided on them.
    for (String cmp : List.of("<", "<=", "=", "!=", ">=")) {
      twins.sameAnswers(
          "PREFIX ex: <http://ex/> PREFIX xsd: <http://www.w3.org/2001/XMLSchema#> "
              + "SELECT ?x ?y { ?x ex:f ex:F3 ; ex:g ex:G1 ; ex:t ?d . ?y ex:f ex:F7 ; ex:g ex:G2 ;"
              + " ex:t ?e FILTER(?d "
              + cmp
              + " ?e) }");
    }
    ranAs(
        "[on ids]",
        "SELECT ?x ?d { ?x ex:t ?d FILTER(?d >= \"2008-03-01\"^^xsd:date"
            + " && ?d < \"2008-06-01\"^^xsd:date) }");
  }

  @Test
  void aRangeTooLargeForItsRowsIsProbed() {
    ranAs(
        "in a range: 500 rows probed (range too large)]",
        "SELECT ?y ?v { ?y ex:k ex:K7 . ?y ex:m ?v FILTER(?v > 5) }");
  }

  @Test
  void rowsProbedInEarlierChunksPayForTheScan() {
    // 5,000 rows in chunks of 1,024, 2,048 and the rest; the range holds 19,000 quads. The first
    // chunk alone may be too small (16 quads a row; the index's estimate of the range decides),
    // but the rows probed before count: by the second chunk it scans, once.
    String plan =
        sameAnswers(
            "SELECT ?y ?v { ex:y1 ex:h ?k . ?y ex:h ?k . ?y ex:m ?v FILTER(?v >= 0 && ?v < 19000) }");
    Matcher m =
        Pattern.compile("in a range: (\\d+) rows served by 1 shared scans(, (\\d+) rows probed)?")
            .matcher(plan);
    assertTrue(m.find(), plan);
    assertTrue(Integer.parseInt(m.group(1)) >= 5000 - 1024, plan);
  }

  @Test
  void anEmptyRangeAndNonNumericBounds() {
    String none = PREFIX + "SELECT ?x { ?x ex:f ex:F1 . ?x ex:n ?v FILTER(?v > 500 && ?v < 400) }";
    assertEquals(Map.of(), twins.quarry(none));
    // A string bound compares with the string "250" only: nothing to exclude by number.
    sameAnswers("SELECT ?x ?v { ?x ex:f ex:F1 . ?x ex:n ?v FILTER(?v >= \"25\") }");
  }
}
