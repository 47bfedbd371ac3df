package dev.quarry.core.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.util.NodeFactoryExtra;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InlineValuesTest {
  private static Node lit(String sse) {
    return NodeFactoryExtra.parseNode(sse);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "42",
        "-7",
        "0",
        "'123'^^<http://www.w3.org/2001/XMLSchema#int>",
        "'255'^^<http://www.w3.org/2001/XMLSchema#unsignedByte>",
        "1.5",
        "-0.000001",
        "12345678.25",
        "'1.0'^^<http://www.w3.org/2001/XMLSchema#decimal>",
        "'1.5E0'^^<http://www.w3.org/2001/XMLSchema#double>",
        "'-2.0E10'^^<http://www.w3.org/2001/XMLSchema#double>",
        "'0.0E0'^^<http://www.w3.org/2001/XMLSchema#double>",
        "'-0.0E0'^^<http://www.w3.org/2001/XMLSchema#double>",
        "'1.5E0'^^<http://www.w3.org/2001/XMLSchema#float>",
        "true",
        "false",
        "'2008-06-20T00:00:00'^^<http://www.w3.org/2001/XMLSchema#dateTime>",
        "'2008-06-20T13:45:07.5Z'^^<http://www.w3.org/2001/XMLSchema#dateTime>",
        "'1999-12-31T23:59:59.123+05:30'^^<http://www.w3.org/2001/XMLSchema#dateTime>",
        "'0001-01-01T00:00:00-14:00'^^<http://www.w3.org/2001/XMLSchema#dateTime>",
        "'2008-06-20'^^<http://www.w3.org/2001/XMLSchema#date>",
        "'2008-06-20Z'^^<http://www.w3.org/2001/XMLSchema#date>",
        "''",
        "'a'",
        "'abcdefg'"
      })
  void inlineValuesDecodeToTheIdenticalTerm(String sse) {
    Node n = lit(sse);
    long id = InlineValues.encode(n);
    assertTrue(NodeIds.isInline(id), sse + " should be inline");
    assertEquals(n, InlineValues.decode(id));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "'042'^^<http://www.w3.org/2001/XMLSchema#integer>",
        "'+5'^^<http://www.w3.org/2001/XMLSchema#integer>",
        "'abc'^^<http://www.w3.org/2001/XMLSchema#integer>",
        "'1.50'^^<http://www.w3.org/2001/XMLSchema#decimal>",
        "'1.0000001'^^<http://www.w3.org/2001/XMLSchema#decimal>",
        "'1e3'^^<http://www.w3.org/2001/XMLSchema#double>",
        "'0.1E0'^^<http://www.w3.org/2001/XMLSchema#double>",
        "'NaN'^^<http://www.w3.org/2001/XMLSchema#double>",
        "'1'^^<http://www.w3.org/2001/XMLSchema#boolean>",
        "'2008-06-20T00:00:00.000'^^<http://www.w3.org/2001/XMLSchema#dateTime>",
        "'2008-13-20'^^<http://www.w3.org/2001/XMLSchema#date>",
        "'99999999999999999999'^^<http://www.w3.org/2001/XMLSchema#integer>",
        "'abcdefgh'",
        "'café'",
        "'chat'@fr",
        "<http://example/x>",
        "'x'^^<http://example/dt>"
      })
  void anythingElseStaysInTheTermTable(String sse) {
    assertEquals(NodeIds.NONE, InlineValues.encode(lit(sse)), sse);
  }

  @Test
  void dateFieldsAreThoseOfTheLexicalFormInItsOwnZone() {
    long late =
        InlineValues.encode(
            NodeFactoryExtra.parseNode(
                "\"2008-12-31T23:45:00+14:00\"^^<http://www.w3.org/2001/XMLSchema#dateTime>"));
    assertEquals(2008, InlineValues.dateField(late, InlineValues.YEAR));
    assertEquals(12, InlineValues.dateField(late, InlineValues.MONTH));
    assertEquals(31, InlineValues.dateField(late, InlineValues.DAY));
    assertEquals(23, InlineValues.dateField(late, InlineValues.HOURS));
    assertEquals(45, InlineValues.dateField(late, InlineValues.MINUTES));
    long day =
        InlineValues.encode(
            NodeFactoryExtra.parseNode("\"2001-02-03Z\"^^<http://www.w3.org/2001/XMLSchema#date>"));
    assertEquals(3, InlineValues.dateField(day, InlineValues.DAY));
    assertEquals(Long.MIN_VALUE, InlineValues.dateField(day, InlineValues.HOURS));
    long number = InlineValues.integerId(2008);
    assertEquals(Long.MIN_VALUE, InlineValues.dateField(number, InlineValues.YEAR));
    assertEquals(NodeFactoryExtra.intToNode(2008), InlineValues.decode(number));
  }

  @Test
  void anIntegersIdIsTheIdOfItsLiteral() {
    // COUNT results take integerId straight; an xsd:integer literal of the same value must match.
    for (long v : new long[] {0, 1, -1, 7, 2008, 1L << 40, -(1L << 40), Long.MAX_VALUE >> 9}) {
      long id = InlineValues.integerId(v);
      assertEquals(InlineValues.encode(NodeValue.makeInteger(v).asNode()), id, "xsd:integer " + v);
      assertEquals(NodeValue.makeInteger(v).asNode(), InlineValues.decode(id));
    }
    assertEquals(NodeIds.NONE, InlineValues.integerId(Long.MAX_VALUE), "too large to be inline");
  }

  @Test
  void idOrderIsValueOrderWithinEachDatatype() {
    Random rnd = new Random(5);
    List<Node> ints = new ArrayList<>();
    List<Node> decimals = new ArrayList<>();
    List<Node> doubles = new ArrayList<>();
    List<Node> dateTimes = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      ints.add(NodeValue.makeInteger(rnd.nextLong(-1L << 40, 1L << 40)).asNode());
      decimals.add(
          NodeValue.makeDecimal(
                  BigDecimal.valueOf(rnd.nextLong(-1_000_000_000_000L, 1_000_000_000_000L), 4))
              .asNode());
      double d = (double) (rnd.nextInt(1 << 20) - (1 << 19)) * Math.pow(2, rnd.nextInt(40) - 20);
      doubles.add(
          NodeFactory.createLiteralDT(InlineValues.doubleLexical(d), XSDDatatype.XSDdouble));
      long ms = rnd.nextLong(-30_000_000_000_000L, 200_000_000_000_000L) / 1000 * 1000;
      dateTimes.add(
          NodeFactory.createLiteralDT(
              Instant.ofEpochMilli(ms).toString(), XSDDatatype.XSDdateTime));
    }
    for (List<Node> values : List.of(ints, decimals, doubles, dateTimes)) {
      List<Node> inlined =
          values.stream().filter(n -> NodeIds.isInline(InlineValues.encode(n))).toList();
      assertTrue(
          inlined.size() > 1500, "most values inline: " + inlined.size() + " of " + values.get(0));
      List<Node> byValue = new ArrayList<>(inlined);
      byValue.sort((a, b) -> NodeValue.compare(NodeValue.makeNode(a), NodeValue.makeNode(b)));
      List<Node> byId = new ArrayList<>(inlined);
      byId.sort(Comparator.comparing(InlineValues::encode, Long::compareUnsigned));
      for (int i = 0; i < byValue.size(); i++) {
        assertEquals(
            0,
            NodeValue.compare(NodeValue.makeNode(byValue.get(i)), NodeValue.makeNode(byId.get(i))),
            "position " + i);
      }
    }
  }

  @Test
  void differentTypesGetDifferentTagsForTheSameNumber() {
    long integer = InlineValues.encode(lit("42"));
    long asInt = InlineValues.encode(lit("'42'^^<http://www.w3.org/2001/XMLSchema#int>"));
    assertNotEquals(integer, asInt);
    assertEquals(NodeIds.payload(integer), NodeIds.payload(asInt));
  }
}
