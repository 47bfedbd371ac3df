package dev.quarry.bsbm.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.bsbm.gen.BsbmGenerator;
import dev.quarry.bsbm.gen.TestDriverData;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.io.Loader;
import dev.quarry.server.QuarryServer;
import dev.quarry.server.ServerConfig;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The driver end to end on generated data (100 products): embedded through the Jena API, and
 * against the real server over loopback HTTP, which must see the same result counts for the same
 * seed; and the Explore-and-Update mix, whose inserts and deletes must reach the store.
 */
@Timeout(300)
class BenchmarkRunTest {
  @TempDir static Path dir;
  static TestDriverData td;
  static Path data;
  static Path mainData;
  static Path updateData;
  static Store store;

  @BeforeAll
  static void generateAndLoad() throws Exception {
    data = dir.resolve("dataset.nt");
    try (OutputStream out = Files.newOutputStream(data)) {
      td = BsbmGenerator.generate(100, out, null).driverData();
    }
    mainData = dir.resolve("main.nt");
    updateData = dir.resolve("update.nt");
    try (OutputStream main = Files.newOutputStream(mainData);
        OutputStream upd = Files.newOutputStream(updateData)) {
      BsbmGenerator.generate(100, main, upd, 10, 1, "\n#__SEP__\n", null);
    }
    store = Quarry.open(Config.defaults().with("store.location", dir.resolve("store")));
    Loader.loadFiles(store, List.of(data), null, Loader.Progress.NONE);
  }

  @AfterAll
  static void close() {
    store.close();
  }

  private static Benchmark explore(int clients) {
    return new Benchmark(
        UseCase.load(UseCase.EXPLORE, null),
        td,
        Benchmark.DEFAULT_SEED,
        2,
        4,
        clients,
        Duration.ofSeconds(30),
        null,
        1,
        null,
        0,
        0);
  }

  private static Map<String, Double> results(Summary s) {
    return s.queries().stream().collect(Collectors.toMap(QueryStats::name, QueryStats::avgResults));
  }

  @Test
  void exploreRunsEveryTemplateOfTheMixEmbeddedAndOverHttp() throws Exception {
    Summary embedded = explore(1).run(new EmbeddedTarget(store, "embedded"), null);
    assertEquals(4, embedded.runs());
    assertTrue(embedded.qmph() > 0);
    Map<String, Integer> counts =
        embedded.queries().stream().collect(Collectors.toMap(QueryStats::name, QueryStats::count));
    assertEquals(4 * 6, counts.get("explore/query2"), "Q2 six times per mix");
    assertEquals(4 * 4, counts.get("explore/query9"));
    assertEquals(11, embedded.queries().size(), "Q6 is not in the mix");
    assertEquals(List.of(), embedded.checkFailures());
    assertTrue(results(embedded).get("explore/query11") >= 8, "an offer's triples, both ways");

    Config c =
        Config.defaults().with("store.location", dir.resolve("store")).with("server.port", 0);
    try (QuarryServer server = QuarryServer.start(store, ServerConfig.from(c));
        HttpTarget http = new HttpTarget(server.endpoint(), null, null, "http")) {
      Summary overHttp = explore(3).run(http, null);
      assertEquals(3, overHttp.clients());
      assertEquals(results(embedded), results(overHttp), "the same queries give the same results");
    }
  }

  @Test
  void aRunBoundedInTimeStopsTakingMixes() throws Exception {
    Benchmark b =
        new Benchmark(
            UseCase.load(UseCase.EXPLORE, null),
            td,
            Benchmark.DEFAULT_SEED,
            0,
            5_000,
            2,
            Duration.ZERO,
            null,
            1,
            Duration.ofMillis(300),
            0,
            0);
    Summary s = b.run(new EmbeddedTarget(store, "embedded"), null);
    assertTrue(s.runs() > 0 && s.runs() < 5_000, s.runs() + " mixes");
    assertTrue(s.wallSeconds() < 30, "stopped near its duration: " + s.wallSeconds() + " s");
  }

  @Test
  void exploreAndUpdateInsertsTheWithheldProducts() throws Exception {
    Path storeDir = dir.resolve("update-store");
    try (Store s = Quarry.open(Config.defaults().with("store.location", storeDir))) {
      Loader.loadFiles(s, List.of(mainData), null, Loader.Progress.NONE);
      String product91 =
          "<http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/dataFromProducer"
              + TestDriverData.owner(td.producerEnds(), 91)
              + "/Product91>";
      assertEquals(0, count(s, product91), "withheld from the main file");
      Benchmark b =
          new Benchmark(
              UseCase.load(UseCase.EXPLORE_AND_UPDATE, null),
              td,
              Benchmark.DEFAULT_SEED,
              1,
              2,
              1,
              Duration.ZERO,
              updateData,
              60,
              null,
              0,
              0);
      long before = s.stats().quads();
      Summary r = b.run(new EmbeddedTarget(s, "embedded"), null);
      assertEquals(2 * 2, r.queries().getFirst().count(), "two inserts per measured mix");
      assertTrue(count(s, product91) > 20, "the first transaction inserted Product91");
      assertTrue(s.stats().quads() > before);
    }
  }

  private static long count(Store s, String product) {
    var dsg = s.dataset();
    return Txn.calculateRead(
        dsg,
        () -> {
          try (var qe =
              QueryExec.dataset(dsg)
                  .query("SELECT (COUNT(*) AS ?n) { " + product + " ?p ?o }")
                  .build()) {
            return ((Number) qe.select().next().get("n").getLiteralValue()).longValue();
          }
        });
  }
}
