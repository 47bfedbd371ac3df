package dev.quarry.server.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryException;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.Syntax;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.util.NodeIsomorphismMap;
import org.junit.jupiter.api.Test;

/**
 * Queries answered from a template must be exactly what Jena's parser makes of their text: checked
 * on every query of the W3C suites, each with its own constants and with other constants of the
 * same kinds (the probe text, which has the query's shape).
 */
class QueryTemplatesTest {
  private static final String BSBM_Q5 =
      """
      PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
      PREFIX bsbm: <http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/>
      SELECT DISTINCT ?product ?productLabel WHERE {
        ?product rdfs:label ?productLabel .
        FILTER (<http://ex.org/Product540> != ?product)
        <http://ex.org/Product540> bsbm:productFeature ?prodFeature .
        ?product bsbm:productFeature ?prodFeature .
        <http://ex.org/Product540> bsbm:productPropertyNumeric1 ?origProperty1 .
        ?product bsbm:productPropertyNumeric1 ?simProperty1 .
        FILTER (?simProperty1 < (?origProperty1 + 120) && ?simProperty1 > (?origProperty1 - 120))
        ?offer bsbm:validTo ?date .
        FILTER (?date > "2008-06-20T00:00:00"^^<http://www.w3.org/2001/XMLSchema#dateTime> )
        ?review bsbm:text ?text . FILTER(langMatches(lang(?text), "EN"))
      }
      ORDER BY ?productLabel
      LIMIT 5
      """;

  @Test
  void bsbmShapeIsTemplatedAndInstantiatedExactly() {
    QueryTemplates t = new QueryTemplates(100);
    t.parse(BSBM_Q5);
    t.parse(BSBM_Q5); // the second sighting makes the template
    assertEquals(0, t.hits());
    String other =
        BSBM_Q5
            .replace("Product540", "Product7")
            .replace("120", "33")
            .replace("2008-06-20", "2007-01-02")
            .replace("\"EN\"", "\"DE\"");
    QueryTemplates.Parsed p = t.parse(other);
    assertEquals(1, t.hits());
    assertTrue(same(QueryFactory.create(other, Syntax.syntaxARQ), p));
    assertNotEquals(optimized(QueryFactory.create(BSBM_Q5)), p.algebra());
    // Without a reusable algebra the whole query is instantiated.
    String filtered = "SELECT * { ?s ?p ?o FILTER(3 < 5) }";
    t.parse(filtered);
    t.parse(filtered);
    QueryTemplates.Parsed f = t.parse(filtered.replace("3", "7"));
    assertEquals(null, f.algebra());
    assertSame(QueryFactory.create(filtered.replace("3", "7")), f.query());
  }

  /**
   * Constants a template has parsed are kept by their text: each query still gets its own, over
   * more constants than are kept at once, and as often as they come back.
   */
  @Test
  void keptConstantsGiveEachQueryItsOwn() {
    QueryTemplates t = new QueryTemplates(100);
    t.parse(BSBM_Q5);
    t.parse(BSBM_Q5);
    for (int i = 0; i < 4500; i++) {
      String other =
          BSBM_Q5
              .replace("Product540", "Product" + (i * 7919 % 4200))
              .replace("120", Integer.toString(i % 50));
      QueryTemplates.Parsed p = t.parse(other);
      if (i % 10 == 0 || i > 4090) {
        assertTrue(same(QueryFactory.create(other, Syntax.syntaxARQ), p), other);
      }
    }
    assertEquals(4500, t.hits());
  }

  @Test
  void withAReusedAlgebraOnlyTheResultFormIsTheQuerys() {
    QueryTemplates t = new QueryTemplates(100);
    String construct =
        "CONSTRUCT { <http://ex.org/a> <http://ex.org/p> ?o } WHERE { <http://ex.org/a> ?q ?o }";
    String describe = "DESCRIBE <http://ex.org/a> ?s WHERE { ?s <http://ex.org/p> 1 }";
    for (String q : List.of(construct, describe, "ASK { ?s ?p ?o }")) {
      t.parse(q);
      t.parse(q);
      String other = q.replace("/a>", "/b>").replace("p> 1", "p> 2");
      QueryTemplates.Parsed p = t.parse(other);
      assertNotNull(p.algebra(), q);
      assertTrue(same(QueryFactory.create(other), p), other);
    }
    // A query with no constants is the template's own, shared.
    assertTrue(t.parse("ASK { ?s ?p ?o }").query() == t.parse("ASK { ?s ?p ?o }").query());
  }

  @Test
  void limitsAndPrefixesAreNotLifted() {
    QueryShape a = QueryShape.of("PREFIX ex: <http://a/> SELECT * { ?s ex:p 1 } LIMIT 10");
    QueryShape b = QueryShape.of("PREFIX ex: <http://b/> SELECT * { ?s ex:p 2 } LIMIT 10");
    QueryShape c = QueryShape.of("PREFIX ex: <http://a/> SELECT * { ?s ex:q 3 } LIMIT 20");
    assertNotNull(a);
    assertNotEquals(a.key(), b.key());
    assertNotEquals(a.key(), c.key());
    assertEquals(2, a.constants().size()); // ex:p and 1
    assertEquals(
        a.key(),
        QueryShape.of("PREFIX ex: <http://a/>\n  SELECT *\t{ ?s <http://x> 5 }  LIMIT 10 # c")
            .key());
  }

