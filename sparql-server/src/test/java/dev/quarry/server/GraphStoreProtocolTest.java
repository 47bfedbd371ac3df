package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The Graph Store HTTP Protocol over real HTTP, and the Service Description. */
@Timeout(120)
class GraphStoreProtocolTest {
  @TempDir static Path dir;
  static TestServer s;

  static final String TTL = "text/turtle";
  static final String ALICE =
      "@prefix ex: <http://ex/> . ex:alice ex:knows ex:bob ; ex:name \"Alice\" .";

  @BeforeAll
  static void start() throws Exception {
    s = new TestServer(dir, "update.enabled=true", "server.demo-data=false");
  }

  @AfterAll
  static void stop() {
    s.close();
  }

  private static String g(String name) {
    return "?graph=" + TestServer.enc("http://ex/" + name);
  }

  private static long count(String graph) throws Exception {
    String q = "SELECT (COUNT(*) AS ?n) { GRAPH <http://ex/" + graph + "> { ?s ?p ?o } }";
    return Long.parseLong(s.query(q, "text/csv").body().split("\r\n")[1]);
  }

  private static Model turtle(String text) {
    Model m = ModelFactory.createDefaultModel();
    m.read(new StringReader(text), "http://base/", "TTL");
    return m;
  }

  @Test
  void putCreatesThenReplacesAndGetReadsItBack() throws Exception {
    HttpResponse<String> created = s.send("PUT", "/data" + g("put"), ALICE, "Content-Type", TTL);
    assertEquals(201, created.statusCode(), created.body());
    HttpResponse<String> replaced =
        s.send("PUT", "/data" + g("put"), "<http://ex/a> <http://ex/p> 1 .", "Content-Type", TTL);
    assertEquals(204, replaced.statusCode(), replaced.body());
    assertEquals(1, count("put"));

    HttpResponse<String> got = s.send("GET", "/sparql" + g("put"), null, "Accept", TTL);
    assertEquals(200, got.statusCode());
    assertEquals("text/turtle; charset=utf-8", got.headers().firstValue("Content-Type").get());
    assertTrue(turtle(got.body()).isIsomorphicWith(turtle("<http://ex/a> <http://ex/p> 1 .")));

    HttpResponse<String> nt =
        s.send("GET", "/data" + g("put"), null, "Accept", "application/n-triples");
    assertEquals(
        "<http://ex/a> <http://ex/p> \"1\"^^<http://www.w3.org/2001/XMLSchema#integer> .",
        nt.body().trim());
  }

  @Test
  void jsonLdIsTriplesToAGraphAndQuadsToTheDataset() throws Exception {
    String ld = "{\"@id\": \"http://ex/a\", \"http://ex/p\": 1}";
    String json = "application/ld+json";
    assertEquals(201, s.send("PUT", "/data" + g("ld"), ld, "Content-Type", json).statusCode());
    assertEquals(1, count("ld"));
    String named = "{\"@id\": \"http://ex/elsewhere\", \"@graph\": [" + ld + "]}";
    HttpResponse<String> refused = s.send("POST", "/data" + g("ld"), named, "Content-Type", json);
    assertEquals(415, refused.statusCode());
    assertTrue(refused.body().contains("names the graph http://ex/elsewhere"), refused.body());
    assertEquals(1, count("ld"));
    assertEquals(0, count("elsewhere"));
    // To the dataset, its named graph is kept.
    assertEquals(2, s.send("POST", "/data", named, "Content-Type", json).statusCode() / 100);
    assertEquals(1, count("elsewhere"));
  }

  @Test
  void postAddsAndDeleteRemoves() throws Exception {
    assertEquals(201, s.send("POST", "/data" + g("post"), ALICE, "Content-Type", TTL).statusCode());
    HttpResponse<String> more =
        s.send(
            "POST",
            "/sparql" + g("post"),
            "<http://ex/carol> <http://ex/knows> <http://ex/alice> .",
            "Content-Type",
            "application/n-triples");
    assertEquals(204, more.statusCode(), more.body());
    assertEquals(3, count("post"));
    assertEquals(200, s.send("HEAD", "/data" + g("post"), null).statusCode());
    assertEquals(204, s.send("DELETE", "/data" + g("post"), null).statusCode());
    assertEquals(0, count("post"));
    assertEquals(404, s.send("GET", "/data" + g("post"), null).statusCode());
    assertEquals(404, s.send("HEAD", "/data" + g("post"), null).statusCode());
    assertEquals(404, s.send("DELETE", "/data" + g("post"), null).statusCode());
  }

  @Test
  void theDefaultGraphAndGraphsNamedByTheirUrl() throws Exception {
    assertEquals(
        204,
        s.send("PUT", "/data?default", "<http://ex/d> <http://ex/p> 1 .", "Content-Type", TTL)
            .statusCode());
    assertEquals("s\r\nhttp://ex/d\r\n", s.query("SELECT ?s { ?s ?p 1 }", "text/csv").body());

    HttpResponse<String> created = s.send("POST", "/data", ALICE, "Content-Type", TTL);
    assertEquals(201, created.statusCode(), created.body());
    String location = created.headers().firstValue("Location").orElseThrow();
    assertTrue(location.startsWith("http://127.0.0.1:" + s.server.port() + "/data/"), location);
    String path = location.substring(location.indexOf("/data/"));
    HttpResponse<String> direct = s.send("GET", path, null, "Accept", TTL);
    assertEquals(200, direct.statusCode());
    assertTrue(turtle(direct.body()).isIsomorphicWith(turtle(ALICE)));
    HttpResponse<String> indirect =
        s.send("GET", "/data?graph=" + TestServer.enc(location), null, "Accept", TTL);
    assertEquals(direct.body(), indirect.body());

    HttpResponse<String> all = s.send("GET", "/data", null, "Accept", "application/n-quads");
    assertTrue(all.body().contains("<" + location + ">"), all.body());
  }

