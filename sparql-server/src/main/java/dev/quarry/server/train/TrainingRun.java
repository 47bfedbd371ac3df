package dev.quarry.server.train;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.io.Loader;
import dev.quarry.server.QuarryServer;
import dev.quarry.server.ServerConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
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
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * The workload the JVM's AOT cache is recorded from (with {@code QUARRY_AOT} set, the launcher runs
 * it under {@code -XX:AOTCacheOutput} once per build): a fresh store in a temporary directory,
 * {@link TrainingData}'s catalogue loaded through the loader, the server started on a loopback
 * port, and clients sending it the queries of {@code queries.rq} over HTTP (GET and POST, two
 * result formats of each kind), with a few updates and Graph Store requests, for a given time. The
 * classes it loads and links and the method profiles it records are those a served store needs
 * first, so a new server starts with them.
 *
 * <p>Every request must succeed: a failing training query is a bug, and the run fails with it.
 */
public final class TrainingRun {
  // Two formats of each kind, the common ones: a profile that saw more would make the call sites
  // that write results megamorphic, which a server whose clients use one or two formats is not.
  private static final String[] SELECT_FORMATS = {
    "application/sparql-results+json", "application/sparql-results+xml"
  };
  private static final String[] GRAPH_FORMATS = {"application/n-triples", "text/turtle"};

  /** What a run did. */
  public record Result(long triples, long requests, long bytes, Duration elapsed) {}

  private final TrainingData data;
  private final int clients;
  private final Duration duration;
  private final List<String> templates;

  public TrainingRun(TrainingData data, int clients, Duration duration) {
    this.data = data;
    this.clients = clients;
    this.duration = duration;
    this.templates = templates();
  }

  /** Runs the workload in a temporary directory, which it removes. */
  public Result run() throws Exception {
    long start = System.nanoTime();
    Path dir = Files.createTempDirectory("quarry-training");
    try {
      Path file = dir.resolve("catalogue.nt");
      long triples = data.write(file);
      Config c =
          Config.defaults()
              .with("store.storage", "file")
              .with("store.location", dir.resolve("store"))
              .with("store.buffers", "64MB")
              .with("server.port", 0)
              .with("server.demo-data", false)
              .with("update.enabled", true);
      try (Store store = Quarry.open(c)) {
        Loader.loadFiles(store, List.of(file), null, Loader.Progress.NONE);
        try (QuarryServer server = QuarryServer.start(store, ServerConfig.from(c))) {
          long[] sent = send(URI.create(server.base()));
          return new Result(triples, sent[0], sent[1], Duration.ofNanos(System.nanoTime() - start));
        }
      }
    } finally {
      delete(dir);
    }
  }

