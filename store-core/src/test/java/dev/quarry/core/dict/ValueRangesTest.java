package dev.quarry.core.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.Random;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.expr.NodeValue;
import org.junit.jupiter.api.Test;

/**
 * The id ranges of a numeric interval must hold every numeric term whose value is in it, whatever
 * its datatype and whether it is inline or in the term table; and they should leave out inline
 * values that are far outside.
 */
class ValueRangesTest {
  private static final XSDDatatype[] TYPES = {
    XSDDatatype.XSDinteger,
    XSDDatatype.XSDint,
    XSDDatatype.XSDlong,
    XSDDatatype.XSDshort,
    XSDDatatype.XSDnonNegativeInteger,
    XSDDatatype.XSDdecimal,
    XSDDatatype.XSDdouble,
    XSDDatatype.XSDfloat
  };

  /** A numeric literal near v, of a random numeric type; integers typed as such. */
  private static Node literal(Random rnd, double v, XSDDatatype t) {
    String lex =
        switch (t.getURI().substring(XSDDatatype.XSD.length() + 1)) {
          case "decimal" -> BigDecimal.valueOf(Math.round(v * 1000) / 1000.0).toPlainString();
          case "double", "float" -> Double.toString(v);
          case "nonNegativeInteger" -> Long.toString(Math.abs(Math.round(v)));
          case "short" -> Long.toString(Math.max(-32768, Math.min(32767, Math.round(v))));
          default -> Long.toString(Math.round(v));
        };
    return NodeFactory.createLiteralDT(lex, t);
  }

  /** The id a term would get: inline, or a term-table id (the offset does not matter). */
  private static long idOf(Node n) {
    long inline = InlineValues.encode(n);
    return inline != NodeIds.NONE ? inline : NodeIds.ofTermOffset(12345);
  }

  private static boolean covered(long[] ranges, long id) {
    for (int i = 0; i < ranges.length; i += 2) {
      if (Long.compareUnsigned(ranges[i], id) <= 0
          && Long.compareUnsigned(id, ranges[i + 1]) <= 0) {
        return true;
      }
    }
    return false;
  }

  @Test
  void everyValueInsideTheIntervalIsCovered() {
    Random rnd = new Random(42);
    int inside = 0;
    int inlineOutsideLeftOut = 0;
    int inlineOutside = 0;
    for (int i = 0; i < 200_000; i++) {
      double scale = Math.pow(10, rnd.nextInt(12) - 3);
      double a = (rnd.nextDouble() * 2 - 1) * scale;
      double b = a + rnd.nextDouble() * scale;
      double v =
          rnd.nextInt(4) == 0 ? (rnd.nextBoolean() ? a : b) : (rnd.nextDouble() * 4 - 2) * scale;
      Node n = literal(rnd, v, TYPES[rnd.nextInt(TYPES.length)]);
      double value = NodeValue.makeNode(n).getDouble();
      long[] ranges = ValueRanges.numeric(a, b);
      long id = idOf(n);
      if (value >= a && value <= b) {
        inside++;
        assertTrue(covered(ranges, id), () -> n + " in [" + a + ", " + b + "] left out");
      } else if (NodeIds.isInline(id) && (value < a - Math.abs(a) * 1e-6 - 1 || value > b + 1)) {
        inlineOutside++;
        inlineOutsideLeftOut += covered(ranges, id) ? 0 : 1;
      }
    }
    assertTrue(inside > 20_000, "enough values fell inside: " + inside);
    // Far outside, inline values are excluded (rounding aside, the ranges are tight).
    assertEquals(inlineOutside, inlineOutsideLeftOut);
  }

