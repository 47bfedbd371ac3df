package dev.quarry.bsbm.driver;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A SPARQL endpoint over HTTP, as bsbmtools' driver talks to one (SPEC §12.1): queries as {@code
 * GET ?query=}, SELECT results asked for as SPARQL XML and counted by their {@code <result>}
 * elements; DESCRIBE and CONSTRUCT asked for as N-Triples and counted by lines; updates as a form
 * POST to the update endpoint. Connections are kept alive between queries.
 */
public final class HttpTarget implements Target {
  private static final String SELECT_ACCEPT = "application/sparql-results+xml";
  private static final String GRAPH_ACCEPT =
      "application/n-triples, text/plain;q=0.9, application/rdf+xml;q=0.5";

  private final URI query;
  private final URI update;
  private final String defaultGraph;
  private final HttpClient http;
  private final String name;

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
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
  }

  @Override
  public Outcome execute(QueryTemplate.Kind kind, String text, Duration timeout) throws Exception {
    HttpRequest.Builder request;
    if (kind == QueryTemplate.Kind.UPDATE) {
      if (update == null) {
        throw new IllegalArgumentException("this run has updates: give the update endpoint");
      }
      String body = "update=" + encode(text) + graphParameter();
      request =
          HttpRequest.newBuilder(update)
              .header("Content-Type", "application/x-www-form-urlencoded")
              .POST(HttpRequest.BodyPublishers.ofString(body));
    } else {
      String sep = query.getRawQuery() == null ? "?" : "&";
      request =
          HttpRequest.newBuilder(
                  URI.create(query + sep + "query=" + encode(text) + graphParameter()))
              .header("Accept", kind == QueryTemplate.Kind.SELECT ? SELECT_ACCEPT : GRAPH_ACCEPT)
              .GET();
    }
    if (timeout != null && !timeout.isZero()) {
      request.timeout(timeout);
    }
    try {
      HttpResponse<InputStream> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
      try (InputStream in = response.body()) {
        if (response.statusCode() / 100 != 2) {
          String message = new String(in.readNBytes(2000), StandardCharsets.UTF_8).strip();
          throw new IOException(
              "HTTP " + response.statusCode() + " from " + query + ": " + message);
        }
        String type = response.headers().firstValue("Content-Type").orElse("");
        return new Outcome(count(kind, type, in), false);
      }
    } catch (HttpTimeoutException e) {
      return Outcome.TIMED_OUT;
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

  /** SELECT: {@code <result>} elements; N-Triples: lines; anything else: bytes (as bsbmtools). */
  static long count(QueryTemplate.Kind kind, String contentType, InputStream in)
      throws IOException {
    byte[] buf = new byte[1 << 16];
    long n = 0;
    if (kind == QueryTemplate.Kind.SELECT) {
      ResultCounter counter = new ResultCounter();
      for (int r; (r = in.read(buf)) > 0; ) {
        counter.feed(buf, r);
      }
      return counter.results();
    }
    boolean lines = contentType.contains("n-triples") || contentType.contains("text/plain");
    for (int r; (r = in.read(buf)) > 0; ) {
      if (!lines) {
        n += r;
        continue;
      }
      for (int i = 0; i < r; i++) {
        if (buf[i] == '\n') {
          n++;
        }
      }
    }
    return n;
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
    http.close();
  }
}
