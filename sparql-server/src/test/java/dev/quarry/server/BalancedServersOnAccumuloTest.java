package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.accumulo.MiniCluster;
import dev.quarry.core.Quarry;
import dev.quarry.core.config.Config;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two Quarry servers over one Accumulo store behind HAProxy, started by the module's script ({@code
 * store-accumulo/balancer.sh}, as docs/CLUSTER.md says): through the balancer an update lands once
 * and every query answers as each server does directly, both servers take requests, and when one
 * stops the balancer sends everything to the other without a failed request. Skipped (saying so)
 * where HAProxy is not installed; CI installs it.
 */
@Tag("accumulo")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class BalancedServersOnAccumuloTest {
  private static final Path SCRIPT = Path.of("../store-accumulo/balancer.sh").toAbsolutePath();
  private static final String COUNT =
      "SELECT (COUNT(*) AS ?n) WHERE { ?s <http://ex/p> ?o FILTER(?o > %d) }";
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private static boolean haproxyInstalled() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (Files.isExecutable(Path.of(dir, "haproxy"))) {
        return true;
      }
    }
    return Files.isExecutable(Path.of("/usr/sbin/haproxy"));
  }

  private HttpResponse<String> get(int port, String pathAndQuery) throws Exception {
    HttpRequest r =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
            .timeout(Duration.ofSeconds(30))
            .header("Accept", "application/sparql-results+json")
            .GET()
            .build();
    return http.send(r, HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> query(int port, String q) throws Exception {
    return get(port, "/sparql?query=" + TestServer.enc(q));
  }

  /** Requests each server took, from HAProxy's statistics (CSV: a row per server, "stot"). */
  private Map<String, Long> taken(int port) throws Exception {
    String[] lines = get(port, "/haproxy?stats;csv").body().split("\n");
    String[] header = lines[0].substring(2).split(",");
    int name = java.util.Arrays.asList(header).indexOf("svname");
    int total = java.util.Arrays.asList(header).indexOf("stot");
    Map<String, Long> out = new HashMap<>();
    for (int i = 1; i < lines.length; i++) {
      String[] f = lines[i].split(",");
      if (f.length > total && f[name].startsWith("quarry")) {
        out.put(f[name], Long.parseLong(f[total]));
      }
    }
    return out;
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Test
  void theBalancerSpreadsQueriesAnswersAsEachServerAndOutlivesOne() throws Exception {
    Assumptions.assumeTrue(haproxyInstalled(), "haproxy is not installed: apt-get install haproxy");
    Config shared = MiniCluster.newStoreConfig();
    int port = freePort();
    Process balancer = null;
    try (TestServer a = new TestServer(Quarry.open(shared), "update.enabled=true");
        TestServer b = new TestServer(Quarry.open(shared), "update.enabled=true")) {
      Path log = Files.createTempFile("balancer", ".log");
      balancer =
          new ProcessBuilder(
                  "sh",
                  SCRIPT.toString(),
                  Integer.toString(port),
                  "127.0.0.1:" + a.server.port(),
                  "127.0.0.1:" + b.server.port())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (true) {
        assertTrue(balancer.isAlive(), "the balancer ended: " + Files.readString(log));
        try {
          if (get(port, "/health").statusCode() == 200) {
            break;
          }
        } catch (IOException notYet) {
          // not listening yet
        }
        assertTrue(
            System.nanoTime() < deadline, "no balancer after 30 s: " + Files.readString(log));
        Thread.sleep(100);
      }

      StringBuilder data = new StringBuilder("INSERT DATA {");
      for (int i = 0; i < 50; i++) {
        data.append(" <http://ex/s").append(i).append("> <http://ex/p> ").append(i).append(" .");
      }
      HttpRequest insert =
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/sparql"))
              .header("Content-Type", "application/sparql-update")
              .POST(HttpRequest.BodyPublishers.ofString(data.append(" }").toString()))
              .build();
      assertEquals(2, http.send(insert, HttpResponse.BodyHandlers.ofString()).statusCode() / 100);

      Map<String, Long> before = taken(port);
      for (int k = 0; k < 40; k++) {
        String q = String.format(COUNT, k);
        HttpResponse<String> through = query(port, q);
        assertEquals(200, through.statusCode(), through.body());
        assertTrue(through.body().contains("\"" + (49 - k) + "\""), through.body());
        assertEquals(a.query(q, "application/sparql-results+json").body(), through.body());
        assertEquals(b.query(q, "application/sparql-results+json").body(), through.body());
      }
      Map<String, Long> after = taken(port);
      for (String server : new String[] {"quarry1", "quarry2"}) {
        long n = after.get(server) - before.getOrDefault(server, 0L);
        assertTrue(n >= 5, server + " took " + n + " of 40 queries: " + after);
      }

      b.close(); // one server stops: its requests go to the other, none fails
      for (int k = 0; k < 30; k++) {
        HttpResponse<String> through = query(port, String.format(COUNT, k));
        assertEquals(200, through.statusCode(), "query " + k + " after a server stopped");
      }
    } finally {
      if (balancer != null) {
        balancer.destroy();
        if (!balancer.waitFor(10, TimeUnit.SECONDS)) {
          balancer.destroyForcibly();
        }
      }
    }
  }
}
