package dev.quarry.bsbm.cli;

import dev.quarry.bsbm.driver.Benchmark;
import dev.quarry.bsbm.driver.EmbeddedTarget;
import dev.quarry.bsbm.driver.HttpTarget;
import dev.quarry.bsbm.driver.Rdf4jTarget;
import dev.quarry.bsbm.driver.Summary;
import dev.quarry.bsbm.driver.SummaryJson;
import dev.quarry.bsbm.driver.SummaryReport;
import dev.quarry.bsbm.driver.Target;
import dev.quarry.bsbm.driver.UseCase;
import dev.quarry.bsbm.gen.TestDriverData;
import dev.quarry.core.Store;
import dev.quarry.io.Loader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bsbm run}: the driver, against Quarry embedded or a SPARQL endpoint. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Runs a BSBM use case and reports QMpH and per-query figures (JSON, Markdown, PNG).",
      "Parameters are drawn as bsbmtools' driver draws them: the same seed sends the same queries."
    })
final class RunCommand implements Callable<Integer> {
  static final class Where {
    @Parameters(
        arity = "0..1",
        paramLabel = "ENDPOINT",
        description = "A SPARQL query endpoint URL.")
    URI endpoint;

    @Option(
        names = "--embedded",
        paramLabel = "DIR",
        description = "Run on Quarry in this process, through the Jena API, with the store in DIR.")
    Path embedded;

    @Option(
        names = "--rdf4j",
        paramLabel = "DIR",
        description =
            "Run on Quarry in this process, through the RDF4J API, with the store in DIR.")
    Path rdf4j;
  }

  @ArgGroup(multiplicity = "1")
  Where where;

  @Option(
      names = {"-u", "--update-endpoint"},
      description = "The SPARQL update endpoint URL.")
  URI updateEndpoint;

  @Option(
      names = {"-dg", "--default-graph"},
      description = "Sent as default-graph-uri.")
  String defaultGraph;

  @Option(
      names = "--load",
      paramLabel = "FILE",
      description = "Embedded: load this data first when the store is empty.")
  Path load;

  @Option(
      names = "--buffers",
      defaultValue = "4GB",
      description = "Embedded: the buffer pool size. Default 4GB.")
  String buffers;

  @Mixin DrawOptions draws;

  @Option(
      names = {"-ucf", "--use-case"},
      defaultValue = UseCase.EXPLORE,
      description = "explore, exploreAndUpdate or businessIntelligence. Default explore.")
  String useCase;

  @Option(
      names = "--queries",
      paramLabel = "DIR",
      description =
          "Read use cases and templates from DIR (bsbmtools' layout) instead of the built-in copies.")
  Path queries;

  @Option(
      names = {"-w", "--warm-up"},
      defaultValue = "50",
      description = "Warm-up mixes. Default 50.")
  int warmUps;

  @Option(
      names = {"-runs", "--runs"},
      defaultValue = "500",
      description = "Measured mixes. Default 500.")
  int runs;

  @Option(
      names = {"-mt", "--clients"},
      defaultValue = "1",
      description = "Concurrent clients. Default 1.")
  int clients;

  @Option(
      names = {"-t", "--timeout"},
      defaultValue = "0",
      description = "Per-query timeout in ms; 0 for none.")
  long timeoutMs;

  @Option(
      names = {"-udataset", "--update-dataset"},
      description = "The update dataset (Explore and Update).")
  Path updateDataset;

  @Option(
      names = {"-o", "--output"},
      defaultValue = "bsbm-results",
      description = "Directory for the result files. Default bsbm-results.")
  Path output;

  @Option(
      names = "--name",
      description = "The target's name in reports (default: embedded or the URL).")
  String name;

  @Option(
      names = "--period",
      defaultValue = "60",
      description = "Seconds per point of the QMpH-over-time line. Default 60.")
  int periodSeconds;

  @Option(
      names = "--duration",
      paramLabel = "SECONDS",
      description =
          "Stop taking measured mixes after this many seconds (-runs is then a cap). For cold"
              + " runs, whose systems differ a hundredfold in speed.")
  Integer durationSeconds;