  @Test
  void aBodyThatDoesNotParseChangesNothingAndSaysWhere() throws Exception {
    s.send("PUT", "/data" + g("keep"), ALICE, "Content-Type", TTL);
    HttpResponse<String> bad =
        s.send(
            "PUT",
            "/data" + g("keep"),
            "<http://ex/a> <http://ex/p> <http://ex/o> .\n<http://ex/b> <http://ex/p> \"x .\n",
            "Content-Type",
            TTL);
    assertEquals(400, bad.statusCode());
    assertTrue(bad.body().matches("(?s).*the request body:\\d+:\\d+: .*"), bad.body());
    assertEquals(2, count("keep"));

    HttpResponse<String> quads =
        s.send(
            "PUT",
            "/data" + g("keep"),
            "<http://ex/a> <http://ex/p> <http://ex/o> <http://ex/g> .",
            "Content-Type",
            "application/n-quads");
    assertEquals(415, quads.statusCode(), quads.body());
    assertEquals(
        415,
        s.send("PUT", "/data" + g("keep"), "x", "Content-Type", "text/x-unknown").statusCode());
    assertEquals(400, s.send("GET", "/data?graph=not%20an%20iri", null).statusCode());
    assertEquals(406, s.send("GET", "/data" + g("keep"), null, "Accept", "image/png").statusCode());
    assertEquals(2, count("keep"));
  }

  @Test
  void aLargePostTakesTheBulkPathAndIsAtomicToo() throws Exception {
    StringBuilder nt = new StringBuilder();
    for (int i = 0; i < 12_000; i++) { // over GraphStore.BULK_MIN_QUADS
      nt.append("<http://ex/s").append(i).append("> <http://ex/p> \"").append(i).append("\" .\n");
    }
    String body = nt.toString();
    HttpResponse<String> bad =
        s.send(
            "POST",
            "/data" + g("bulk"),
            body + "<http://ex/broken> <http://ex/p> .\n",
            "Content-Type",
            "application/n-triples");
    assertEquals(400, bad.statusCode());
    assertTrue(bad.body().contains(":12001:"), bad.body());
    assertEquals(0, count("bulk"));
    HttpResponse<String> ok =
        s.send("POST", "/data" + g("bulk"), body, "Content-Type", "application/n-triples");
    assertEquals(201, ok.statusCode(), ok.body());
    assertEquals(12_000, count("bulk"));
    assertEquals(
        204,
        s.send("POST", "/data" + g("bulk"), body, "Content-Type", "application/n-triples")
            .statusCode());
    assertEquals(12_000, count("bulk")); // the same triples again: a set, nothing doubled

    // A PUT to a new graph goes in bulk too; a PUT over an existing one replaces it.
    HttpResponse<String> put =
        s.send("PUT", "/data" + g("bulkput"), body, "Content-Type", "application/n-triples");
    assertEquals(201, put.statusCode(), put.body());
    assertEquals(12_000, count("bulkput"));
    String half = body.substring(0, body.indexOf("<http://ex/s6000>"));
    HttpResponse<String> again =
        s.send("PUT", "/data" + g("bulkput"), half, "Content-Type", "application/n-triples");
    assertEquals(204, again.statusCode(), again.body());
    assertEquals(6_000, count("bulkput"));
    assertEquals(12_000, count("bulk"));
  }

  @Test
  void writesNeedUpdatesEnabled(@TempDir Path other) throws Exception {
    try (TestServer ro = new TestServer(other)) {
      HttpResponse<String> put = ro.send("PUT", "/data" + g("x"), ALICE, "Content-Type", TTL);
      assertEquals(403, put.statusCode());
      assertEquals(403, ro.send("DELETE", "/data?default", null).statusCode());
      assertEquals(200, ro.send("GET", "/data?default", null).statusCode());
    }
  }

  @Test
  void rdfClientsGetTheServiceDescriptionBrowsersThePage() throws Exception {
    HttpResponse<String> sd = s.send("GET", "/sparql", null, "Accept", "text/turtle");
    assertEquals(200, sd.statusCode());
    Model m = turtle(sd.body());
    String sdNs = "http://www.w3.org/ns/sparql-service-description#";
    var service = m.createResource(s.endpoint() + "#service");
    assertTrue(
        m.contains(service, m.createProperty(sdNs, "endpoint"), m.createResource(s.endpoint())),
        sd.body());
    assertTrue(
        m.contains(
            service,
            m.createProperty(sdNs, "supportedLanguage"),
            m.createResource(sdNs + "SPARQL11Update")));
    assertTrue(
        m.contains(
            service,
            m.createProperty(sdNs, "supportedLanguage"),
            m.createResource(sdNs + "SPARQL12Query")));
    assertTrue(
        m.contains(
            service,
            m.createProperty(sdNs, "feature"),
            m.createResource("https://quarry.dev/ns#TripleTerms")));
    assertTrue(
        m.contains(
            service,
            m.createProperty(sdNs, "resultFormat"),
            m.createResource("http://www.w3.org/ns/formats/SPARQL_Results_JSON")));

    HttpResponse<String> page =
        s.send("GET", "/sparql", null, "Accept", "text/html,application/xhtml+xml,*/*;q=0.8");
    assertTrue(page.headers().firstValue("Content-Type").get().startsWith("text/html"));
    assertTrue(page.body().contains("<textarea"));
    assertFalse(page.body().contains("sd:Service"));
  }
}
