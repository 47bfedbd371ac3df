package dev.quarry.server.w3c;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.server.QuarryServer;
import dev.quarry.server.ServerConfig;
import java.io.ByteArrayInputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.apache.jena.graph.Graph;
import org.apache.jena.query.Query;
import org.apache.jena.query.ResultSetFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.graph.GraphFactory;
import org.apache.jena.sparql.resultset.ResultsReader;
import org.apache.jena.sparql.resultset.SPARQLResult;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SPARQL 1.2 suite's evaluation tests again, through the SPARQL protocol: each query is sent to
 * a server on loopback and its answer read back from the wire (results as JSON, graphs as
 * N-Triples), each update posted; so triple terms and base directions cross the result writers and
 * the HTTP layer, not only the engine.
 */
@Timeout(300)
class W3cOverHttpTest {
  @TempDir static Path dir;
  static Store store;
  static QuarryServer server;
  static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @BeforeAll
  static void start() throws Exception {
    store = Quarry.open(dir.resolve("store"));
    server =
        QuarryServer.start(
            store,
            ServerConfig.from(
                Config.defaults()
                    .with("server.port", 0)
                    .with("server.demo-data", false)
                    .with("update.enabled", true)));
  }

  @AfterAll
  static void stop() {
    server.close();
    store.close();
  }

  @TestFactory
  Stream<DynamicTest> sparql12() {
    Path root = Path.of("src/test/resources/w3c").toAbsolutePath();
    return Manifests.read(root.resolve("sparql12/manifest.ttl")).stream()
        .filter(e -> e.type().endsWith("EvaluationTest"))
        .map(e -> DynamicTest.dynamicTest(e.id() + " " + e.name(), () -> run(e)));
  }

  private void run(Manifests.Entry e) throws Exception {
    Assumptions.assumeTrue(e.current(), "withdrawn");
    DatasetGraph dsg = store.dataset();
    try {
      if (e.type().equals("UpdateEvaluationTest")) {
        update(e, dsg);
      } else {
        query(e, dsg);
      }
    } finally {
      Txn.executeWrite(dsg, dsg::clear);
    }
  }

  private void query(Manifests.Entry e, DatasetGraph dsg) throws Exception {
    String uri =
        e.action().getPropertyResourceValue(Manifests.qt(e.action().getModel(), "query")).getURI();
    Query query = W3cSuiteTest.parseQuery(e, uri);
    Txn.executeWrite(dsg, () -> W3cSuiteTest.loadQueryDataset(dsg, e, query));
    boolean graph = query.isConstructType() || query.isDescribeType();
    HttpResponse<byte[]> r =
        post(
            "application/sparql-query",
            withBase(uri),
            graph ? "application/n-triples" : "application/sparql-results+json");
    assertEquals(200, r.statusCode(), new String(r.body(), StandardCharsets.UTF_8));
    W3cSuiteTest.Outcome got;
    if (graph) {
      Graph g = GraphFactory.createDefaultGraph();
      RDFParser.source(new ByteArrayInputStream(r.body())).lang(Lang.NTRIPLES).parse(g);
      got = new W3cSuiteTest.Outcome(null, null, g, null);
    } else {
      SPARQLResult res =
          ResultsReader.create()
              .lang(ResultSetLang.RS_JSON)
              .build()
              .readAny(new ByteArrayInputStream(r.body()));
      got =
          res.isBoolean()
              ? new W3cSuiteTest.Outcome(null, res.getBooleanResult(), null, null)
              : new W3cSuiteTest.Outcome(
                  ResultSetFactory.makeRewindable(res.getResultSet()), null, null, null);
    }
    assertNull(W3cSuiteTest.compare(e, query, got));
  }

  private void update(Manifests.Entry e, DatasetGraph dsg) throws Exception {
    Txn.executeWrite(dsg, () -> W3cSuiteTest.loadUpdateDataset(dsg, e.action()));
    String uri =
        e.action()
            .getPropertyResourceValue(Manifests.ut(e.action().getModel(), "request"))
            .getURI();
    HttpResponse<byte[]> r = post("application/sparql-update", withBase(uri), "text/plain");
    assertEquals(2, r.statusCode() / 100, new String(r.body(), StandardCharsets.UTF_8));
    W3cSuiteTest.assertUpdated(e, dsg);
  }

  /** The request's text, its relative IRIs resolved against its file as the suite means. */
  private static String withBase(String uri) {
    return "BASE <" + uri + ">\n" + Expected.text(uri);
  }

  private static HttpResponse<byte[]> post(String type, String body, String accept)
      throws Exception {
    HttpRequest req =
        HttpRequest.newBuilder(server.endpoint())
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", type)
            .header("Accept", accept)
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
            .build();
    return HTTP.send(req, HttpResponse.BodyHandlers.ofByteArray());
  }
}