  /** The clients' requests until the time is up: {requests, bytes read}. */
  private long[] send(URI base) throws Exception {
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    long deadline = System.nanoTime() + duration.toNanos();
    AtomicLong requests = new AtomicLong();
    AtomicLong bytes = new AtomicLong();
    AtomicReference<Exception> failure = new AtomicReference<>();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < clients; i++) {
      SplittableRandom r = new SplittableRandom(i * 7919L + 1);
      int client = i;
      threads.add(
          Thread.ofPlatform()
              .name("quarry-training-" + i)
              .start(
                  () -> {
                    try {
                      for (long n = 0; System.nanoTime() < deadline && failure.get() == null; n++) {
                        bytes.addAndGet(request(http, base, r, client, n));
                        requests.incrementAndGet();
                      }
                    } catch (Exception e) {
                      failure.compareAndSet(null, e);
                    }
                  }));
    }
    for (Thread t : threads) {
      t.join();
    }
    if (failure.get() != null) {
      throw failure.get();
    }
    return new long[] {requests.get(), bytes.get()};
  }

  /**
   * One request: mostly queries; every 50th an update of the client's own small named graph, every
   * 25th a Graph Store read of it.
   */
  private long request(HttpClient http, URI base, SplittableRandom r, int client, long n)
      throws Exception {
    String graph = "urn:quarry:training:" + client;
    if (n % 50 == 49) {
      String s = "<" + graph + ":" + n + ">";
      String update =
          "DELETE WHERE { GRAPH <%1$s> { ?s ?p ?o } } ;".formatted(graph)
              + " INSERT DATA { GRAPH <%1$s> { %2$s <%3$slabel> \"update %4$d\" ; <%3$scomment> %4$d } }"
                  .formatted(graph, s, TrainingData.RDFS, n);
      return send(
          http,
          HttpRequest.newBuilder(base.resolve("/update"))
              .header("Content-Type", "application/sparql-update")
              .POST(HttpRequest.BodyPublishers.ofString(update)),
          false);
    }
    if (n % 25 == 24) {
      return send(
          http,
          HttpRequest.newBuilder(URI.create(base + "/data?graph=" + encode(graph)))
              .header("Accept", GRAPH_FORMATS[r.nextInt(GRAPH_FORMATS.length)])
              .GET(),
          true);
    }
    String query = fill(templates.get(r.nextInt(templates.size())), r);
    boolean graphQuery = query.contains("DESCRIBE") || query.contains("CONSTRUCT");
    String accept =
        graphQuery
            ? GRAPH_FORMATS[r.nextInt(GRAPH_FORMATS.length)]
            : SELECT_FORMATS[r.nextInt(SELECT_FORMATS.length)];
    HttpRequest.Builder b =
        r.nextInt(4) == 0
            ? HttpRequest.newBuilder(base.resolve("/sparql"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("query=" + encode(query)))
            : HttpRequest.newBuilder(URI.create(base + "/sparql?query=" + encode(query))).GET();
    return send(http, b.header("Accept", accept), false);
  }

  /** Sends it and reads the answer; a graph not (yet) there may be a 404 where {@code absentOk}. */
  private static long send(HttpClient http, HttpRequest.Builder b, boolean absentOk)
      throws Exception {
    HttpResponse<InputStream> response =
        http.send(
            b.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofInputStream());
    try (InputStream in = response.body()) {
      byte[] body = in.readAllBytes();
      if (response.statusCode() / 100 != 2 && !(absentOk && response.statusCode() == 404)) {
        throw new IOException(
            "training request "
                + response.request().method()
                + " "
                + response.uri()
                + " failed with HTTP "
                + response.statusCode()
                + ": "
                + new String(body, 0, Math.min(body.length, 500), StandardCharsets.UTF_8));
      }
      return body.length;
    }
  }

  /** The query with each %Name% replaced by a random value of its kind. */
  String fill(String template, SplittableRandom r) {
    String[] countries = TrainingData.COUNTRIES;
    return template
        .replace("%Product%", instance("Product", r.nextInt(data.products())))
        .replace("%ProductType%", instance("ProductType", 1 + r.nextInt(data.types() - 1)))
        .replace("%ProductFeature1%", instance("ProductFeature", r.nextInt(data.features())))
        .replace("%ProductFeature2%", instance("ProductFeature", r.nextInt(data.features())))
        .replace("%Offer%", instance("Offer", r.nextInt(data.offers())))
        .replace("%Review%", instance("Review", r.nextInt(data.reviews())))
        .replace("%Country1%", countries[r.nextInt(countries.length)])
        .replace("%Country2%", countries[r.nextInt(countries.length)])
        .replace("%x%", Integer.toString(1 + r.nextInt(1000)))
        .replace("%y%", Integer.toString(1000 + r.nextInt(1000)))
        .replace("%word%", TrainingData.WORDS[r.nextInt(TrainingData.WORDS.length)])
        .replace("%date%", TrainingData.dateTime(r));
  }

  private static String instance(String kind, int i) {
    return "<" + TrainingData.instance(kind, i) + ">";
  }

  /** The queries of {@code queries.rq}: blocks ending with a "#---" line, comments dropped. */
  static List<String> templates() {
    try (InputStream in = TrainingRun.class.getResourceAsStream("queries.rq")) {
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      List<String> out = new ArrayList<>();
      StringBuilder q = new StringBuilder();
      for (String line : text.split("\n")) {
        if (line.equals("#---")) {
          out.add(q.toString());
          q.setLength(0);
        } else if (!line.startsWith("#")) {
          q.append(line).append('\n');
        }
      }
      return List.copyOf(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
