package dev.quarry.core.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.jena.datatypes.RDFDatatype;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sys.JenaSystem;
import org.junit.jupiter.api.Test;

/** Which literals an id holds with their datatype's number, and that each comes back exactly. */
class TypedIdsTest {
  private static final String USD = "http://ex/vocabulary/USD";

  static {
    JenaSystem.init(); // the type mapper
  }

  @Test
  void plainDecimalFormsAreHeldAndOthersAreNot() {
    for (String lex :
        List.of("5944.52", "0", "-0", "0.05", "-12.3400000", "7", "68719476735", "6871947.6735")) {
      assertTrue(TypedIds.digits(lex) >= 0, lex);
    }
    for (String lex :
        List.of(
            "05",
            "+5",
            "5.",
            ".5",
            "-",
            "",
            "1.12345678",
            "1e5",
            "1,5",
            " 5",
            "5 ",
            "--5",
            "-.5",
            "68719476736",
            "99999999999",
            "123456789012",
            "0x10",
            "١٢")) {
      assertEquals(-1, TypedIds.digits(lex), lex);
    }
  }

  @Test
  void onlyLiteralsOfDatatypesOutsideXsdAndRdf() {
    assertTrue(TypedIds.digits(NodeFactory.createLiteralDT("5.5", dt(USD))) >= 0);
    assertEquals(-1, TypedIds.digits(NodeFactory.createLiteralDT("1.50", XSDDatatype.XSDdecimal)));
    assertEquals(-1, TypedIds.digits(NodeFactory.createLiteralDT("15", XSDDatatype.XSDstring)));
    assertEquals(-1, TypedIds.digits(NodeFactory.createLiteralLang("15", "en")));
    assertEquals(
        -1,
        TypedIds.digits(
            NodeFactory.createLiteralDT(
                "1", dt("http://www.w3.org/1999/02/22-rdf-syntax-ns#XMLLiteral"))));
    assertEquals(-1, TypedIds.digits(NodeFactory.createURI("http://ex/5")));
  }

  @Test
  void everyHeldFormComesBackExactly() {
    IriIds names = new IriIds(true, key -> NodeIds.NONE, id -> null);
    TypedIds typed = new TypedIds(true, names);
    long[] record = {0};
    for (String lex :
        List.of(
            "5944.52",
            "0",
            "-0",
            "0.0",
            "0.05",
            "-0.0000001",
            "-12.3400000",
            "100",
            "68719476735",
            "6871947.6735",
            "10.10",
            "9999999.999")) {
      Node n = NodeFactory.createLiteralDT(lex, dt(USD));
      long id = typed.create(n, r -> NodeIds.ofTermOffset(record[0]++), row -> {});
      assertTrue(NodeIds.isInlineTyped(id), lex);
      assertEquals(n, typed.node(id), lex);
      assertEquals(id, typed.id(n, true), lex);
    }
    assertEquals(1, record[0], "one datatype, numbered once");
    Node eur = NodeFactory.createLiteralDT("5944.52", dt("http://ex/vocabulary/EUR"));
    assertEquals(NodeIds.NONE, typed.id(eur, true), "a datatype without a number: none");
    long e = typed.create(eur, r -> NodeIds.ofTermOffset(record[0]++), row -> {});
    assertEquals(eur, typed.node(e));
    assertTrue(e != typed.id(NodeFactory.createLiteralDT("5944.52", dt(USD)), true));
    assertEquals(
        NodeIds.NONE,
        new TypedIds(false, names).id(NodeFactory.createLiteralDT("1", dt(USD)), true),
        "a store without the rule keeps them records");
  }

  private static RDFDatatype dt(String iri) {
    return TypeMapper.getInstance().getSafeTypeByName(iri);
  }
}
