package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Queries over IRIs held in their ids (prefix + number) mixed with IRIs that are records (leading
 * zeros, no number, a number too large), literals that look like them and blank nodes: Quarry's
 * answers must be ARQ's, and ORDER BY must sort the IRIs as strings ("x10" before "x9"), not by
 * their ids' numbers.
 */
class InlineIriQueryTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> PREFIX o: <http://other.org/o/> ";
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    Random rnd = new Random(5);
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      Node s =
          switch (i % 5) {
            case 0 -> NodeFactory.createURI("http://ex/x0" + i); // leading zero: a record
            case 1 -> NodeFactory.createURI("http://other.org/o/" + i);
            default -> NodeFactory.createURI("http://ex/x" + i);
          };
      Node o =
          switch (i % 6) {
            case 0 -> NodeFactory.createURI("http://ex/x" + rnd.nextInt(600));
            case 1 -> NodeFactory.createLiteralString("http://ex/x" + rnd.nextInt(600));
            case 2 -> NodeFactory.createURI("http://ex/x" + (1L << 41) + i); // too large: a record
            case 3 -> NodeFactory.createBlankNode();
            case 4 -> NodeFactory.createURI("http://ex/named");
            default -> NodeFactory.createURI("http://other.org/o/" + rnd.nextInt(50));
          };
      quads.add(Quad.create(Quad.defaultGraphIRI, s, TwinStores.iri("link"), o));
      quads.add(Quad.create(Quad.defaultGraphIRI, s, TwinStores.iri("n"), TwinStores.number(i)));
      if (i % 7 == 0) {
        quads.add(Quad.create(NodeFactory.createURI("http://ex/g" + (i % 3)), s, s, o));
      }
    }
    twins = new TwinStores(quads);
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  @Test
  void answersAreArqs() {
    List<String> queries =
        List.of(
            "SELECT ?s ?o { ?s ex:link ?o }",
            "SELECT ?s { ?s ex:link ex:x17 }",
            "SELECT ?o { ex:x17 ex:link ?o }",
            "SELECT ?o { ?s ex:link ?o FILTER(?s = ex:x42) }",
            "SELECT ?s { ?s ex:link ?o FILTER(?o != ex:x42 && isIRI(?o)) }",
            "SELECT ?s { ?s ex:link ?o FILTER(sameTerm(?o, o:7)) }",
            "SELECT ?s { ?s ex:link ?o FILTER(?o IN (ex:x3, o:12, ex:x05)) }",
            "SELECT ?s { ?s ex:link ?o FILTER(STR(?o) = \"http://ex/x42\") }",
            "SELECT ?s { ?s ex:link ?o FILTER(STRSTARTS(STR(?s), \"http://ex/x1\")) }",
            "SELECT ?s { ?s ex:link ?o FILTER(isLiteral(?o)) }",
            "SELECT ?s { ?s ex:link ?o FILTER(langMatches(lang(?o), \"*\")) }",
            "SELECT ?s { ?s ex:link ?o FILTER(lang(?o) = \"\") }",
            "SELECT DISTINCT ?o { ?s ex:link ?o }",
            "SELECT ?o (COUNT(*) AS ?c) { ?s ex:link ?o } GROUP BY ?o",
            "SELECT ?s ?t { ?s ex:link ?o . ?o ex:link ?t }",
            "SELECT ?s { ?s ex:link ?o . FILTER NOT EXISTS { ?o ex:link ?x } }",
            "SELECT ?s ?g { GRAPH ?g { ?s ?s ?o } }",
            "SELECT ?s { ?s ex:link ?o BIND(IRI(CONCAT(\"http://ex/x\", \"42\")) AS ?k) FILTER(?o = ?k) }",
            "SELECT ?k { VALUES ?k { ex:x42 ex:x999999 o:3 } ?s ex:link ?k }",
            "SELECT (MAX(STR(?s)) AS ?m) (MIN(?s) AS ?least) { ?s ex:n ?n }");
    for (String q : queries) {
      twins.sameAnswers(PREFIX + q);
    }
    assertFalse(twins.sameAnswers(PREFIX + queries.get(3)).isEmpty(), "ex:x42 links");
    assertFalse(twins.sameAnswers(PREFIX + queries.get(1)).isEmpty(), "ex:x17 is linked to");
  }

  @Test
  void orderByIrisIsStringOrder() {
    for (String q :
        List.of(
            "SELECT ?s { ?s ex:n ?n } ORDER BY ?s",
            "SELECT ?s { ?s ex:n ?n } ORDER BY DESC(?s) LIMIT 25",
            "SELECT ?o { ?s ex:link ?o } ORDER BY ?o ?s",
            "SELECT DISTINCT ?o { ?s ex:link ?o } ORDER BY ?o LIMIT 40 OFFSET 7")) {
      String query = PREFIX + q;
      assertEquals(twins.oracleColumn(query, "s"), twins.quarryColumn(query, "s"), query);
      assertEquals(twins.oracleColumn(query, "o"), twins.quarryColumn(query, "o"), query);
    }
  }
}
