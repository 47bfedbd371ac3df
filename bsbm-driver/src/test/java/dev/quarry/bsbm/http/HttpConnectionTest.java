package dev.quarry.bsbm.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The driver's client against a loopback server that answers each request with the next of a
 * scripted list of raw responses: every framing HTTP/1.1 allows, a connection closed while idle,
 * and a server that never answers.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class HttpConnectionTest {
  /** Ends a scripted response that the server closes the connection after. */
  private static final String THEN_CLOSE = "<then close>";

  private ServerSocket listener;
  private final AtomicInteger accepted = new AtomicInteger();
  private final List<String> requests = new CopyOnWriteArrayList<>();

  /** Serves {@code responses} in order, one per request, on whatever connections arrive. */
  private URI serve(String... responses) throws IOException {
    listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    AtomicInteger next = new AtomicInteger();
    Thread t =
        new Thread(
            () -> {
              while (!listener.isClosed()) {
                try (Socket s = listener.accept()) {
                  accepted.incrementAndGet();
                  InputStream in = s.getInputStream();
                  OutputStream out = s.getOutputStream();
                  while (true) {
                    String head = readHead(in);
                    if (head == null) {
                      break;
                    }
                    requests.add(head);
                    int i = next.getAndIncrement();
                    if (i >= responses.length || responses[i].equals("SILENT")) {
                      Thread.sleep(60_000);
                      break;
                    }
                    if (responses[i].equals("CLOSE")) {
                      break; // closed before answering: the client must try a new connection
                    }
                    String r = responses[i];
                    boolean thenClose = r.endsWith(THEN_CLOSE);
                    r = thenClose ? r.substring(0, r.length() - THEN_CLOSE.length()) : r;
                    out.write(r.getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                    if (thenClose) {
                      break;
                    }
                  }
                } catch (IOException | InterruptedException e) {
                  // the test closed the listener
                }
              }
            });
    t.setDaemon(true);
    t.start();
    return URI.create("http://127.0.0.1:" + listener.getLocalPort() + "/sparql");
  }

  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) >= 0) {
      b.write(c);
      String s = b.toString(StandardCharsets.ISO_8859_1);
      if (s.endsWith("\r\n\r\n")) {
        int at = s.toLowerCase().indexOf("content-length:");
        if (at >= 0) {
          int n = Integer.parseInt(s.substring(at + 15, s.indexOf("\r\n", at)).trim());
          s += new String(in.readNBytes(n), StandardCharsets.ISO_8859_1);
        }
        return s;
      }
    }
    return null;
  }

  @AfterEach
  void stop() throws IOException {
    listener.close();
  }

  private static String body(HttpConnection c, byte[] request) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int status = c.exchange(request, (buf, off, len) -> b.write(buf, off, len), 0);
    return status + " " + b.toString(StandardCharsets.UTF_8);
  }

  @Test
  void lengthChunkedAndContinueResponsesShareOneConnection() throws Exception {
    URI u =
        serve(
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "3;ext=1\r\nabc\r\n"
                + "A\r\n0123456789\r\n0\r\nX-Trailer: t\r\n\r\n",
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 4\r\n\r\nnope");
    try (HttpConnection c = new HttpConnection(u)) {
      assertEquals("200 hello", body(c, HttpConnection.get(URI.create(u + "?query=a"), "x/y")));
      assertEquals("text/plain", c.contentType());
      assertEquals("200 abc0123456789", body(c, HttpConnection.get(u, null)));
      byte[] post =
          HttpConnection.post(u, null, "text/plain", "q".getBytes(StandardCharsets.US_ASCII));
      assertEquals("404 nope", body(c, post));
      assertTrue(c.isOpen());
    }
    assertEquals(1, accepted.get(), "one connection, kept alive");
    assertTrue(requests.get(0).startsWith("GET /sparql?query=a HTTP/1.1\r\n"), requests.get(0));
    assertTrue(requests.get(0).contains("\r\nAccept: x/y\r\n"), requests.get(0));
    assertTrue(requests.get(2).startsWith("POST /sparql HTTP/1.1\r\n"), requests.get(2));
    assertTrue(requests.get(2).endsWith("Content-Length: 1\r\n\r\nq"), requests.get(2));
  }

  @Test
  void aBodyWithoutLengthRunsToTheCloseAndEndsTheConnection() throws Exception {
    URI u = serve("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nall of it" + THEN_CLOSE);
    try (HttpConnection c = new HttpConnection(u)) {
      assertEquals("200 all of it", body(c, HttpConnection.get(u, null)));
      assertFalse(c.isOpen(), "a close-delimited body leaves nothing to reuse");
    }
  }

  @Test
  void aConnectionClosedWhileIdleFailsAsStaleAndAFreshOneWorks() throws Exception {
    URI u =
        serve(
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok",
            "CLOSE",
            "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nagain");
    byte[] get = HttpConnection.get(u, null);
    try (HttpConnection c = new HttpConnection(u)) {
      assertEquals("200 ok", body(c, get));
      assertThrows(HttpConnection.StaleException.class, () -> body(c, get));
      assertFalse(c.isOpen());
    }
    try (HttpConnection fresh = new HttpConnection(u)) {
      assertEquals("200 again", body(fresh, get));
    }
  }

  @Test
  void aServerThatNeverAnswersTimesOutAtTheDeadline() throws Exception {
    URI u = serve("SILENT");
    try (HttpConnection c = new HttpConnection(u)) {
      long t = System.nanoTime();
      assertThrows(
          HttpConnection.TimeoutException.class,
          () ->
              c.exchange(
                  HttpConnection.get(u, null), (b, o, l) -> {}, System.nanoTime() + 300_000_000L));
      long ms = (System.nanoTime() - t) / 1_000_000;
      assertTrue(ms >= 250 && ms < 10_000, ms + " ms");
      assertFalse(c.isOpen(), "a timed-out exchange cannot be reused");
    }
  }
}
