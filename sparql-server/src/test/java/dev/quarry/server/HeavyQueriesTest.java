package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.server.cli.QuarryMain;
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
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three heavy queries at once (a DISTINCT, a full sort and a GROUP BY of four million rows each) on
 * a server in its own process with a 512 MB heap, which would die of an OutOfMemoryError on the
 * first OutOfMemoryError: each ends with its right answer or with a 503 naming the memory limit,
 * the process lives on, and it answers {@code ASK {}} all the while.
 */
@Tag("slow") // ./mvnw verify -Pslow; CI runs it
@Timeout(600)
class HeavyQueriesTest {
  private static final String EX = "http://ex/";
  private static final int SUBJECTS = 20_000;
  private static final int TYPES = 100; // 200 subjects a type: a self-join gives 4M rows
  private static final int NAMES = 500;

  @TempDir Path dir;

  @Test
  void threeHeavyQueriesOnA512MbHeapEndInAnswersOrErrorsAndAskIsAnsweredThroughout()
      throws Exception {
    int[] type = new int[SUBJECTS];
    int[] name = new int[SUBJECTS];
    Path location = dir.resolve("store");
    load(location, type, name);
    Path log = dir.resolve("server.log");
    Process server =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Xmx512m",
                "-XX:+ExitOnOutOfMemoryError", // an OutOfMemoryError ends the process: it shows
                "-cp",
                System.getProperty("java.class.path"),
                QuarryMain.class.getName(),
                "serve",
                "--location",
                location.toString(),
                "--port",
                "0",
                "--set",
                "limits.query-timeout=500s")
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    try {
      URI endpoint = endpoint(location, server);
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
      List<CompletableFuture<HttpResponse<String>>> heavy = new ArrayList<>();
      List<String> queries = List.of(distinctQuery(), sortQuery(type), groupQuery());
      for (String q : queries) {
        heavy.add(http.sendAsync(request(endpoint, q), HttpResponse.BodyHandlers.ofString()));
      }
      AtomicInteger asks = new AtomicInteger();
      AtomicLong slowest = new AtomicLong();
      List<String> askFailures = new ArrayList<>();
      AtomicBoolean done = new AtomicBoolean();
      CompletableFuture.allOf(heavy.toArray(CompletableFuture[]::new))
          .whenComplete((r, e) -> done.set(true));
      while (!done.get()) {
        long start = System.nanoTime();
        HttpResponse<String> ask =
            http.send(request(endpoint, "ASK {}"), HttpResponse.BodyHandlers.ofString());
        slowest.accumulateAndGet((System.nanoTime() - start) / 1_000_000, Math::max);
        asks.incrementAndGet();
        if (ask.statusCode() != 200 || !ask.body().contains("true")) {
          askFailures.add(ask.statusCode() + " " + ask.body());
        }
        Thread.sleep(250);
      }
      assertEquals(List.of(), askFailures, "ASK {} was answered throughout");
      assertTrue(asks.get() > 3, "ASK {} was asked while the heavy queries ran: " + asks);
      assertTrue(slowest.get() < 10_000, "ASK {} took at most " + slowest + " ms");

      List<String> expected =
          List.of(
              "n\r\n" + distinctPairs(type, name) + "\r\n",
              "a,b\r\n" + lastPair(type) + "\r\n",
              "n\r\n" + pairs(type) + "\r\n");
      int answered = 0;
      for (int i = 0; i < queries.size(); i++) {
        HttpResponse<String> r = heavy.get(i).get();
        if (r.statusCode() == 200) {
          assertEquals(expected.get(i), r.body(), queries.get(i));
          answered++;
        } else {
          assertEquals(503, r.statusCode(), r.body());
          assertTrue(r.body().contains("query-memory"), "the error names the limit: " + r.body());
        }
      }
      assertTrue(answered >= 1, "at least one heavy query was answered, spilling");
      String metrics =
          http.send(
                  HttpRequest.newBuilder(endpoint.resolve("/metrics")).GET().build(),
                  HttpResponse.BodyHandlers.ofString())
              .body();
      double spilled =
          metrics
              .lines()
              .filter(l -> l.startsWith("quarry_query_spilled_bytes_total "))
              .mapToDouble(l -> Double.parseDouble(l.substring(l.indexOf(' ') + 1)))
              .findFirst()
              .orElse(0);
      assertTrue(spilled > 10_000_000, "the queries spilled to disk: " + spilled + " bytes");
      assertTrue(server.isAlive(), "the server lives on");
      assertTrue(
          !Files.readString(log).contains("OutOfMemoryError"), "no OutOfMemoryError in the log");
    } finally {
      server.destroy();
      if (!server.waitFor(30, TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    }
  }

  private static void load(Path location, int[] type, int[] name) {
    Random rnd = new Random(11);
    try (Store store = Quarry.open(location)) {
      DatasetGraph dsg = store.dataset();
      Txn.executeWrite(
          dsg,
          () -> {
            for (int s = 0; s < SUBJECTS; s++) {
              type[s] = rnd.nextInt(TYPES);
              name[s] = rnd.nextInt(NAMES);
              Node subject = subject(s);
              dsg.add(quad(subject, "type", NodeFactory.createURI(EX + "T" + type[s])));
              dsg.add(quad(subject, "name", NodeFactory.createLiteralString("n" + name[s])));
            }
          });
    }
  }

  private static Node subject(int s) {
    return NodeFactory.createURI(EX + "s" + s);
  }

  private static Quad quad(Node s, String p, Node o) {
    return Quad.create(Quad.defaultGraphIRI, s, NodeFactory.createURI(EX + p), o);
  }

  private static final String PREFIX = "PREFIX : <" + EX + "> ";

  private static String distinctQuery() {
    return PREFIX
        + "SELECT (COUNT(*) AS ?n) { SELECT DISTINCT ?a ?m { ?a :type ?t . ?b :type ?t . ?b :name"
        + " ?m } }";
  }

  /** The last row of a full sort of every pair (the OFFSET keeps a top-k heap out of it). */
  private static String sortQuery(int[] type) {
    return PREFIX
        + "SELECT ?a ?b { ?a :type ?t . ?b :type ?t } ORDER BY ?b ?a OFFSET "
        + (pairs(type) - 1);
  }

  private static String groupQuery() {
    return PREFIX
        + "SELECT (COUNT(*) AS ?n) { SELECT ?a ?b (COUNT(*) AS ?c) { ?a :type ?t . ?b :type ?t }"
        + " GROUP BY ?a ?b }";
  }

  /** Pairs of subjects of one type. */
  private static long pairs(int[] type) {
    long[] perType = new long[TYPES];
    for (int t : type) {
      perType[t]++;
    }
    return Arrays.stream(perType).map(n -> n * n).sum();
  }

  /** Distinct (subject, name of a subject of its type) pairs. */
  private static long distinctPairs(int[] type, int[] name) {
    boolean[][] namesOfType = new boolean[TYPES][NAMES];
    for (int s = 0; s < SUBJECTS; s++) {
      namesOfType[type[s]][name[s]] = true;
    }
    long n = 0;
    for (int s = 0; s < SUBJECTS; s++) {
      for (boolean has : namesOfType[type[s]]) {
        n += has ? 1 : 0;
      }
    }
    return n;
  }

  /** The greatest (b, a) pair by IRI, as the CSV row "a,b". */
  private static String lastPair(int[] type) {
    String maxB = null;
    int bType = -1;
    for (int s = 0; s < SUBJECTS; s++) {
      String iri = EX + "s" + s;
      if (maxB == null || iri.compareTo(maxB) > 0) {
        maxB = iri;
        bType = type[s];
      }
    }
    String maxA = null;
    for (int s = 0; s < SUBJECTS; s++) {
      String iri = EX + "s" + s;
      if (type[s] == bType && (maxA == null || iri.compareTo(maxA) > 0)) {
        maxA = iri;
      }
    }
    return maxA + "," + maxB;
  }

  private static HttpRequest request(URI endpoint, String query) {
    return HttpRequest.newBuilder(
            URI.create(endpoint + "?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8)))
        .header("Accept", "text/csv")
        .timeout(Duration.ofSeconds(500))
        .GET()
        .build();
  }

  /** The endpoint the server names in the store's directory once it listens. */
  private static URI endpoint(Path location, Process server) throws Exception {
    Path file = location.resolve("server-endpoint");
    for (int i = 0; i < 600 && server.isAlive(); i++) {
      if (Files.isRegularFile(file)) {
        return URI.create(Files.readString(file).strip());
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the server did not start (alive: " + server.isAlive() + ")");
  }
}
