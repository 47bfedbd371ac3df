package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients that hold connections without finishing requests, or without sending any: closed on time,
 * counted, while a normal client is served beside them. Raw sockets, since an HTTP client library
 * would not misbehave on purpose.
 */
@Timeout(120)
class SlowClientsTest {
  @TempDir Path dir;

  private static Socket connect(TestServer s) throws IOException {
    Socket k = new Socket();
    k.connect(new InetSocketAddress("127.0.0.1", s.server.port()), 5_000);
    k.setSoTimeout(15_000);
    return k;
  }

  private static void send(Socket k, String text) throws IOException {
    OutputStream out = k.getOutputStream();
    out.write(text.getBytes(StandardCharsets.US_ASCII));
    out.flush();
  }

  /** What the server sends until it closes the connection (a read time-out fails the test). */
  private static String untilClosed(Socket k) throws IOException {
    InputStream in = k.getInputStream();
    byte[] all = in.readAllBytes();
    return new String(all, StandardCharsets.UTF_8);
  }

  /** One response: its head, then as many body bytes as its Content-Length says. */
  private static String response(Socket k) throws IOException {
    InputStream in = k.getInputStream();
    StringBuilder head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int c = in.read();
      if (c < 0) {
        throw new IOException("closed after " + head);
      }
      head.append((char) c);
    }
    int at = head.indexOf("content-length: ");
    int length = Integer.parseInt(head.substring(at + 16, head.indexOf("\r", at)).trim());
    in.readNBytes(length);
    return head.toString();
  }

  private static double metric(TestServer s, String line) throws Exception {
    for (String l : s.get("/metrics", null).body().split("\n")) {
      if (l.startsWith(line + " ")) {
        return Double.parseDouble(l.substring(line.length() + 1).trim());
      }
    }
    return 0;
  }

  @Test
  void hundredsOfHalfSentRequestsAreCutOffOnTimeWhileANormalClientIsServed() throws Exception {
    try (TestServer s = new TestServer(dir, "limits.request-header-time=1500ms")) {
      List<Socket> slow = new ArrayList<>();
      try {
        for (int i = 0; i < 300; i++) {
          Socket k = connect(s);
          send(k, "GET /sparql?query=ASK%7B%7D HTTP/1.1\r\nHost: x\r\nAccept: text/csv\r\n");
          slow.add(k);
        }
        long start = System.nanoTime();
        // Served while every slow one holds its connection.
        assertEquals(200, s.query("ASK {}", "text/csv").statusCode());
        for (Socket k : slow) {
          String answer = untilClosed(k);
          assertTrue(answer.startsWith("HTTP/1.1 408"), answer);
          assertTrue(answer.contains("limits.request-header-time"), answer);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds < 10, "all closed after " + seconds + " s");
        assertEquals(
            300.0,
            metric(s, "quarry_http_connections_timed_out_total{limit=\"request-header-time\"}"));
        assertEquals(200, s.query("ASK {}", "text/csv").statusCode());
      } finally {
        for (Socket k : slow) {
          k.close();
        }
      }
    }
  }

  @Test
  void aBodyThatStopsComingIsAnsweredWith408() throws Exception {
    try (TestServer s = new TestServer(dir, "limits.request-body-time=1s");
        Socket k = connect(s)) {
      send(
          k,
          "POST /sparql HTTP/1.1\r\nHost: x\r\nContent-Type: application/sparql-query\r\n"
              + "Content-Length: 100\r\n\r\nASK");
      long start = System.nanoTime();
      String answer = untilClosed(k);
      assertTrue(answer.startsWith("HTTP/1.1 408"), answer);
      assertTrue(answer.contains("limits.request-body-time"), answer);
      assertTrue(System.nanoTime() - start >= 900_000_000L, "not before the limit");
    }
  }

  @Test
  void anIdleKeepAliveConnectionIsClosedAndABusyOneIsNot() throws Exception {
    try (TestServer s = new TestServer(dir, "limits.idle-connection-time=1s");
        Socket idle = connect(s);
        Socket busy = connect(s)) {
      String ask = "GET /sparql?query=ASK%7B%7D HTTP/1.1\r\nHost: x\r\nAccept: text/csv\r\n\r\n";
      send(idle, ask);
      long start = System.nanoTime();
      // A connection that keeps asking stays open past the idle limit.
      for (int i = 0; i < 8; i++) {
        send(busy, ask);
        assertTrue(response(busy).startsWith("HTTP/1.1 200"));
        Thread.sleep(300);
      }
      String answer = untilClosed(idle); // its answer, then the close
      assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
      assertTrue(System.nanoTime() - start >= 900_000_000L, "closed too soon");
      assertEquals(
          1.0,
          metric(s, "quarry_http_connections_timed_out_total{limit=\"idle-connection-time\"}"));
    }
  }

  @Test
  void pipelinedRequestsAreEachAnsweredBeforeTheIdleClockRuns() throws Exception {
    try (TestServer s = new TestServer(dir, "limits.idle-connection-time=1s");
        Socket k = connect(s)) {
      String ask = "GET /sparql?query=ASK%7B%7D HTTP/1.1\r\nHost: x\r\nAccept: text/csv\r\n\r\n";
      send(k, ask + ask + ask);
      for (int i = 0; i < 3; i++) {
        assertTrue(response(k).startsWith("HTTP/1.1 200"), "answer " + i);
      }
      long start = System.nanoTime();
      assertEquals("", untilClosed(k)); // then idle: closed after its limit
      assertTrue(System.nanoTime() - start >= 800_000_000L, "closed too soon");
    }
  }

  @Test
  void aClientThatStopsReadingIsCutOffAndItsQueryEnds() throws Exception {
    try (TestServer s =
        new TestServer(dir, "update.enabled=true", "limits.response-stall-time=1s")) {
      ServerLimitsTest.insert200(s);
      String q = TestServer.enc("SELECT * { ?a ?p ?b . ?c ?q ?d . ?e ?r ?f }"); // 8M rows
      var active = s.server.metrics().get("quarry.sparql.active").gauge();
      try (Socket k = connect(s)) {
        k.setReceiveBufferSize(64 * 1024);
        send(k, "GET /sparql?query=" + q + " HTTP/1.1\r\nHost: x\r\nAccept: text/csv\r\n\r\n");
        ServerLimitsTest.readAMegabyte(k);
        long stopped = System.nanoTime(); // the client stops reading, and stays
        while (active.value() > 0 && System.nanoTime() - stopped < 30_000_000_000L) {
          Thread.sleep(10);
        }
        double seconds = (System.nanoTime() - stopped) / 1e9;
        assertEquals(0.0, active.value(), "the query ended");
        assertTrue(seconds >= 0.9 && seconds < 10, "ended after " + seconds + " s");
      }
    }
  }

  @Test
  void connectionsBeyondTheLimitAreClosedAtOnceAndCounted() throws Exception {
    try (TestServer s = new TestServer(dir, "limits.max-connections=20")) {
      holdThenTry(s, 20, 5);
      assertEquals(
          5.0, metric(s, "quarry_http_connections_refused_total{limit=\"max-connections\"}"));
    }
  }

  @Test
  void connectionsPerAddressAreLimitedWhenConfigured() throws Exception {
    try (TestServer s = new TestServer(dir, "limits.max-connections-per-address=3")) {
      holdThenTry(s, 3, 2);
      assertEquals(
          2.0,
          metric(
              s, "quarry_http_connections_refused_total{limit=\"max-connections-per-address\"}"));
    }
  }

  /**
   * Holds {@code limit} connections, checks that {@code extra} more are each closed at once, lets
   * the held ones go, and checks that a normal client is served again.
   */
  private static void holdThenTry(TestServer s, int limit, int extra) throws Exception {
    List<Socket> held = new ArrayList<>();
    try {
      for (int i = 0; i < limit; i++) {
        held.add(connect(s));
      }
      // Wait until the server has counted them all (it accepts in the background).
      for (int i = 0; i < 200 && s.server.connections().open() < limit; i++) {
        Thread.sleep(10);
      }
      for (int i = 0; i < extra; i++) {
        try (Socket k = connect(s)) {
          assertEquals(-1, k.getInputStream().read(), "closed at once");
        } catch (SocketTimeoutException e) {
          throw new AssertionError("a connection beyond the limit was kept open", e);
        }
      }
    } finally {
      for (Socket k : held) {
        k.close();
      }
    }
    for (int i = 0; i < 200 && s.server.connections().open() > 0; i++) {
      Thread.sleep(10);
    }
    assertEquals(200, s.query("ASK {}", "text/csv").statusCode());
  }
}