  @Option(
      names = "--warm-reference",
      paramLabel = "FILE",
      description =
          "A warm run's JSON result (same target and clients): this run, started cold with -w 0,"
              + " reports when its throughput first reached 90%% of that QMpH.")
  Path warmReference;

  @Option(
      names = "--direct-io",
      description =
          "Embedded: open the store with O_DIRECT, so only the buffer pool caches pages (a cold"
              + " run from an empty pool gets no help from the OS cache).")
  boolean directIo;

  @Option(
      names = "--started-at",
      paramLabel = "EPOCH_MS",
      description =
          "When the server's start command ran (ms since the epoch, e.g. `date +%%s%%3N`): the"
              + " driver waits for the endpoint to answer (up to 5 minutes), then runs, and times"
              + " the start-up, the mixes and the approach to --warm-reference from that moment.")
  long startedAt;

  @Option(names = "--quiet", description = "No progress bar.")
  boolean quiet;

  @Override
  public Integer call() throws Exception {
    TestDriverData td = draws.read();
    UseCase uc = UseCase.load(useCase, queries);
    Benchmark benchmark =
        new Benchmark(
            uc,
            td,
            draws.seed,
            warmUps,
            runs,
            clients,
            Duration.ofMillis(timeoutMs),
            updateDataset,
            periodSeconds,
            durationSeconds == null ? null : Duration.ofSeconds(durationSeconds),
            warmReference == null ? 0 : SummaryJson.read(warmReference).qmph(),
            startedAt);
    try (Store store = where.embedded == null && where.rdf4j == null ? null : openStore();
        Target target =
            store == null
                ? new HttpTarget(where.endpoint, updateEndpoint, defaultGraph, name)
                : where.rdf4j != null
                    ? new Rdf4jTarget(store, name != null ? name : "Quarry embedded, RDF4J API")
                    : new EmbeddedTarget(store, name != null ? name : "Quarry embedded")) {
      ProgressBar bar = quiet ? null : new ProgressBar(System.err);
      Summary s =
          benchmark.run(
              target,
              bar == null
                  ? null
                  : (warm, done, total, nanos) -> {
                    if (warm || durationSeconds == null) {
                      bar.show(
                          warm ? "warm-up" : "measured",
                          done,
                          total,
                          done + "/" + total + " mixes");
                    } else {
                      long seconds = Math.min(nanos / 1_000_000_000L, durationSeconds);
                      bar.show(
                          "measured",
                          seconds,
                          durationSeconds,
                          seconds + "/" + durationSeconds + " s, " + done + " mixes");
                    }
                  });
      if (bar != null) {
        bar.done();
      }
      String base = uc.name() + "-" + clients;
      Files.createDirectories(output);
      SummaryJson.write(s, output.resolve(base + ".json"));
      String md = SummaryReport.markdown(s);
      Files.writeString(output.resolve(base + ".md"), md);
      SummaryReport.queryChart(s, output.resolve(base + "-queries.png"));
      SummaryReport.timelineChart(s, output.resolve(base + "-timeline.png"));
      System.out.println(md);
      System.out.println(
          "results: " + output.resolve(base + ".{json,md,-queries.png,-timeline.png}"));
      return s.checkFailures().isEmpty() ? 0 : 1;
    }
  }

  private Store openStore() {
    Store store =
        EmbeddedStore.open(
            where.embedded != null ? where.embedded : where.rdf4j, buffers, directIo);
    if (load != null && store.stats().quads() == 0) {
      Loader.Result r =
          Loader.loadFiles(
              store,
              List.of(load),
              null,
              (n, t) -> System.err.printf("\r  loading %s: %,d triples", load, n));
      System.err.printf(
          "%n  loaded %,d triples in %.1f s (%,.0f triples/s)%n",
          r.statements(), r.elapsed().toNanos() / 1e9, r.statementsPerSecond());
    }
    return store;
  }
}
