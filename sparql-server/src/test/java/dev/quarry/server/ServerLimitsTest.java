package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What the configuration turns on and off: updates, remote loads, result size, query time. */
@Timeout(300)
class ServerLimitsTest {
  @TempDir Path dir;

  private static final String COUNT =
      "SELECT (COUNT(*) AS ?n) { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }";

  /** 200 quads: enough for a 3- or 4-way cross product that runs for minutes. */
  /** Reads the first megabyte of a streaming result. */
  static void readAMegabyte(Socket socket) throws java.io.IOException {
    byte[] buf = new byte[64 * 1024];
    long read = 0;
    while (read < 1_000_000) {
      int n = socket.getInputStream().read(buf);
      assertTrue(n > 0, "the result streams");
      read += n;
    }
  }

  static void insert200(TestServer s) throws Exception {
    StringBuilder data = new StringBuilder("INSERT DATA {");
    for (int i = 0; i < 200; i++) {
      data.append(" <http://ex/s").append(i).append("> <http://ex/p> ").append(i).append(" .");
    }
    assertEquals(200, s.update(data.append(" }").toString()).statusCode());
  }

  @Test
  void enabledUpdatesApplyAtomically() throws Exception {
    Path loadable = Files.createDirectories(dir.resolve("loadable"));
    try (TestServer s =
        new TestServer(
            dir.resolve("store"), "update.enabled=true", "update.load-dirs=" + loadable)) {
      HttpResponse<String> ok =
          s.update(
              "INSERT DATA { <http://ex/a> <http://ex/p> 1 . GRAPH <http://ex/g> { <http://ex/a> <http://ex/p> 2 } }");
      assertEquals(200, ok.statusCode(), ok.body());
      assertEquals("n\r\n2\r\n", s.query(COUNT, "text/csv").body());

      // The second operation fails, so the first is not kept either.
      HttpResponse<String> failed =
          s.update(
              "INSERT DATA { <http://ex/b> <http://ex/p> 3 } ; LOAD <"
                  + loadable.resolve("missing.ttl").toUri()
                  + ">");
      assertEquals(400, failed.statusCode(), failed.body());
      assertEquals("n\r\n2\r\n", s.query(COUNT, "text/csv").body());

      HttpResponse<String> form =
          s.post(
              "application/x-www-form-urlencoded",
              "update=" + TestServer.enc("CLEAR GRAPH <http://ex/g>"),
              null);
      assertEquals(200, form.statusCode(), form.body());
      assertEquals("n\r\n1\r\n", s.query(COUNT, "text/csv").body());

      HttpResponse<String> syntax = s.update("INSERT DATA { <http://ex/a> }");
      assertEquals(400, syntax.statusCode());
      assertTrue(syntax.body().contains("line 1"), syntax.body());
    }
  }

  @Test
  void loadOfARemoteUrlIsRefusedByDefault() throws Exception {
    try (TestServer s = new TestServer(dir, "update.enabled=true")) {
      HttpResponse<String> r = s.update("LOAD <http://example.org/data.ttl>");
      assertEquals(403, r.statusCode());
      assertTrue(r.body().contains("remote.allow-load-urls"), r.body());
    }
  }

  @Test
  void fileLoadsOnlyFromTheDirectoriesConfigured() throws Exception {
    Path allowed = Files.createDirectories(dir.resolve("allowed"));
    Path outside = Files.createDirectories(dir.resolve("outside"));
    Files.writeString(allowed.resolve("in.ttl"), "<http://ex/in> <http://ex/p> 1 .");
    Files.writeString(outside.resolve("out.ttl"), "<http://ex/out> <http://ex/p> 1 .");
    Files.createSymbolicLink(allowed.resolve("link.ttl"), outside.resolve("out.ttl"));
    try (TestServer none = new TestServer(dir.resolve("s1"), "update.enabled=true")) {
      HttpResponse<String> r = none.update("LOAD <" + allowed.resolve("in.ttl").toUri() + ">");
      assertEquals(403, r.statusCode(), r.body());
      assertTrue(r.body().contains("update.load-dirs"), r.body());
    }
    try (TestServer s =
        new TestServer(dir.resolve("s2"), "update.enabled=true", "update.load-dirs=" + allowed)) {
      assertEquals(200, s.update("LOAD <" + allowed.resolve("in.ttl").toUri() + ">").statusCode());
      assertEquals(403, s.update("LOAD <" + outside.resolve("out.ttl").toUri() + ">").statusCode());
      // A link inside the directory to a file outside it is outside.
      assertEquals(
          403, s.update("LOAD <" + allowed.resolve("link.ttl").toUri() + ">").statusCode());
      assertEquals(403, s.update("LOAD <" + allowed.toUri() + "../outside/out.ttl>").statusCode());
      assertEquals("n\r\n1\r\n", s.query(COUNT, "text/csv").body());
    }
  }