  @Test
  void edgesSignedZerosInfinitiesAndEmptyIntervals() {
    long[] zero = ValueRanges.numeric(0, 0);
    assertTrue(covered(zero, idOf(NodeFactory.createLiteralDT("-0.0E0", XSDDatatype.XSDdouble))));
    assertTrue(covered(zero, idOf(NodeFactory.createLiteralDT("0", XSDDatatype.XSDinteger))));
    assertTrue(covered(zero, idOf(NodeFactory.createLiteralDT("0.0", XSDDatatype.XSDdecimal))));
    long[] above = ValueRanges.numeric(5, Double.POSITIVE_INFINITY);
    assertTrue(covered(above, idOf(NodeFactory.createLiteralDT("INF", XSDDatatype.XSDdouble))));
    assertTrue(
        covered(
            above, idOf(NodeFactory.createLiteralDT("36028797018963967", XSDDatatype.XSDinteger))));
    long[] below = ValueRanges.numeric(Double.NEGATIVE_INFINITY, -5);
    assertTrue(covered(below, idOf(NodeFactory.createLiteralDT("-INF", XSDDatatype.XSDfloat))));
    assertTrue(
        covered(
            below, idOf(NodeFactory.createLiteralDT("-36028797018963968", XSDDatatype.XSDlong))));
    assertEquals(0, ValueRanges.numeric(3, 2).length, "an empty interval holds nothing");
    assertNull(ValueRanges.numeric(Double.NaN, 2), "a NaN bound excludes nothing");
    // Ranges come ascending and disjoint, as POGS probes must.
    long[] r = ValueRanges.numeric(-1e300, 1e300);
    for (int i = 2; i < r.length; i += 2) {
      assertTrue(Long.compareUnsigned(r[i - 1], r[i]) < 0);
    }
  }

  /** A dateTime or date literal, with a zone or without, near day d of 2008. */
  private static Node temporal(Random rnd, boolean date, int day) {
    LocalDateTime t =
        LocalDateTime.of(2008, 1, 1, 0, 0).plusDays(day).plusMinutes(rnd.nextInt(1440));
    String zone =
        switch (rnd.nextInt(4)) {
          case 0 -> "";
          case 1 -> "Z";
          case 2 -> "+0" + rnd.nextInt(10) + ":00";
          default -> "-1" + rnd.nextInt(5) + ":00";
        };
    return date
        ? NodeFactory.createLiteralDT(t.toLocalDate() + zone, XSDDatatype.XSDdate)
        : NodeFactory.createLiteralDT(t + ":00" + zone, XSDDatatype.XSDdateTime);
  }

  @Test
  void everyDateOrDateTimeBetweenTheBoundsIsCovered() {
    Random rnd = new Random(9);
    int inside = 0;
    for (int i = 0; i < 50_000; i++) {
      boolean date = rnd.nextBoolean();
      int a = rnd.nextInt(300);
      Node lo = temporal(rnd, date, a);
      Node hi = temporal(rnd, date, a + rnd.nextInt(30));
      Node v = temporal(rnd, date, a - 5 + rnd.nextInt(40));
      NodeValue nv = NodeValue.makeNode(v);
      boolean in;
      try {
        in =
            NodeValue.compare(nv, NodeValue.makeNode(lo)) >= 0
                && NodeValue.compare(nv, NodeValue.makeNode(hi)) <= 0;
      } catch (ExprEvalException e) {
        continue; // indeterminate (zone against no zone, too close): SPARQL's answer is an error
      }
      int tag = date ? InlineValues.TAG_DATE : InlineValues.TAG_DATETIME;
      long[] ranges = ValueRanges.temporal(tag, InlineValues.encode(lo), InlineValues.encode(hi));
      if (in) {
        inside++;
        assertTrue(covered(ranges, idOf(v)), () -> v + " in [" + lo + ", " + hi + "] left out");
      }
    }
    assertTrue(inside > 5_000, "enough values fell inside: " + inside);
    assertNull(
        ValueRanges.temporal(
            InlineValues.TAG_DATE,
            InlineValues.encode(
                NodeFactory.createLiteralDT("2008-01-01T00:00:00", XSDDatatype.XSDdateTime)),
            NodeIds.NONE),
        "a bound of another type excludes nothing");
  }
}
