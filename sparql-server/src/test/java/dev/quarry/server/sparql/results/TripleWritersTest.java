package dev.quarry.server.sparql.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.TextDirection;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFFormat;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.sparql.graph.GraphFactory;
import org.junit.jupiter.api.Test;

/**
 * Quarry's CONSTRUCT and DESCRIBE writers against Jena's: each W3C Turtle test graph, and a graph
 * of the awkward terms, written by Quarry's writer of a format must parse back (with Jena's parser)
 * to a graph isomorphic to the one written; where Jena's own writer cannot write a graph in that
 * format, Quarry's must fail too, rather than write something else.
 */
class TripleWritersTest {
  private static final List<Lang> FORMATS = List.of(Lang.NTRIPLES, Lang.TURTLE, Lang.RDFXML);
  private static final String EX = "http://example.org/ns#";

  @Test
  void everyW3cTurtleGraphParsesBackToItself() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.walk(Path.of("src/test/resources/w3c"))) {
      files = s.filter(p -> p.toString().endsWith(".ttl")).sorted().limit(400).toList();
    }
    for (Lang lang : FORMATS) {
      int written = 0;
      int refused = 0;
      for (Path f : files) {
        Graph g = GraphFactory.createDefaultGraph();
        try {
          RDFDataMgr.read(g, f.toString());
        } catch (RuntimeException e) {
          continue; // a negative syntax test
        }
        boolean jenaWrites = jenaWrites(g, lang);
        byte[] ours;
        try {
          ours = write(g, lang, Map.of("ex", EX));
        } catch (IllegalArgumentException e) {
          assertTrue(!jenaWrites, lang + " of " + f + ": Jena writes it, Quarry refused: " + e);
          refused++;
          continue;
        }
        assertTrue(g.isIsomorphicWith(parse(ours, lang)), lang + " of " + f);
        written++;
      }
      assertTrue(written > 200, lang + ": graphs compared: " + written);
      assertTrue(refused < 10, lang + ": graphs refused: " + refused);
    }
  }

  @Test
  void awkwardTermsParseBackToThemselves() {
    Graph g = GraphFactory.createDefaultGraph();
    Node s = NodeFactory.createURI("http://example.org/a?x=1&y=2'");
    Node b = NodeFactory.createBlankNode("store-label-1");
    Node p = NodeFactory.createURI(EX + "p");
    g.add(
        Triple.create(
            s, p, NodeFactory.createLiteralString("<tag> & \"quote\"\nline\ttab \uD83D\uDE00")));
    g.add(Triple.create(s, p, NodeFactory.createLiteralLang("chat", "fr")));
    g.add(Triple.create(s, p, NodeFactory.createLiteralDT("42", XSDDatatype.XSDinteger)));
    g.add(
        Triple.create(
            s,
            p,
            NodeFactory.createLiteralDT("x", NodeFactory.getType("http://example.org/dt#T"))));
    g.add(Triple.create(s, NodeFactory.createURI("http://other.example/v1/name"), b));
    g.add(Triple.create(s, NodeFactory.createURI("http://other.example/v2/name"), s));
    g.add(
        Triple.create(
            b, NodeFactory.createURI("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"), s));
    g.add(
        Triple.create(
            b, NodeFactory.createURI("urn:x:a.b-c_d9"), NodeFactory.createLiteralString("")));
    // a query prefix named like the writer's own generated ones must not be confused with them
    Map<String, String> prefixes = Map.of("ex", EX, "ns1", "http://example.org/unused#");
    for (Lang lang : FORMATS) {
      Graph back = parse(write(g, lang, prefixes), lang);
      assertTrue(
          g.isIsomorphicWith(back),
          lang + ":\n" + new String(write(g, lang, prefixes), StandardCharsets.UTF_8));
    }
  }

  @Test
  void rdfXmlNamesPredicatesWithTheQueryPrefixesAndRefusesWhatItCannotName() {
    Graph g = GraphFactory.createDefaultGraph();
    Node s = NodeFactory.createURI("http://example.org/s");
    g.add(
        Triple.create(
            s, NodeFactory.createURI(EX + "label"), NodeFactory.createLiteralString("x")));
    String xml = new String(write(g, Lang.RDFXML, Map.of("ex", EX)), StandardCharsets.UTF_8);
    assertTrue(xml.contains("xmlns:ex=\"" + EX + "\""), xml);
    assertTrue(xml.contains("<ex:label>x</ex:label>"), xml);

    Graph digits = GraphFactory.createDefaultGraph();
    digits.add(Triple.create(s, NodeFactory.createURI("http://example.org/p/123"), s));
    var e =
        assertThrows(IllegalArgumentException.class, () -> write(digits, Lang.RDFXML, Map.of()));
    assertTrue(e.getMessage().contains("http://example.org/p/123"), e.getMessage());
    assertEquals(-1, RdfXmlWriter.localNameStart("http://example.org/p/123"));
    assertEquals(
        "http://example.org/p/".length(), RdfXmlWriter.localNameStart("http://example.org/p/_1"));
  }

  @Test
  void turtleUsesTheQueryPrefixesWhereTheyFit() {
    Graph g = GraphFactory.createDefaultGraph();
    Node s = NodeFactory.createURI(EX + "s1");
    g.add(
        Triple.create(
            s, NodeFactory.createURI(EX + "label"), NodeFactory.createLiteralString("x")));
    g.add(
        Triple.create(
            s,
            NodeFactory.createURI("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"),
            NodeFactory.createURI(EX + "T")));
    g.add(Triple.create(s, NodeFactory.createURI(EX + "n"), NodeFactory.createURI(EX + "end.")));
    String ttl = new String(write(g, Lang.TURTLE, Map.of("ex", EX)), StandardCharsets.UTF_8);
    assertTrue(ttl.startsWith("@prefix ex: <" + EX + "> ."), ttl);
    assertTrue(ttl.contains("ex:label \"x\""), ttl);
    assertTrue(ttl.contains(" a ex:T"), ttl);
    assertTrue(ttl.contains("<" + EX + "end.>"), ttl); // a local name may not end with a dot
    assertTrue(g.isIsomorphicWith(parse(ttl.getBytes(StandardCharsets.UTF_8), Lang.TURTLE)));
  }

  @Test
  void rdf12TermsParseBackToThemselves() {
    Graph g = GraphFactory.createDefaultGraph();
    Node s = NodeFactory.createURI("http://example.org/s");
    Node p = NodeFactory.createURI(EX + "p");
    Node inner = NodeFactory.createTripleTerm(s, p, NodeFactory.createLiteralString("o"));
    g.add(Triple.create(s, NodeFactory.createURI(EX + "reifies"), inner));
    g.add(Triple.create(s, p, NodeFactory.createLiteralDirLang("shalom", "he", TextDirection.RTL)));
    for (Lang lang : FORMATS) {
      byte[] bytes = write(g, lang, Map.of());
      assertTrue(
          g.isIsomorphicWith(parse(bytes, lang)),
          lang + ":\n" + new String(bytes, StandardCharsets.UTF_8));
    }
  }

  private static boolean jenaWrites(Graph g, Lang lang) {
    try {
      RDFDataMgr.write(new ByteArrayOutputStream(), g, jenaFormat(lang));
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static RDFFormat jenaFormat(Lang lang) {
    if (lang == Lang.RDFXML) {
      return RDFFormat.RDFXML_PLAIN;
    }
    return lang == Lang.TURTLE ? RDFFormat.TURTLE_BLOCKS : RDFFormat.NTRIPLES;
  }

  private static byte[] write(Graph g, Lang lang, Map<String, String> prefixes) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    TripleWriter w = TripleWriter.of(lang, bytes, prefixes);
    g.find().forEachRemaining(w::triple);
    w.finish();
    return bytes.toByteArray();
  }

  private static Graph parse(byte[] bytes, Lang lang) {
    Graph back = GraphFactory.createDefaultGraph();
    RDFParser.source(new ByteArrayInputStream(bytes))
        .lang(lang)
        .base("http://base.example/")
        .parse(back);
    return back;
  }
}
