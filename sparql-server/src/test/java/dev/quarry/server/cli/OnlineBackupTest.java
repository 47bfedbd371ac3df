package dev.quarry.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.server.QuarryServer;
import dev.quarry.server.ServerConfig;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPInputStream;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code quarry backup} of a running server under load: 16 clients querying and a writer committing
 * batches (one graph each) while backups run; each backup is one committed state (a prefix of the
 * batches, each whole), restores with {@code quarry restore} to a sound store with the same quads,
 * and no client saw an error. A bulk load is in a backup whole or not at all.
 */
@Timeout(180)
class OnlineBackupTest {
  private static final int BATCH = 40;

  @TempDir Path dir;

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private static int cli(String... args) {
    PrintStream old = System.out;
    try {
      System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
      return QuarryMain.run(args);
    } finally {
      System.setOut(old);
    }
  }

  private int post(URI endpoint, String param, String text) throws Exception {
    HttpRequest r =
        HttpRequest.newBuilder(endpoint)
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    param + "=" + URLEncoder.encode(text, StandardCharsets.UTF_8)))
            .build();
    return http.send(r, HttpResponse.BodyHandlers.discarding()).statusCode();
  }

  /** Quads per graph of a gzipped N-Quads backup. */
  private static Map<String, Integer> graphs(Path backup) throws Exception {
    Map<String, Integer> out = new TreeMap<>();
    try (InputStream in = new GZIPInputStream(Files.newInputStream(backup))) {
      RDFParser.source(in)
          .lang(Lang.NQUADS)
          .parse(
              new StreamRDFBase() {
                @Override
                public void quad(Quad q) {
                  out.merge(q.getGraph().getURI(), 1, Integer::sum);
                }
              });
    }
    return out;
  }

  /** Quads per graph of a backup of either kind (a physical one restored to count them). */
  private Map<String, Integer> inBackup(Path file) throws Exception {
    if (file.toString().endsWith(".nq.gz")) {
      return graphs(file);
    }
    Path restored = dir.resolve("counted-" + file.getFileName());
    assertEquals(0, cli("restore", "--from", file.toString(), "--location", restored.toString()));
    try (Store r = Quarry.open(restored)) {
      return graphs(r);
    }
  }

  private static String batch(int k) {
    StringBuilder sb = new StringBuilder("INSERT DATA { GRAPH <http://ex/batch/" + k + "> {");
    for (int i = 0; i < BATCH; i++) {
      sb.append(" <http://ex/s").append(i).append("> <http://ex/p> ").append(k).append(" .");
    }
    return sb.append(" } }").toString();
  }

  /** Quads per graph of a store. */
  private static Map<String, Integer> graphs(Store s) {
    Map<String, Integer> out = new TreeMap<>();
    var dsg = s.dataset();
    Txn.executeRead(
        dsg,
        () -> dsg.find().forEachRemaining(q -> out.merge(q.getGraph().getURI(), 1, Integer::sum)));
    return out;
  }

  @ParameterizedTest
  @ValueSource(strings = {"qbk", "nq.gz"})
  void backupsUnderLoadAreOneCommittedStateAndRestore(String kind) throws Exception {
    Path storeDir = dir.resolve("store");
    try (Store store = Quarry.open(storeDir);
        QuarryServer server = start(store)) {
      URI endpoint = server.endpoint();
      ServerEndpointFile.write(storeDir, endpoint);
      ExecutorService pool = Executors.newFixedThreadPool(17);
      AtomicBoolean done = new AtomicBoolean();
      AtomicInteger errors = new AtomicInteger();
      AtomicLong queries = new AtomicLong();
      AtomicInteger committed = new AtomicInteger();
      try {
        List<Future<?>> clients = new ArrayList<>();
        for (int c = 0; c < 16; c++) {
          clients.add(
              pool.submit(
                  () -> {
                    while (!done.get()) {
                      int s =
                          post(
                              endpoint,
                              "query",
                              "SELECT (COUNT(*) AS ?n) { GRAPH ?g { ?s ?p ?o } }");
                      errors.addAndGet(s == 200 ? 0 : 1);
                      queries.incrementAndGet();
                    }
                    return null;
                  }));
        }
        clients.add(
            pool.submit(
                () -> {
                  for (int k = 0; !done.get(); k++) {
                    int s = post(endpoint, "update", batch(k));
                    errors.addAndGet(s == 200 || s == 204 ? 0 : 1);
                    committed.incrementAndGet();
                  }
                  return null;
                }));
        while (committed.get() < 10) {
          Thread.sleep(20);
        }
        List<Path> backups = new ArrayList<>();
        for (int b = 0; b < 3; b++) {
          Path file = dir.resolve("backup" + b + "." + kind);
          // Through the endpoint, and through the store's directory (which the server holds);
          // physical ones after the first incremental, each over the one before.
          String[] from =
              b % 2 == 0
                  ? new String[] {"--endpoint", endpoint.toString()}
                  : new String[] {"--location", storeDir.toString()};
          String[] since =
              b > 0 && kind.equals("qbk")
                  ? new String[] {"--since", backups.get(b - 1).toString()}
                  : new String[0];
          assertEquals(
              0,
              cli(concat(concat(new String[] {"backup", "--to", file.toString()}, from), since)));
          backups.add(file);
        }
        done.set(true);
        for (Future<?> f : clients) {
          f.get();
        }
        assertEquals(0, errors.get(), "no client saw an error");
        assertTrue(queries.get() > 16, "the clients queried throughout: " + queries.get());

        int last = -1;
        for (Path file : backups) {
          Path restored = dir.resolve("restored-" + file.getFileName());
          assertEquals(
              0, cli("restore", "--from", file.toString(), "--location", restored.toString()));
          try (Store r = Quarry.open(restored)) {
            Map<String, Integer> g = graphs(r);
            int n = g.size();
            for (int k = 0; k < n; k++) {
              assertEquals(
                  BATCH, g.get("http://ex/batch/" + k), "batch " + k + " whole in " + file);
            }
            assertTrue(n >= 10 && n >= last, "a later backup holds at least as much: " + n);
            last = n;
            assertEquals((long) n * BATCH, r.stats().quads());
            assertTrue(r.check().sound());
          }
        }
      } finally {
        done.set(true);
        pool.shutdownNow();
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"qbk", "nq.gz"})
  void aBulkLoadIsInABackupWholeOrNotAtAll(String kind) throws Exception {
    Path storeDir = dir.resolve("store");
    try (Store store = Quarry.open(storeDir);
        QuarryServer server = start(store)) {
      URI endpoint = server.endpoint();
      StringBuilder body = new StringBuilder();
      for (int i = 0; i < 20_000; i++) {
        body.append("<http://ex/s")
            .append(i)
            .append("> <http://ex/p> \"")
            .append(i)
            .append("\" .\n");
      }
      ExecutorService pool = Executors.newSingleThreadExecutor();
      try {
        Future<Integer> load =
            pool.submit(
                () ->
                    http.send(
                            HttpRequest.newBuilder(endpoint.resolve("/data?graph=http://ex/bulk"))
                                .timeout(Duration.ofSeconds(120))
                                .header("Content-Type", "application/n-triples")
                                .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                                .build(),
                            HttpResponse.BodyHandlers.discarding())
                        .statusCode());
        List<Integer> seen = new ArrayList<>();
        for (int b = 0; !load.isDone() || b < 2; b++) {
          Path file = dir.resolve("bulk" + b + "." + kind);
          assertEquals(
              0, cli("backup", "--endpoint", endpoint.toString(), "--to", file.toString()));
          int n = inBackup(file).getOrDefault("http://ex/bulk", 0);
          assertTrue(n == 0 || n == 20_000, "all of the load or none of it: " + n);
          seen.add(n);
        }
        int status = load.get();
        assertTrue(status == 200 || status == 201 || status == 204, "loaded: " + status);
        Path after = dir.resolve("after." + kind); // begun once the load had answered
        assertEquals(0, cli("backup", "--endpoint", endpoint.toString(), "--to", after.toString()));
        assertEquals(
            20_000,
            inBackup(after).getOrDefault("http://ex/bulk", 0),
            "the backup after the load has all of it (during it: " + seen + ")");
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void loadUpdateAndDumpGoThroughTheServerHoldingTheStore() throws Exception {
    Path storeDir = dir.resolve("store");
    try (Store store = Quarry.open(storeDir);
        QuarryServer server = start(store)) {
      String at = storeDir.toString();
      // Before the server is named in the directory, the lock turns the command away.
      assertTrue(cli("update", "--location", at, "INSERT DATA { <urn:a> <urn:p> 1 }") != 0);
      ServerEndpointFile.write(storeDir, server.endpoint());
      assertEquals(0, cli("update", "--location", at, "INSERT DATA { <urn:a> <urn:p> 1 }"));
      Path nt = dir.resolve("more.nt");
      Files.writeString(nt, "<urn:b> <urn:p> \"2\" .\n<urn:c> <urn:p> \"3\" .\n");
      assertEquals(0, cli("load", "--location", at, "--graph", "urn:g", nt.toString()));
      Path dump = dir.resolve("dump.nq");
      assertEquals(0, cli("dump", "--location", at, "--output", dump.toString()));
      String text = Files.readString(dump);
      assertTrue(
          text.contains("<urn:a> <urn:p> \"1\"^^<http://www.w3.org/2001/XMLSchema#integer> ."),
          text);
      assertTrue(text.contains("<urn:c> <urn:p> \"3\" <urn:g> ."), text);
      assertEquals(3, text.lines().count(), text);
    }
  }

  /** A server with updates on, on a free loopback port. */
  private static QuarryServer start(Store store) throws InterruptedException {
    return QuarryServer.start(
        store,
        ServerConfig.from(
            Config.defaults()
                .with("server.port", 0)
                .withOverride("update.enabled=true")
                .withOverride("server.demo-data=false")));
  }

  private static String[] concat(String[] a, String[] b) {
    String[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