  @Test
  void aBadConstantInACachedShapeGetsTheParsersError() {
    QueryTemplates t = new QueryTemplates(100);
    String q = "SELECT * { ?s <http://ex.org/p> ?o }";
    t.parse(q);
    t.parse(q);
    assertThrows(
        QueryParseException.class, () -> t.parse("SELECT * { ?s <http://ex.org/p q> ?o }"));
    assertThrows(QueryParseException.class, () -> t.parse("SELECT * { ?s undefined:p ?o }"));
  }

  @Test
  void everyW3cQueryIsInstantiatedAsTheParserParsesIt() throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.walk(Path.of("src/test/resources/w3c"))) {
      files = s.filter(p -> p.toString().endsWith(".rq")).sorted().toList();
    }
    assertTrue(files.size() > 400, "W3C queries found: " + files.size());
    int templated = 0;
    int variants = 0;
    int withAlgebra = 0;
    List<String> failures = new ArrayList<>();
    for (Path f : files) {
      String text = Files.readString(f);
      Query expected;
      try {
        expected = QueryFactory.create(text, Syntax.syntaxARQ);
      } catch (QueryException e) {
        continue; // negative syntax tests: the parser's business
      }
      QueryTemplates t = new QueryTemplates(100);
      t.parse(text);
      t.parse(text);
      QueryTemplates.Parsed parsed = t.parse(text);
      if (t.hits() == 0) {
        continue; // a shape that failed the check: parsed every time, which is correct
      }
      templated++;
      if (!same(expected, parsed)) {
        failures.add(f + ": own constants");
      }
      if (parsed.algebra() != null) {
        withAlgebra++;
      }
      QueryShape shape = QueryShape.of(text);
      if (!shape.constants().isEmpty()) {
        String other = variant(shape);
        Query direct;
        try {
          direct = QueryFactory.create(other, Syntax.syntaxARQ);
        } catch (QueryException e) {
          continue; // e.g. a constant that had to be a different one (VALUES, duplicate rows)
        }
        long before = t.hits();
        QueryTemplates.Parsed variant = t.parse(other);
        if (t.hits() > before) {
          variants++;
          if (!same(direct, variant)) {
            failures.add(f + ": other constants: " + other);
          }
        }
      }
    }
    assertEquals(List.of(), failures);
    assertTrue(templated > 400, "templated shapes: " + templated);
    assertTrue(variants > 300, "variants: " + variants);
    assertTrue(withAlgebra > 300, "shapes whose algebra is reused: " + withAlgebra);
  }

  private static Op optimized(Query q) {
    return Algebra.optimize(Algebra.compile(q));
  }

  @Test
  void aShapesAlgebraIsReusedUnlessTheOptimizerFoldedOrRewroteItsConstants() {
    QueryTemplates t = new QueryTemplates(100);
    for (int i = 0; i < 2; i++) {
      t.parse(BSBM_Q5);
    }
    String other = BSBM_Q5.replace("Product540", "Product7").replace("120", "33");
    QueryTemplates.Parsed p = t.parse(other);
    assertNotNull(p.algebra());
    assertEquals(optimized(QueryFactory.create(other)), p.algebra());
    // Constants only: the optimizer folds the comparison, so the probe's constants are gone.
    String folded = "SELECT * { ?s ?p ?o FILTER(3 < 5) }";
    t.parse(folded);
    t.parse(folded);
    QueryTemplates.Parsed f = t.parse("SELECT * { ?s ?p ?o FILTER(7 < 5) }");
    assertEquals(null, f.algebra());
    // A property function in a lifted position: its pattern is rewritten, the probe's was not.
    String plain = "SELECT * { ?s <http://ex.org/p> ?o }";
    t.parse(plain);
    t.parse(plain);
    assertNotNull(t.parse("SELECT * { ?s <http://ex.org/q> ?o }").algebra());
    String pf = "SELECT * { ?s <http://jena.apache.org/ARQ/property#splitIRI> ?o }";
    long hits = t.hits();
    QueryTemplates.Parsed withPf = t.parse(pf);
    assertEquals(hits + 1, t.hits()); // the template's query, but ARQ's algebra
    assertEquals(null, withPf.algebra());
  }

  @Test
  void aReusedAlgebraAnswersAsARQDoes() {
    DatasetGraph dsg = DatasetGraphFactory.create();
    for (int i = 0; i < 20; i++) {
      dsg.getDefaultGraph()
          .add(
              NodeFactory.createURI("http://ex.org/s" + i),
              NodeFactory.createURI("http://ex.org/p" + (i % 3)),
              NodeFactory.createLiteralDT(Integer.toString(i), XSDDatatype.XSDinteger));
    }
    String shape =
        "SELECT ?s ?o { ?s <http://ex.org/p1> ?o OPTIONAL { ?s <http://ex.org/p2> ?x }"
            + " FILTER(?o > 3) } ORDER BY ?o";
    QueryTemplates t = new QueryTemplates(100);
    t.parse(shape);
    t.parse(shape);
    String query = shape.replace("p1", "p0").replace("3", "9");
    QueryTemplates.Parsed p = t.parse(query);
    assertNotNull(p.algebra());
    CachedAlgebra.register();
    List<String> direct = answers(dsg, QueryFactory.create(query), null);
    assertEquals(direct, answers(dsg, p.query(), p.algebra()));
    assertEquals(3, direct.size()); // s12, s15, s18
    // The engine really took the algebra: a different one gives its own answers.
    QueryTemplates.Parsed none = t.parse(shape.replace("p1", "p2").replace("3", "100"));
    assertEquals(List.of(), answers(dsg, p.query(), none.algebra()));
  }

  /** The query's rows, run with {@code algebra} (null: ARQ's own). */
  private static List<String> answers(DatasetGraph dsg, Query query, Op algebra) {
    var exec = QueryExec.dataset(dsg).query(query);
    if (algebra != null) {
      exec = exec.set(CachedAlgebra.ALGEBRA, algebra);
    }
    List<String> rows = new ArrayList<>();
    exec.select().forEachRemaining(b -> rows.add(b.toString()));
    return rows;
  }

  /** The query's text with other constants of the same kinds (so of the same shape). */
  private static String variant(QueryShape shape) {
    String t = shape.probeText();
    StringBuilder out = new StringBuilder();
    int from = 0;
    for (int i = 0; i < shape.constants().size(); i++) {
      QueryShape.Constant c = shape.constants().get(i);
      int at = t.indexOf(c.probe(), from);
      out.append(t, from, at).append(other(c, i));
      from = at + c.probe().length();
    }
    return out.append(t, from, t.length()).toString();
  }

  private static String other(QueryShape.Constant c, int i) {
    return switch (c.kind()) {
      case IRI, PREFIXED_NAME -> "<http://example.org/variant/" + i + ">";
      case INTEGER -> Integer.toString(i + 3);
      case DECIMAL -> (i + 3) + ".25";
      case DOUBLE -> (i + 3) + "e1";
      case STRING -> {
        int close = c.probe().indexOf('"', 1);
        String lexical = c.probe().substring(1, close);
        String suffix = c.probe().substring(close + 1);
        String day = String.format("%02d", i % 28 + 1);
        String v =
            lexical.matches("\\d{4}-01-01T.*")
                ? "1999-12-" + day + "T10:00:00Z"
                : lexical.matches("\\d{4}-01-01")
                    ? "1999-12-" + day
                    : lexical.matches("\\d+") ? Integer.toString(17 + i) : "variant " + i;
        yield "\"" + v + "\"" + suffix;
      }
    };
  }

  /**
   * Whether a template's answer is the parser's: the whole query, or with a reused algebra, that
   * algebra and the query's result form (what a run reads besides the algebra).
   */
  private static boolean same(Query expected, QueryTemplates.Parsed p) {
    if (p.algebra() == null) {
      return same(expected, p.query());
    }
    Query q = p.query();
    return p.algebra().equals(optimized(expected))
        && q.queryType() == expected.queryType()
        && q.getProjectVars().equals(expected.getProjectVars())
        && q.getPrefixMapping().samePrefixMappingAs(expected.getPrefixMapping())
        && (!q.isConstructType()
            || q.getConstructTemplate()
                .equalIso(expected.getConstructTemplate(), new NodeIsomorphismMap()))
        && (!q.isDescribeType() || q.getResultURIs().equals(expected.getResultURIs()));
  }

  private static boolean same(Query a, Query b) {
    return a.equals(b) && a.toString().equals(b.toString());
  }

  private static void assertSame(Query expected, Query actual) {
    assertEquals(expected, actual);
    assertEquals(expected.toString(), actual.toString());
  }

  /** Constants inside triple terms (annotations, reifiers) are lifted like any other. */
  @Test
  void tripleTermShapesAreTemplatedToo() {
    for (String q :
        List.of(
            "PREFIX : <http://ex/> SELECT ?r ?w { ?r :reviewFor :P1 {| :by ?w |} }",
            "PREFIX : <http://ex/> SELECT ?r ?w { << ?r :reviewFor :P1 >> :by ?w }",
            "PREFIX : <http://ex/> SELECT ?c { ?c :about <<( :a :says <<( ?r :for :P1 )>> )>> }")) {
      QueryTemplates t = new QueryTemplates(100);
      t.parse(q);
      t.parse(q);
      String other = q.replace("P1", "P2");
      QueryTemplates.Parsed p = t.parse(other);
      assertEquals(1, t.hits(), q);
      assertTrue(same(QueryFactory.create(other, Syntax.syntaxARQ), p), q);
    }
  }
}
