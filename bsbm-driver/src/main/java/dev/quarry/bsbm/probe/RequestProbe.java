package dev.quarry.bsbm.probe;

import dev.quarry.bsbm.http.HttpConnection;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Per-request latency of a SPARQL endpoint on loopback: the cost of the HTTP path around the
 * engine. Each connection is a {@link HttpConnection} on its own thread; every connection warms up,
 * then all send their measured requests at once. Latencies of all connections are pooled.
 */
public final class RequestProbe {
  /** One probe query: a name for the table and its text. */
  public record Probe(String name, String query, boolean large) {}

  /** The figures of one probe at one connection count against one endpoint. */
  public record Figure(
      String system,
      String probe,
      int connections,
      int requests,
      double p50Ms,
      double p99Ms,
      double requestsPerSecond,
      long bytes) {}

  /** The default probes: the protocol's floor, one row, a page of rows, a large result. */
  public static final List<Probe> PROBES =
      List.of(
          new Probe("ASK {}", "ASK {}", false),
          new Probe("1 row", "SELECT ?s ?p ?o WHERE { ?s ?p ?o } LIMIT 1", false),
          new Probe("100 rows", "SELECT ?s ?p ?o WHERE { ?s ?p ?o } LIMIT 100", false),
          new Probe("10,000 rows", "SELECT ?s ?p ?o WHERE { ?s ?p ?o } LIMIT 10000", true));

  /**
   * Probes from lines of a file: {@code NAME<TAB>QUERY}, or a query alone (named by its first 60
   * characters); blank lines and {@code #} comments skipped.
   */
  public static List<Probe> read(List<String> lines) {
    List<Probe> out = new ArrayList<>();
    for (String line : lines) {
      String l = line.strip();
      if (l.isEmpty() || l.startsWith("#")) {
        continue;
      }
      int tab = l.indexOf('\t');
      String query = tab < 0 ? l : l.substring(tab + 1).strip();
      String name = tab < 0 ? l.substring(0, Math.min(60, l.length())) : l.substring(0, tab);
      out.add(new Probe(name, query, false));
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no queries in the file");
    }
    return out;
  }

  private final String accept;
  private final int warmUp;
  private final int requests;
  private final int largeDivisor;

  /** A form POST of {@code query}: built once per query, sent many times. */
  static byte[] request(URI endpoint, String accept, String query) {
    byte[] form =
        ("query=" + URLEncoder.encode(query, StandardCharsets.UTF_8))
            .getBytes(StandardCharsets.US_ASCII);
    return HttpConnection.post(endpoint, accept, "application/x-www-form-urlencoded", form);
  }

  /**
   * @param warmUp unmeasured requests per connection before the measured ones
   * @param requests measured requests per connection (divided by {@code largeDivisor} for large
   *     results)
   */
  public RequestProbe(String accept, int warmUp, int requests, int largeDivisor) {
    this.accept = accept;
    this.warmUp = warmUp;
    this.requests = requests;
    this.largeDivisor = Math.max(1, largeDivisor);
  }

  public Figure measure(String system, URI endpoint, Probe probe, int connections)
      throws Exception {
    int perConnection = Math.max(1, probe.large() ? requests / largeDivisor : requests);
    int warm = Math.max(1, probe.large() ? warmUp / largeDivisor : warmUp);
    ExecutorService pool = Executors.newFixedThreadPool(connections);
    try {
      CountDownLatch warmed = new CountDownLatch(connections);
      CountDownLatch go = new CountDownLatch(1);
      List<Future<long[]>> results = new ArrayList<>();
      long[] bytes = new long[connections];
      for (int c = 0; c < connections; c++) {
        int conn = c;
        results.add(
            pool.submit(
                () -> {
                  try (HttpConnection http = new HttpConnection(endpoint)) {
                    byte[] req = request(endpoint, accept, probe.query());
                    for (int i = 0; i < warm; i++) {
                      http.send(req);
                    }
                    warmed.countDown();
                    go.await();
                    long[] nanos = new long[perConnection];
                    for (int i = 0; i < perConnection; i++) {
                      long t = System.nanoTime();
                      bytes[conn] = http.send(req);
                      nanos[i] = System.nanoTime() - t;
                    }
                    return nanos;
                  } catch (IOException e) {
                    warmed.countDown();
                    throw e;
                  }
                }));
      }
      warmed.await();
      long start = System.nanoTime();
      go.countDown();
      long[] all = new long[connections * perConnection];
      int at = 0;
      for (Future<long[]> f : results) {
        long[] n = f.get();
        System.arraycopy(n, 0, all, at, n.length);
        at += n.length;
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      Arrays.sort(all);
      return new Figure(
          system,
          probe.name(),
          connections,
          all.length,
          percentile(all, 0.50) / 1e6,
          percentile(all, 0.99) / 1e6,
          all.length / seconds,
          bytes[0]);
    } finally {
      pool.shutdownNow();
    }
  }

  static double percentile(long[] sorted, double p) {
    int i = (int) Math.ceil(p * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
  }
}
