package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.io.Loader;
import dev.quarry.server.auth.Access;
import dev.quarry.server.sparql.QueryShape;
import dev.quarry.server.sparql.QueryTemplates;
import dev.quarry.server.sparql.ShapeRuns;
import dev.quarry.server.sparql.SparqlRequest;
import dev.quarry.server.sparql.StrictForm;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Quick queries on the I/O thread: when they may run there, and that they answer as elsewhere. */
@Timeout(120)
class InlineQueriesTest {
  private static final String NAME = "PREFIX ex: <http://ex/> SELECT ?n { ex:p%d ex:name ?n }";
  private static final Access OPEN = Access.from("", "", "none", true, false);

  /**
   * Whether {@code inline} runs {@code query}, sent with {@code authorization}, on its I/O thread.
   */
  private static boolean admits(InlineQueries inline, String query, String authorization) {
    return inline.admits(inline.candidate(get(query), authorization));
  }

  private static SparqlRequest get(String query) {
    String uri = "/sparql?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8);
    var req = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, uri);
    return SparqlRequest.parse(req, StrictForm.urlParameters(uri));
  }

  @Test
  void aShapeIsQuickAfterItsLatestRunsWereAllQuick() {
    QueryTemplates t = new QueryTemplates(100);
    assertNull(t.parse(NAME.formatted(1)).runs(), "a shape seen once has no template yet");
    ShapeRuns runs = t.parse(NAME.formatted(2)).runs();
    assertNotNull(runs);
    for (int i = 0; i < ShapeRuns.STREAK; i++) {
      assertFalse(t.quick(QueryShape.of(NAME.formatted(3))), "after " + i + " quick runs");
      runs.ran(true);
    }
    assertTrue(t.quick(QueryShape.of(NAME.formatted(3))));
    assertTrue(t.quick(QueryShape.of(NAME.formatted(99))), "the shape, whatever its constants");
    assertFalse(
        t.quick(QueryShape.of("PREFIX ex: <http://ex/> ASK { ex:p1 ex:name ?n }")),
        "another shape");
    runs.ran(false);
    assertFalse(t.quick(QueryShape.of(NAME.formatted(3))), "one slow run starts the count again");
  }

  @Test
  void aQueryRunsOnTheIoThreadOnlyWhenNoQueryThreadHoldsARequest() throws Exception {
    QueryTemplates t = new QueryTemplates(100);
    t.parse(NAME.formatted(1));
    ShapeRuns runs = t.parse(NAME.formatted(2)).runs();
    for (int i = 0; i < ShapeRuns.STREAK; i++) {
      runs.ran(true);
    }
    QueryExecutor workers = new QueryExecutor(1, 4, 0, 0);
    try {
      InlineQueries inline = new InlineQueries(Duration.ofMillis(2), workers, t, OPEN);
      assertTrue(admits(inline, NAME.formatted(3), null));

      CountDownLatch release = new CountDownLatch(1);
      CountDownLatch running = new CountDownLatch(1);
      workers.execute(
          () -> {
            running.countDown();
            awaitQuietly(release);
          });
      workers.execute(() -> {}); // queued behind it
      assertTrue(running.await(10, TimeUnit.SECONDS));
      assertFalse(workers.idle());
      assertFalse(admits(inline, NAME.formatted(3), null), "a query thread is busy");
      assertFalse(workers.runHereIfIdle(() -> {}), "nor may anything else run here now");
      release.countDown();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!workers.idle() && System.nanoTime() < deadline) {
        Thread.sleep(1);
      }
      assertTrue(workers.idle(), "both requests ended");
      assertTrue(admits(inline, NAME.formatted(3), null));
      boolean[] idleWhileRunning = {true};
      assertTrue(workers.runHereIfIdle(() -> idleWhileRunning[0] = workers.idle()));
      assertFalse(idleWhileRunning[0], "one request at a time runs on an I/O thread");
      assertTrue(workers.idle());

      // A query thread whose answer is on its way no longer counts, though it has not returned.
      CountDownLatch answered = new CountDownLatch(1);
      CountDownLatch done = new CountDownLatch(1);
      workers.execute(
          () -> {
            workers.answered();
            answered.countDown();
            awaitQuietly(done);
          });
      assertTrue(answered.await(10, TimeUnit.SECONDS));
      assertTrue(workers.idle());
      assertTrue(workers.runHereIfIdle(() -> {}));
      done.countDown();

      String longText = NAME.formatted(3) + " #" + "x".repeat(InlineQueries.MAX_TEXT);
      assertFalse(admits(inline, longText, null), "too long to look at on the I/O thread");
      assertFalse(
          admits(new InlineQueries(Duration.ZERO, workers, t, OPEN), NAME.formatted(3), null),
          "0 turns it off");
      Access tokens =
          Access.from(
              "sha256:" + "ab".repeat(32), "", "all", true, false); // every request needs one
      InlineQueries guarded = new InlineQueries(Duration.ofMillis(2), workers, t, tokens);
      assertTrue(admits(guarded, NAME.formatted(3), "Bearer some-token"), "a hash to compare");
      assertTrue(admits(guarded, NAME.formatted(3), null), "refused at once");
      assertFalse(
          admits(guarded, NAME.formatted(3), "Basic dXNlcjpwYXNz"),
          "a password is checked on a query thread: slow by design");
    } finally {
      workers.shutdownNow();
    }
  }

  @Test
  void aRunIsQuickWithinTheTimeAndUnderOneResponseBuffer() {
    InlineQueries inline =
        new InlineQueries(
            Duration.ofMillis(2), new QueryExecutor(1, 1, 0, 0), new QueryTemplates(1), OPEN);
    assertTrue(inline.quick(1_999_999, 100));
    assertFalse(inline.quick(2_000_001, 100));
    assertFalse(inline.quick(100, InlineQueries.QUICK_BYTES));
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Two servers over the same data, one running quick queries on I/O threads, one never. */
  @Test
  void quickQueriesOnTheIoThreadAnswerAsOnAQueryThread(@TempDir Path dir) throws Exception {
    Path data = dir.resolve("people.ttl");
    StringBuilder ttl = new StringBuilder("@prefix ex: <http://ex/> .\n");
    for (int i = 0; i < 3000; i++) {
      ttl.append("ex:p").append(i).append(" ex:name \"Person ").append(i).append("\" .\n");
    }
    Files.writeString(data, ttl);
    try (TestServer inline = new TestServer(dir.resolve("a"), "server.inline-query-time=10s");
        TestServer never = new TestServer(dir.resolve("b"), "server.inline-query-time=0")) {
      for (TestServer s : List.of(inline, never)) {
        Loader.loadFiles(s.store, List.of(data), null, Loader.Progress.NONE);
      }
      for (int i = 0; i < 40; i++) {
        String q = NAME.formatted(i * 7);
        HttpResponse<String> a = inline.query(q, "text/csv");
        assertEquals(200, a.statusCode(), a.body());
        assertEquals("n\r\nPerson " + (i * 7) + "\r\n", a.body());
        assertEquals(a.body(), never.query(q, "text/csv").body());
      }
      double ranInline = metric(inline, "quarry_sparql_inline_total");
      // the first query makes no template, the second does and is its first quick run of four
      assertEquals(40 - 1 - ShapeRuns.STREAK, ranInline, "ran inline");
      assertEquals(0.0, metric(never, "quarry_sparql_inline_total"));

      // A quick shape's query with a result larger than a response buffer: written whole, in
      // chunks, from the I/O thread.
      String page =
          "PREFIX ex: <http://ex/> SELECT ?s ?n { ?s ex:name ?n FILTER(STRLEN(?n) > %d) } ORDER BY ?s";
      for (int i = 0; i < 8; i++) {
        assertEquals("s,n\r\n", inline.query(page.formatted(100 + i), "text/csv").body());
      }
      double before = metric(inline, "quarry_sparql_inline_total");
      HttpResponse<String> big = inline.query(page.formatted(0), "text/csv");
      assertEquals(before + 1, metric(inline, "quarry_sparql_inline_total"), "ran inline");
      assertEquals(200, big.statusCode());
      assertTrue(big.body().length() > 64 * 1024, "more than one buffer: " + big.body().length());
      assertEquals(never.query(page.formatted(0), "text/csv").body(), big.body());
      // ... and the next of that shape goes to a query thread: the large result broke the streak
      inline.query(page.formatted(100), "text/csv");
      assertEquals(before + 1, metric(inline, "quarry_sparql_inline_total"));
    }
  }

  /** With credentials required for every request, a bearer token's queries still run inline. */
  @Test
  void aBearerTokensQueriesRunOnTheIoThreadToo(@TempDir Path dir) throws Exception {
    String token = "a-test-token";
    String hash =
        "sha256:"
            + HexFormat.of()
                .formatHex(
                    MessageDigest.getInstance("SHA-256")
                        .digest(token.getBytes(StandardCharsets.UTF_8)));
    try (TestServer s =
        new TestServer(
            dir.resolve("store"),
            "server.inline-query-time=10s",
            "auth.tokens=" + hash,
            "auth.require=all")) {
      String path = "/sparql?query=" + TestServer.enc("ASK { ?s ?p ?o }");
      for (int i = 0; i < 10; i++) {
        HttpResponse<String> r =
            s.send("GET", path, null, "Authorization", "Bearer " + token, "Accept", "text/csv");
        assertEquals(200, r.statusCode(), r.body());
      }
      assertEquals(401, s.send("GET", path, null, "Accept", "text/csv").statusCode());
      assertEquals(
          401,
          s.send("GET", path, null, "Authorization", "Bearer wrong", "Accept", "text/csv")
              .statusCode());
      double inline = metric(s, "quarry_sparql_inline_total", "Authorization", "Bearer " + token);
      // the ten less the first (no template yet) and the template's four quick runs, and both
      // refusals (answered at once, by the same check as on a query thread)
      assertEquals(10 - 1 - ShapeRuns.STREAK + 2, inline, "ran inline");
    }
  }

  /** The value of meter {@code name} in {@code /metrics}, asked for with {@code headers}. */
  private static double metric(TestServer s, String name, String... headers) throws Exception {
    for (String line : s.send("GET", "/metrics", null, headers).body().split("\n")) {
      if (line.startsWith(name + " ")) {
        return Double.parseDouble(line.substring(name.length() + 1).trim());
      }
    }
    throw new AssertionError("no metric " + name);
  }
}
