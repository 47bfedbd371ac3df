package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The protocol's odd cases over real HTTP: a client's own time limit, text that is not UTF-8,
 * broken percent escapes, a URL too long, and the store's meters on /metrics.
 */
@Timeout(120)
class ProtocolEdgesTest {
  @TempDir static Path dir;
  static TestServer s;
  static final HttpClient HTTP = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws Exception {
    s = new TestServer(dir, "update.enabled=true", "limits.query-timeout=60s");
    StringBuilder data = new StringBuilder("INSERT DATA {");
    for (int i = 0; i < 200; i++) {
      data.append(" <http://ex/s").append(i).append("> <http://ex/p> ").append(i).append(" .");
    }
    s.update(data.append(" }").toString());
  }

  @AfterAll
  static void stop() {
    s.close();
  }

  private static HttpResponse<String> postBytes(String contentType, byte[] body) throws Exception {
    HttpRequest r =
        HttpRequest.newBuilder(s.uri("/sparql"))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build();
    return HTTP.send(r, HttpResponse.BodyHandlers.ofString());
  }

  /** A GET sent byte for byte as given; the whole response. */
  private static String rawGet(String target) throws Exception {
    try (Socket socket = new Socket("127.0.0.1", s.server.port())) {
      socket.setSoTimeout(30_000);
      socket
          .getOutputStream()
          .write(
              ("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void theRequestsTimeoutShortensTheConfiguredOne() throws Exception {
    String heavy = "SELECT (COUNT(*) AS ?n) { ?a ?p ?b . ?c ?q ?d . ?e ?r ?f . ?g ?t ?h }";
    long start = System.nanoTime();
    HttpResponse<String> r = s.get("/sparql?timeout=300&query=" + TestServer.enc(heavy), null);
    long ms = (System.nanoTime() - start) / 1_000_000;
    assertEquals(503, r.statusCode(), r.body());
    assertTrue(r.body().contains("timeout="), r.body());
    assertTrue(ms < 20_000, "cancelled at the request's 300 ms, not the server's 60 s: " + ms);

    HttpResponse<String> bad =
        s.get("/sparql?timeout=soon&query=" + TestServer.enc("ASK {}"), null);
    assertEquals(400, bad.statusCode());
    assertTrue(bad.body().contains("milliseconds"), bad.body());
    assertEquals(
        200, s.get("/sparql?timeout=5000&query=" + TestServer.enc("ASK {}"), null).statusCode());
  }

  @Test
  void textThatIsNotUtf8IsA400SayingWhere() throws Exception {
    byte[] query = "SELECT * { ?s ?p \"caf\u00e9\" }".getBytes(StandardCharsets.ISO_8859_1);
    HttpResponse<String> latin1 = postBytes("application/sparql-query", query);
    assertEquals(400, latin1.statusCode(), latin1.body());
    assertTrue(latin1.body().contains("not valid UTF-8 (at byte 21)"), latin1.body());

    HttpResponse<String> escaped = s.get("/sparql?query=ASK%20%7B%7D%FF", null);
    assertEquals(400, escaped.statusCode(), escaped.body());
    assertTrue(escaped.body().contains("UTF-8"), escaped.body());

    // java.net.http refuses to send a broken escape; a raw socket sends what a careless client
    // would.
    String broken = rawGet("/sparql?query=ASK%2");
    assertTrue(broken.startsWith("HTTP/1.1 400"), broken);
    assertTrue(broken.contains("percent escape at character 10"), broken);

    // A raw ';' (allowed in a URL's query) is part of the query, not a parameter separator.
    HttpResponse<String> semicolon =
        s.get(
            "/sparql?query=SELECT%20*%20%7B%20?s%20?p%20?o%20;%20?q%20?r%20%7D%20LIMIT%201", null);
    assertEquals(200, semicolon.statusCode(), semicolon.body());

    HttpResponse<String> form =
        postBytes("application/x-www-form-urlencoded", "query=ASK%G0".getBytes());
    assertEquals(400, form.statusCode(), form.body());

    HttpResponse<String> good =
        postBytes(
            "application/sparql-query",
            "ASK { FILTER(\"caf\u00e9\" != \"\") }".getBytes(StandardCharsets.UTF_8));
    assertEquals(200, good.statusCode(), good.body());
  }

  @Test
  void aUrlOverEightKilobytesIsA414() throws Exception {
    String longQuery = "SELECT * { ?s ?p ?o } # " + "x".repeat(9000);
    HttpResponse<String> r = s.get("/sparql?query=" + TestServer.enc(longQuery), null);
    assertEquals(414, r.statusCode(), r.body());
    assertTrue(r.body().contains("POST the query"), r.body());
    HttpResponse<String> posted = s.post("application/sparql-query", longQuery, null);
    assertEquals(200, posted.statusCode(), "the same query POSTed runs");
  }

  @Test
  void metricsCarryTheStoresMeters() throws Exception {
    s.query("SELECT * { ?s <http://ex/p> ?o } LIMIT 3", null);
    String metrics = s.get("/metrics", null).body();
    assertTrue(metrics.contains("quarry_buffer_hits_total"), "buffer pool meters");
    assertTrue(
        metrics.contains("quarry_query_operators_total{executor=\"ids\"}"), "executor meters");
    assertTrue(metrics.contains("quarry_sparql_queued"), "admission meters");
    assertTrue(metrics.contains("jvm_memory_used_bytes"), "JVM meters");
  }

  @Test
  void resultsAreGzippedWhenTheClientAsks() throws Exception {
    String all = "SELECT * { ?s ?p ?o } ORDER BY ?s ?o";
    HttpRequest r =
        HttpRequest.newBuilder(s.uri("/sparql?query=" + TestServer.enc(all)))
            .header("Accept", "text/csv")
            .header("Accept-Encoding", "gzip")
            .build();
    HttpResponse<byte[]> zipped = HTTP.send(r, HttpResponse.BodyHandlers.ofByteArray());
    assertEquals(200, zipped.statusCode());
    assertEquals("gzip", zipped.headers().firstValue("Content-Encoding").orElse(null));
    byte[] plain;
    try (var in = new GZIPInputStream(new ByteArrayInputStream(zipped.body()))) {
      plain = in.readAllBytes();
    }
    String expected = s.query(all, "text/csv").body();
    assertEquals(expected, new String(plain, StandardCharsets.UTF_8));
    assertTrue(zipped.body().length < expected.length() / 2, "compressed");
    HttpResponse<String> small = s.query("ASK {}", null);
    assertTrue(small.headers().firstValue("Content-Encoding").isEmpty(), "not asked: plain");
  }

  @Test
  void healthReadsTheStore() throws Exception {
    HttpResponse<String> ok = s.get("/health", null);
    assertEquals(200, ok.statusCode());
    assertEquals("{\"status\":\"ok\"}\n", ok.body());
  }
}
