package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.io.LoadException;
import dev.quarry.io.Loader;
import java.io.ByteArrayInputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.jena.graph.Graph;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.ResultSet;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.sparql.graph.GraphFactory;
import org.apache.jena.sparql.sse.SSE;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SPARQL endpoint end to end: a file store, the loader, the Netty server, real HTTP clients.
 */
@Timeout(180)
class SparqlEndpointTest {
  @TempDir static Path dir;
  static TestServer s;

  static final String DATA =
      """
      @prefix ex: <http://ex/> .
      ex:alice ex:name "Alice" ; ex:age 34 ; ex:knows ex:bob .
      ex:bob   ex:name "Bob" ;   ex:age 27 ; ex:knows ex:carol .
      ex:carol ex:name "Carol"@fr ; ex:age 41 .
      """;
  static final String NAMES = "PREFIX ex: <http://ex/> SELECT ?n { ?p ex:name ?n } ORDER BY ?n";

  @BeforeAll
  static void start() throws Exception {
    Path file = dir.resolve("people.ttl");
    Files.writeString(file, DATA);
    s = new TestServer(dir.resolve("store"));
    Loader.loadFiles(s.store, List.of(file), null, Loader.Progress.NONE);
  }

  @AfterAll
  static void stop() {
    s.close();
  }