  @Test
  void aClientThatHangsUpCancelsItsQuery() throws Exception {
    try (TestServer s = new TestServer(dir, "update.enabled=true", "limits.query-timeout=120s")) {
      insert200(s);
      String q =
          TestServer.enc("SELECT (COUNT(*) AS ?n) { ?a ?p ?b . ?c ?q ?d . ?e ?r ?f . ?g ?t ?h }");
      var active = s.server.metrics().get("quarry.sparql.active").gauge();
      try (Socket socket = new Socket("127.0.0.1", s.server.port())) {
        socket
            .getOutputStream()
            .write(
                ("GET /sparql?query=" + q + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
        long until = System.nanoTime() + 10_000_000_000L;
        while (active.value() < 1 && System.nanoTime() < until) {
          Thread.sleep(10);
        }
        assertEquals(1.0, active.value(), "the query is running");
        Thread.sleep(300);
      } // the client hangs up
      long hungUp = System.nanoTime();
      while (active.value() > 0 && System.nanoTime() - hungUp < 30_000_000_000L) {
        Thread.sleep(10);
      }
      long ms = (System.nanoTime() - hungUp) / 1_000_000;
      assertEquals(0.0, active.value(), "the query stopped");
      assertTrue(ms < 5_000, "stopped " + ms + " ms after the client hung up");
    }
  }

  @Test
  void aClientThatStopsReadingHoldsItsQueryAndLeavingMidResultEndsIt() throws Exception {
    try (TestServer s = new TestServer(dir, "update.enabled=true", "limits.query-timeout=120s")) {
      insert200(s);
      String q = TestServer.enc("SELECT * { ?a ?p ?b . ?c ?q ?d . ?e ?r ?f }"); // 8M rows
      var active = s.server.metrics().get("quarry.sparql.active").gauge();
      try (Socket socket = new Socket("127.0.0.1", s.server.port())) {
        socket.setReceiveBufferSize(64 * 1024);
        socket
            .getOutputStream()
            .write(
                ("GET /sparql?query="
                        + q
                        + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/csv\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
        readAMegabyte(socket);
        Thread.sleep(1_500); // the client stops reading
        assertEquals(
            1.0, active.value(), "the query waits for the client, neither done nor failed");
      } // and leaves mid-result
      long left = System.nanoTime();
      while (active.value() > 0 && System.nanoTime() - left < 30_000_000_000L) {
        Thread.sleep(10);
      }
      assertEquals(0.0, active.value(), "the query stopped");
      assertTrue(
          (System.nanoTime() - left) / 1_000_000 < 5_000,
          "stopped within 5 s of the client leaving");
    }
  }

  @Test
  void aResultOverTheRowLimitIsAnErrorNotATruncation() throws Exception {
    try (TestServer s = new TestServer(dir, "update.enabled=true", "limits.max-result-rows=5")) {
      s.update(
          "INSERT DATA { "
              + "<http://ex/s> <http://ex/p> 1 . <http://ex/s> <http://ex/p> 2 . <http://ex/s> <http://ex/p> 3 . "
              + "<http://ex/s> <http://ex/p> 4 . <http://ex/s> <http://ex/p> 5 . <http://ex/s> <http://ex/p> 6 . }");
      HttpResponse<String> over = s.query("SELECT * { ?s ?p ?o }", null);
      assertEquals(400, over.statusCode());
      assertTrue(over.body().contains("limits.max-result-rows"), over.body());
      assertEquals(200, s.query("SELECT * { ?s ?p ?o } LIMIT 5", null).statusCode());
    }
  }

  @Test
  void aQueryPastTheTimeoutIsCancelled() throws Exception {
    try (TestServer s = new TestServer(dir, "update.enabled=true", "limits.query-timeout=300ms")) {
      insert200(s);
      long start = System.nanoTime();
      // 200^4 = 1.6 billion rows to count: far more than 300 ms.
      HttpResponse<String> r =
          s.query("SELECT (COUNT(*) AS ?n) { ?a ?p ?b . ?c ?q ?d . ?e ?r ?f . ?g ?t ?h }", null);
      long ms = (System.nanoTime() - start) / 1_000_000;
      assertEquals(503, r.statusCode(), r.body());
      assertTrue(r.body().contains("query-timeout"), r.body());
      assertTrue(ms < 20_000, "cancelled promptly, took " + ms + " ms");
      // Counted as a timeout (the meter is recorded just after the response goes out).
      var timeouts =
          s.server
              .metrics()
              .find("quarry.sparql.query")
              .tags("form", "select", "outcome", "timeout");
      long until = System.nanoTime() + 5_000_000_000L;
      while (timeouts.timer() == null && System.nanoTime() < until) {
        Thread.sleep(10);
      }
      assertEquals(1, timeouts.timer().count(), "counted as a timeout");
    }
  }

  @Test
  void anUpdatePastItsTimeLimitIsRolledBack() throws Exception {
    try (TestServer s = new TestServer(dir, "update.enabled=true", "limits.update-timeout=60s")) {
      insert200(s);
      String runaway =
          "INSERT { ?a <http://ex/q> ?c } WHERE { ?a ?p ?b . ?c ?q ?d . ?e ?r ?f . ?g ?t ?h }";
      long start = System.nanoTime();
      HttpResponse<String> r =
          s.post(
              "application/x-www-form-urlencoded",
              "timeout=300&update=" + TestServer.enc(runaway),
              null);
      long ms = (System.nanoTime() - start) / 1_000_000;
      assertEquals(503, r.statusCode(), r.body());
      assertTrue(r.body().contains("rolled back"), r.body());
      assertTrue(ms < 20_000, "cancelled promptly, took " + ms + " ms");
      assertEquals("n\r\n200\r\n", s.query(COUNT, "text/csv").body(), "nothing was kept");
      // The writer is free again.
      assertEquals(200, s.update("INSERT DATA { <http://ex/x> <http://ex/p> 1 }").statusCode());
    }
    try (TestServer s =
        new TestServer(dir.resolve("b"), "update.enabled=true", "limits.update-timeout=300ms")) {
      insert200(s);
      HttpResponse<String> r =
          s.update("DELETE { ?a ?p ?b } WHERE { ?a ?p ?b . ?c ?q ?d . ?e ?r ?f . ?g ?t ?h }");
      assertEquals(503, r.statusCode(), r.body());
      assertEquals("n\r\n200\r\n", s.query(COUNT, "text/csv").body(), "nothing was deleted");
    }
  }

  @Test
  void pastTheQueueRequestsGet503WithRetryAfterAtOnce() throws Exception {
    try (TestServer s =
        new TestServer(
            dir, "update.enabled=true", "server.query-threads=1", "server.queued-requests=1")) {
      insert200(s);
      // Each runs until its own 1.5 s limit: one on the thread, one queued, two turned away.
      String slow =
          "/sparql?timeout=1500&query="
              + TestServer.enc(
                  "SELECT (COUNT(*) AS ?n) { ?a ?p ?b . ?c ?q ?d . ?e ?r ?f . ?g ?t ?h }");
      List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        sent.add(
            s.http.sendAsync(
                HttpRequest.newBuilder(s.uri(slow)).GET().build(),
                HttpResponse.BodyHandlers.ofString()));
        Thread.sleep(100); // in order: the first takes the thread before the next arrives
      }
      int busy = 0;
      int cancelled = 0;
      for (var f : sent) {
        HttpResponse<String> r = f.get(60, TimeUnit.SECONDS);
        assertEquals(503, r.statusCode(), r.body());
        if (r.body().contains("busy")) {
          busy++;
          assertEquals("1", r.headers().firstValue("Retry-After").orElse(null));
        } else {
          cancelled++;
          assertTrue(r.body().contains("cancelled"), r.body());
        }
      }
      assertEquals(2, busy, "two beyond the thread and the queue");
      assertEquals(2, cancelled, "the running one and the queued one ran to their limit");
      assertEquals(200, s.query("ASK {}", null).statusCode(), "and then it takes work again");
    }
  }

  @Test
  void healthSaysWhenTheStoreCannotBeRead() throws Exception {
    try (TestServer s = new TestServer(dir)) {
      assertEquals(200, s.get("/health", null).statusCode());
      s.store.close(); // as a store whose files went away would
      HttpResponse<String> r = s.get("/health", null);
      assertEquals(503, r.statusCode(), r.body());
      assertTrue(r.body().startsWith("{\"status\":\"failing\""), r.body());
    }
  }

  @Test
  void usingGraphUriGivesAnUpdateItsDataset() throws Exception {
    try (TestServer s = new TestServer(dir, "update.enabled=true")) {
      s.update(
          "INSERT DATA { <http://ex/d> <http://ex/p> 0 . GRAPH <http://ex/g1> { <http://ex/a>"
              + " <http://ex/p> 1 } GRAPH <http://ex/g2> { <http://ex/b> <http://ex/p> 2 } }");
      String copy = "INSERT { GRAPH <http://ex/out> { ?s ?p ?o } } WHERE { ?s ?p ?o }";
      HttpResponse<String> r =
          s.post(
              "application/x-www-form-urlencoded",
              "update="
                  + TestServer.enc(copy)
                  + "&using-graph-uri="
                  + TestServer.enc("http://ex/g1"),
              null);
      assertEquals(200, r.statusCode(), r.body());
      assertEquals(
          "s\r\nhttp://ex/a\r\n",
          s.query("SELECT ?s { GRAPH <http://ex/out> { ?s ?p ?o } }", "text/csv").body(),
          "the WHERE read g1 only, not the default graph or g2");

      HttpResponse<String> both =
          s.post(
              "application/x-www-form-urlencoded",
              "update="
                  + TestServer.enc(
                      "INSERT { GRAPH <http://ex/out2> { ?s ?p ?o } } USING <http://ex/g2> WHERE"
                          + " { ?s ?p ?o }")
                  + "&using-graph-uri="
                  + TestServer.enc("http://ex/g1"),
              null);
      assertEquals(400, both.statusCode(), both.body());
      assertTrue(both.body().contains("may not be given too"), both.body());
    }
  }

  @Test
  void theServerListensOnLoopbackByDefault() throws Exception {
    try (TestServer s = new TestServer(dir)) {
      assertTrue(s.endpoint().startsWith("http://127.0.0.1:"), s.endpoint());
    }
  }
}
