package dev.quarry.bsbm.driver;

import dev.quarry.bsbm.http.HttpConnection;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * A SPARQL endpoint over HTTP, as bsbmtools' driver talks to one (SPEC §12.1): queries as {@code
 * GET ?query=}, SELECT results asked for as SPARQL XML and counted by their {@code <result>}
 * elements; DESCRIBE and CONSTRUCT asked for as N-Triples and counted by lines; updates as a form
 * POST to the update endpoint. Each client thread takes a kept-alive {@link HttpConnection} from a
 * pool for one exchange and gives it back, so that the time measured is the server's and not a
 * general HTTP client's (java.net.http added 0.5-1.5 ms to each BI query at 10M on a 2-core
 * machine, most of it while its code was still being compiled).
 */
public final class HttpTarget implements Target {
  private static final String SELECT_ACCEPT = "application/sparql-results+xml";
  private static final String GRAPH_ACCEPT =
      "application/n-triples, text/plain;q=0.9, application/rdf+xml;q=0.5";

  private final URI query;
  private final URI update;
  private final String defaultGraph;
  private final String name;
  // Idle connections by the host and port they are open to (the update endpoint may be another).
  private final Map<String, Deque<HttpConnection>> idle = new ConcurrentHashMap<>();

  /**
   * @param update the update endpoint, or null when the run has no updates
   * @param defaultGraph sent as {@code default-graph-uri} when not null
   * @param name the target's name in reports, or null for the URL
   */
  public HttpTarget(URI query, URI update, String defaultGraph, String name) {
    this.name = name == null ? query.toString() : name;
    this.query = query;
    this.update = update;
    this.defaultGraph = defaultGraph;
  }

  @Override
  public Outcome execute(QueryTemplate.Kind kind, String text, Duration timeout) throws Exception {
    byte[] request;
    URI where;
    if (kind == QueryTemplate.Kind.UPDATE) {
      if (update == null) {
        throw new IllegalArgumentException("this run has updates: give the update endpoint");
      }
      where = update;
      String body = "update=" + encode(text) + graphParameter();
      request =
          HttpConnection.post(
              update,
              null,
              "application/x-www-form-urlencoded",
              body.getBytes(StandardCharsets.US_ASCII));
    } else {
      String sep = query.getRawQuery() == null ? "?" : "&";
      where = URI.create(query + sep + "query=" + encode(text) + graphParameter());
      request =
          HttpConnection.get(
              where, kind == QueryTemplate.Kind.SELECT ? SELECT_ACCEPT : GRAPH_ACCEPT);
    }
    long deadline =
        timeout == null || timeout.isZero()
            ? 0
            : Math.max(1, System.nanoTime() + timeout.toNanos());
    Response r = new Response(kind);
    try {
      int status = exchange(where, request, r, deadline);
      if (status / 100 != 2) {
        String message = new String(r.head, 0, r.headLength, StandardCharsets.UTF_8).strip();
        throw new IOException("HTTP " + status + " from " + query + ": " + message);
      }
      return new Outcome(r.count(), false);
    } catch (HttpConnection.TimeoutException e) {
      return Outcome.TIMED_OUT;
    }
  }

  /** One exchange on a pooled connection; a connection the server closed while idle is replaced. */
  private int exchange(URI where, byte[] request, Response r, long deadline) throws IOException {
    Deque<HttpConnection> pool =
        idle.computeIfAbsent(
            where.getHost() + ":" + where.getPort(), k -> new ConcurrentLinkedDeque<>());
    HttpConnection c = pool.pollFirst();
    if (c == null) {
      c = new HttpConnection(where);
    }
    int status;
    try {
      status = c.exchange(request, r, deadline);
    } catch (HttpConnection.StaleException e) {
      c = new HttpConnection(where);
      status = c.exchange(request, r, deadline);
    }
    r.contentType = c.contentType();
    if (c.isOpen()) {
      pool.addFirst(c);
    }
    return status;
  }

  /** A response body as it streams in: counted, and its first bytes kept for error messages. */
  private static final class Response implements HttpConnection.Body {
    final QueryTemplate.Kind kind;
    final byte[] head = new byte[2000];
    int headLength;
    final ResultCounter results = new ResultCounter();
    long lines;
    long bytes;
    String contentType = "";

    Response(QueryTemplate.Kind kind) {
      this.kind = kind;
    }

    @Override
    public void feed(byte[] buf, int off, int len) {
      int keep = Math.min(len, head.length - headLength);
      System.arraycopy(buf, off, head, headLength, keep);
      headLength += keep;
      bytes += len;
      if (kind == QueryTemplate.Kind.SELECT) {
        results.feed(buf, off, len);
        return;
      }
      for (int i = off; i < off + len; i++) {
        if (buf[i] == '\n') {
          lines++;
        }
      }
    }

    /** SELECT: {@code <result>} elements; N-Triples: lines; anything else: bytes (as bsbmtools). */
    long count() {
      if (kind == QueryTemplate.Kind.SELECT) {
        return results.results();
      }
      boolean byLines = contentType.contains("n-triples") || contentType.contains("text/plain");
      return byLines ? lines : bytes;
    }
  }

  /**
   * Waits until the endpoint answers a query: a server that is still starting refuses connections
   * or answers 503. Polls every 10 ms, so a cold run's first mix starts as soon as it can.
   */
  @Override
  public void awaitReady(Duration max) throws Exception {
    long deadline = System.nanoTime() + max.toNanos();
    while (true) {
      try {
        execute(QueryTemplate.Kind.SELECT, "ASK {}", Duration.ofSeconds(5));
        return;
      } catch (IOException e) {
        if (System.nanoTime() > deadline) {
          throw new IOException(query + " did not answer within " + max.toSeconds() + " s", e);
        }
        Thread.sleep(10);
      }
    }
  }

  private String graphParameter() {
    return defaultGraph == null ? "" : "&default-graph-uri=" + encode(defaultGraph);
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  @Override
  public String describe() {
    return name;
  }

  @Override
  public void close() {
    for (Deque<HttpConnection> pool : idle.values()) {
      for (HttpConnection c; (c = pool.pollFirst()) != null; ) {
        c.close();
      }
    }
  }
}