  private static ResultSet parse(String body, Lang lang) {
    return ResultSetMgr.read(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), lang);
  }

  private static int rows(ResultSet rs) {
    int n = 0;
    while (rs.hasNext()) {
      rs.next();
      n++;
    }
    return n;
  }

  @Test
  void jenaClientGetsTheRows() {
    try (QueryExec qe = QueryExec.service(s.endpoint()).query(NAMES).build()) {
      RowSet rows = qe.select();
      List<String> names = rows.stream().map(b -> b.get("n").getLiteralLexicalForm()).toList();
      assertEquals(List.of("Alice", "Bob", "Carol"), names);
    }
  }

  @Test
  void everyResultSetFormatByAcceptHeader() throws Exception {
    HttpResponse<String> json = s.query(NAMES, "application/sparql-results+json");
    assertEquals(200, json.statusCode());
    assertTrue(
        json.headers()
            .firstValue("Content-Type")
            .orElse("")
            .startsWith("application/sparql-results+json"));
    assertEquals(3, rows(parse(json.body(), ResultSetLang.RS_JSON)));

    HttpResponse<String> xml = s.query(NAMES, "application/sparql-results+xml");
    assertTrue(
        xml.headers()
            .firstValue("Content-Type")
            .orElse("")
            .startsWith("application/sparql-results+xml"));
    assertEquals(3, rows(parse(xml.body(), ResultSetLang.RS_XML)));

    HttpResponse<String> csv = s.query(NAMES, "text/csv");
    assertEquals("n\r\nAlice\r\nBob\r\nCarol\r\n", csv.body());

    HttpResponse<String> tsv = s.query(NAMES, "text/tab-separated-values");
    assertEquals("?n\n\"Alice\"\n\"Bob\"\n\"Carol\"@fr\n", tsv.body());

    HttpResponse<String> table = s.query(NAMES, "text/plain");
    assertTrue(table.body().contains("| \"Carol\"@fr |"), table.body());
  }

  @Test
  void acceptHeaderPreferencesAndFallbacks() throws Exception {
    assertTrue(
        s.query(NAMES, null)
            .headers()
            .firstValue("Content-Type")
            .orElse("")
            .contains("sparql-results+json"));
    assertTrue(
        s.query(NAMES, "*/*")
            .headers()
            .firstValue("Content-Type")
            .orElse("")
            .contains("sparql-results+json"));
    HttpResponse<String> pref =
        s.query(NAMES, "text/csv;q=0.5, application/sparql-results+xml;q=0.9");
    assertTrue(pref.headers().firstValue("Content-Type").orElse("").contains("sparql-results+xml"));
    HttpResponse<String> none = s.query(NAMES, "image/png");
    assertEquals(406, none.statusCode());
    assertTrue(none.body().contains("application/sparql-results+json"), none.body());
  }

  @Test
  void askAndConstructAndDescribe() throws Exception {
    HttpResponse<String> ask =
        s.query("ASK { <http://ex/alice> ?p ?o }", "application/sparql-results+json");
    assertTrue(ask.body().replace(" ", "").contains("\"boolean\":true"), ask.body());

    String construct =
        "PREFIX ex: <http://ex/> CONSTRUCT { ?a ex:friendOf ?b } WHERE { ?b ex:knows ?a }";
    HttpResponse<String> ttl = s.query(construct, null);
    assertTrue(ttl.headers().firstValue("Content-Type").orElse("").startsWith("text/turtle"));
    Graph g = GraphFactory.createDefaultGraph();
    RDFParser.fromString(ttl.body(), Lang.TURTLE).parse(g);
    assertEquals(2, g.size());

    HttpResponse<String> nt = s.query(construct, "application/n-triples");
    assertEquals(2, nt.body().lines().filter(l -> !l.isBlank()).count(), nt.body());

    HttpResponse<String> jsonld = s.query(construct, "application/ld+json");
    Graph g2 = GraphFactory.createDefaultGraph();
    RDFParser.fromString(jsonld.body(), Lang.JSONLD).parse(g2);
    assertTrue(g.isIsomorphicWith(g2));

    HttpResponse<String> describe = s.query("DESCRIBE <http://ex/bob>", "text/turtle");
    Graph d = GraphFactory.createDefaultGraph();
    RDFParser.fromString(describe.body(), Lang.TURTLE).parse(d);
    assertEquals(3, d.size());
  }

  @Test
  void everyGraphFormatGivesArqsGraph() throws Exception {
    Graph data = GraphFactory.createDefaultGraph();
    RDFParser.fromString(DATA, Lang.TURTLE).parse(data);
    List<String> queries =
        List.of(
            "PREFIX ex: <http://ex/> CONSTRUCT { ?a ex:friendOf ?b ; ex:n ?n } WHERE { ?b ex:knows ?a . ?a ex:name ?n }",
            "PREFIX ex: <http://ex/> DESCRIBE ?p WHERE { ?p ex:age ?a FILTER(?a > 30) }",
            "DESCRIBE <http://ex/carol>");
    Map<String, Lang> formats =
        Map.of(
            "text/turtle", Lang.TURTLE,
            "application/n-triples", Lang.NTRIPLES,
            "application/rdf+xml", Lang.RDFXML,
            "application/ld+json", Lang.JSONLD);
    for (String q : queries) {
      Query query = QueryFactory.create(q);
      Graph arq;
      try (QueryExec qe = QueryExec.graph(data).query(query).build()) {
        arq = query.isConstructType() ? qe.construct() : qe.describe();
      }
      assertTrue(arq.size() >= 2, q);
      for (var f : formats.entrySet()) {
        HttpResponse<String> r = s.query(q, f.getKey());
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith(f.getKey()));
        Graph back = GraphFactory.createDefaultGraph();
        RDFParser.fromString(r.body(), f.getValue()).parse(back);
        assertTrue(arq.isIsomorphicWith(back), f.getKey() + " of " + q + ":\n" + r.body());
      }
    }
  }

  @Test
  void getAndBothKindsOfPostGiveTheSameAnswer() throws Exception {
    String csv = "text/csv";
    String viaGet = s.query(NAMES, csv).body();
    String viaForm =
        s.post("application/x-www-form-urlencoded", "query=" + TestServer.enc(NAMES), csv).body();
    String viaBody = s.post("application/sparql-query", NAMES, csv).body();
    assertEquals(viaGet, viaForm);
    assertEquals(viaGet, viaBody);
    assertEquals(415, s.post("text/plain", NAMES, csv).statusCode());
  }

  @Test
  void aMalformedQueryGets400WithLineAndColumn() throws Exception {
    HttpResponse<String> r = s.query("SELECT * WHERE {\n  ?s ?p \n}", null);
    assertEquals(400, r.statusCode());
    assertTrue(r.body().contains("line 3, column 1"), r.body());
    assertTrue(r.body().length() < 300, "brief: " + r.body());
  }

  @Test
  void protocolDatasetAndFromSelectLocalGraphs() throws Exception {
    s.store
        .dataset()
        .executeWrite(
            () ->
                s.store
                    .dataset()
                    .add(SSE.parseQuad("(<http://ex/g1> <http://ex/x> <http://ex/p> 'in g1')")));
    String q = "SELECT ?o { ?s <http://ex/p> ?o }";
    HttpResponse<String> viaParam =
        s.get(
            "/sparql?query="
                + TestServer.enc(q)
                + "&default-graph-uri="
                + TestServer.enc("http://ex/g1"),
            "text/csv");
    assertEquals("o\r\nin g1\r\n", viaParam.body());
    HttpResponse<String> viaFrom =
        s.query("SELECT ?o FROM <http://ex/g1> { ?s <http://ex/p> ?o }", "text/csv");
    assertEquals("o\r\nin g1\r\n", viaFrom.body());
  }

  @Test
  void inferenceParameterAndExplain() throws Exception {
    s.store
        .dataset()
        .executeWrite(
            () -> {
              var d = s.store.dataset();
              d.add(
                  SSE.parseQuad(
                      "(<http://ex/rules> <http://ex/Cat> <http://www.w3.org/2000/01/rdf-schema#subClassOf> <http://ex/Animal>)"));
              d.add(
                  SSE.parseQuad(
                      "(<http://ex/zoo> <http://ex/tom> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://ex/Cat>)"));
            });
    String q = "SELECT ?x FROM <http://ex/zoo> { ?x a <http://ex/Animal> }";
    assertEquals("x\r\n", s.query(q, "text/csv").body());
    HttpResponse<String> inferred =
        s.get(
            "/sparql?query="
                + TestServer.enc(q)
                + "&inference="
                + TestServer.enc("http://ex/rules"),
            "text/csv");
    assertEquals("x\r\nhttp://ex/tom\r\n", inferred.body());

    HttpResponse<String> plan =
        s.get(
            "/sparql?explain=true&inference="
                + TestServer.enc("http://ex/rules")
                + "&query="
                + TestServer.enc(q),
            null);
    assertEquals(200, plan.statusCode());
    assertTrue(plan.body().startsWith("1 rows in "), plan.body());
    assertTrue(
        plan.body()
            .contains(
                "pattern { ?x <http://www.w3.org/1999/02/22-rdf-syntax-ns#type>"
                    + " <http://ex/Animal> } (inference)"),
        plan.body());
    assertTrue(plan.body().contains(" / 1]"), plan.body()); // the actual row count
  }

  @Test
  void aRepeatedShapeIsAnsweredWithEachQuerysOwnConstants() throws Exception {
    String shape = "PREFIX ex: <http://ex/> SELECT ?n { ex:%s ex:name ?n FILTER(?n != \"%s\") }";
    double before = metric("quarry_sparql_query_parses_saved_total");
    String[][] asked = {
      {"alice", "x", "Alice"}, {"bob", "y", "Bob"}, {"carol", "z", "Carol"}, {"bob", "Bob", ""}
    };
    for (String[] a : asked) {
      HttpResponse<String> r = s.query(String.format(shape, a[0], a[1]), "text/csv");
      assertEquals(200, r.statusCode(), r.body());
      assertEquals("n\r\n" + (a[2].isEmpty() ? "" : a[2] + "\r\n"), r.body());
    }
    assertTrue(metric("quarry_sparql_query_parses_saved_total") >= before + 2);
  }

  @Test
  void everyFormOfARepeatedShapeAnswersWithItsOwnConstants() throws Exception {
    String[] shapes = {
      "PREFIX ex: <http://ex/> CONSTRUCT { ex:%s ex:called ?n } WHERE { ex:%1$s ex:name ?n }",
      "PREFIX ex: <http://ex/> DESCRIBE ex:%s",
      "PREFIX ex: <http://ex/> DESCRIBE ?p WHERE { ?p ex:name ?n FILTER(?p = ex:%s) }",
      "PREFIX ex: <http://ex/> ASK { ex:%s ex:knows ?x }"
    };
    for (String shape : shapes) {
      for (String who : List.of("alice", "bob", "carol", "alice")) {
        String q = String.format(shape, who);
        Query parsed = QueryFactory.create(q);
        try (QueryExec local = QueryExec.dataset(s.store.dataset()).query(parsed).build()) {
          if (parsed.isAskType()) {
            assertEquals(local.ask(), s.query(q, "text/csv").body().contains("true"), q);
          } else {
            Graph expected = parsed.isConstructType() ? local.construct() : local.describe();
            Graph got = GraphFactory.createDefaultGraph();
            RDFParser.fromString(s.query(q, "application/n-triples").body(), Lang.NTRIPLES)
                .parse(got);
            assertTrue(expected.size() > 0, q);
            assertTrue(expected.isIsomorphicWith(got), q + ": " + got);
          }
        }
      }
    }
  }

  @Test
  void explainShowsTheQuerysOwnConstantsWhenItsShapeIsKnown() throws Exception {
    String shape = "PREFIX ex: <http://ex/> SELECT ?n { ex:%s ex:name ?n }";
    for (String who : List.of("alice", "alice", "bob")) {
      s.query(String.format(shape, who), "text/csv");
    }
    HttpResponse<String> plan =
        s.get("/sparql?explain=true&query=" + TestServer.enc(String.format(shape, "carol")), null);
    assertEquals(200, plan.statusCode());
    assertTrue(plan.body().startsWith("1 rows in "), plan.body());
    assertTrue(plan.body().contains("<http://ex/carol>"), plan.body());
    assertTrue(!plan.body().contains("<http://ex/alice>"), plan.body());
  }

  @Test
  void nowIsOneInstantThroughoutAQuery() throws Exception {
    String q = "SELECT (NOW() AS ?a) (NOW() AS ?b) (datatype(NOW()) AS ?t) { ?s ?p ?o }";
    for (int i = 0; i < 3; i++) { // the third from the shape's template
      ResultSet rs =
          parse(s.query(q, "application/sparql-results+json").body(), ResultSetLang.RS_JSON);
      var first = rs.next();
      assertEquals(first.get("a"), first.get("b"));
      assertEquals("http://www.w3.org/2001/XMLSchema#dateTime", first.get("t").toString());
      while (rs.hasNext()) {
        assertEquals(first.get("a"), rs.next().get("a"));
      }
    }
  }

  private static double metric(String name) throws Exception {
    for (String line : s.get("/metrics", null).body().split("\n")) {
      if (line.startsWith(name + " ")) {
        return Double.parseDouble(line.substring(name.length() + 1).trim());
      }
    }
    throw new AssertionError("no metric " + name);
  }

  @Test
  void healthMetricsAndQueryPage() throws Exception {
    assertEquals(200, s.get("/health", null).statusCode());
    s.query(NAMES, null);
    // The query's meters are recorded just after its response goes out.
    String m = s.get("/metrics", null).body();
    for (int i = 0; i < 500 && !m.contains("outcome=\"ok\""); i++) {
      Thread.sleep(10);
      m = s.get("/metrics", null).body();
    }
    assertTrue(m.contains("quarry_sparql_query_seconds_count{form=\"select\",outcome=\"ok\"}"), m);
    assertTrue(
        m.contains(
            "quarry_sparql_query_seconds_bucket{form=\"select\",outcome=\"ok\",le=\"+Inf\"}"),
        m);
    assertTrue(metric("quarry_sparql_response_bytes_total") > 0);
    HttpResponse<String> page = s.get("/sparql", "text/html");
    assertTrue(page.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
    assertTrue(page.body().contains("<textarea"));
    assertEquals(404, s.get("/nothing-here", null).statusCode());
  }

  @Test
  void updatesAreRefusedUnlessEnabled() throws Exception {
    HttpResponse<String> r = s.update("INSERT DATA { <http://ex/x> <http://ex/y> 1 }");
    assertEquals(403, r.statusCode());
    assertTrue(r.body().contains("update.enabled"), r.body());
    assertEquals(400, s.get("/sparql?update=" + TestServer.enc("CLEAR ALL"), null).statusCode());
  }

  @Test
  void serviceIsRefusedByDefault() throws Exception {
    HttpResponse<String> r =
        s.query("SELECT * { SERVICE <http://example.org/sparql> { ?s ?p ?o } }", null);
    assertEquals(403, r.statusCode());
    assertTrue(r.body().contains("remote.allow-service"), r.body());
  }

  @Test
  void aFailedLoadLeavesTheStoreUnchanged() throws Exception {
    String count = "SELECT (COUNT(*) AS ?n) { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }";
    String before = s.query(count, "text/csv").body();
    Path good = dir.resolve("more.ttl");
    Files.writeString(good, "<http://ex/dave> <http://ex/name> \"Dave\" .\n");
    Path bad = dir.resolve("broken.nt");
    Files.writeString(
        bad,
        "<http://ex/erin> <http://ex/name> \"Erin\" .\n<http://ex/frank> <http://ex/name> .\n");
    LoadException e =
        Assertions.assertThrows(
            LoadException.class,
            () -> Loader.loadFiles(s.store, List.of(good, bad), null, Loader.Progress.NONE));
    assertEquals(2, e.line());
    assertEquals(before, s.query(count, "text/csv").body());
  }

  @Test
  void aLargeResultIsStreamedWhole() throws Exception {
    StringBuilder nt = new StringBuilder();
    for (int i = 0; i < 20_000; i++) {
      nt.append("<http://ex/item")
          .append(i)
          .append("> <http://ex/index> ")
          .append('"')
          .append(i)
          .append("\" <http://ex/big> .\n");
    }
    Loader.load(
        s.store,
        List.of(
            Loader.Source.of(
                "big",
                RDFFormat.NQUADS,
                "http://ex/",
                new ByteArrayInputStream(nt.toString().getBytes()))),
        null,
        Loader.Progress.NONE);
    HttpResponse<String> r =
        s.query(
            "SELECT ?s ?i { GRAPH <http://ex/big> { ?s <http://ex/index> ?i } }",
            "application/sparql-results+json");
    assertEquals(200, r.statusCode());
    assertTrue(r.body().length() > 1_000_000, "more than one chunk: " + r.body().length());
    assertEquals(20_000, rows(parse(r.body(), ResultSetLang.RS_JSON)));
    assertTrue(r.headers().firstValue("Transfer-Encoding").orElse("").contains("chunked"));
  }

  @Test
  void tooLargeARequestGets413() throws Exception {
    // The default limit is 16 MB; a 17 MB POST is refused before it is parsed.
    String huge = "SELECT * { ?s ?p ?o } #" + "x".repeat(17 << 20);
    assertEquals(413, s.post("application/sparql-query", huge, null).statusCode());
  }
}
