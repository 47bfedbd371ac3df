package dev.quarry.bsbm.cli;

import dev.quarry.bsbm.driver.Benchmark;
import dev.quarry.bsbm.driver.CacheSweep;
import dev.quarry.bsbm.driver.EmbeddedTarget;
import dev.quarry.bsbm.driver.Summary;
import dev.quarry.bsbm.driver.SummaryJson;
import dev.quarry.bsbm.driver.UseCase;
import dev.quarry.bsbm.gen.TestDriverData;
import dev.quarry.core.Store;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bsbm sweep}: the same warm Explore run on Quarry embedded with buffer pools of several
 * sizes (fractions of the store's page file), with O_DIRECT so the OS cache does not stand in for
 * the pool; one table and one chart of QMpH against pool size.
 */
@Command(
    name = "sweep",
    mixinStandardHelpOptions = true,
    description =
        "QMpH against buffer-pool size: Quarry embedded, O_DIRECT, pools as fractions of the page"
            + " file.")
final class SweepCommand implements Callable<Integer> {
  @Option(names = "--embedded", paramLabel = "DIR", required = true, description = "The store.")
  Path store;

  @Option(
      names = "--fractions",
      split = ",",
      defaultValue = "0.125,0.25,0.5,1,2",
      description = "Pool sizes as fractions of the page file. Default ${DEFAULT-VALUE}.")
  List<Double> fractions;

  @Mixin DrawOptions draws;

  @Option(
      names = {"-w", "--warm-up"},
      defaultValue = "50",
      description = "Warm-up mixes.")
  int warmUps;

  @Option(
      names = {"-runs", "--runs"},
      defaultValue = "200",
      description = "Measured mixes.")
  int runs;

  @Option(
      names = {"-mt", "--clients"},
      defaultValue = "16",
      description = "Clients.")
  int clients;

  @Option(
      names = "--jvm-warm-up",
      defaultValue = "500",
      description =
          "Mixes run once before the sweep, on the largest pool, not measured: the JIT compiler"
              + " reaches its steady state, so the first pool size is not measured on colder code"
              + " than the last. Default ${DEFAULT-VALUE}.")
  int jvmWarmUps;

  @Option(
      names = {"-o", "--output"},
      defaultValue = "bsbm-results",
      description = "Directory for the result files.")
  Path output;

  @Option(names = "--quiet", description = "No progress bar.")
  boolean quiet;

  @Override
  public Integer call() throws Exception {
    long pageFile = Files.size(store.resolve("pages.dat"));
    long termFile =
        Files.exists(store.resolve("terms.dat")) ? Files.size(store.resolve("terms.dat")) : 0;
    TestDriverData td = draws.read();
    UseCase uc = UseCase.load(UseCase.EXPLORE, null);
    Files.createDirectories(output);
    List<CacheSweep.Point> points = new ArrayList<>();
    if (jvmWarmUps > 0) {
      double largest = fractions.stream().mapToDouble(Double::doubleValue).max().orElse(1);
      try (Store s = open(largest, pageFile)) {
        System.err.printf(Locale.ROOT, "JVM warm-up: %d mixes, not measured%n", jvmWarmUps);
        new Benchmark(
                uc, td, draws.seed + 1, 0, jvmWarmUps, clients, Duration.ZERO, null, 60, null, 0, 0)
            .run(new EmbeddedTarget(s, "warm-up"), null);
      }
    }
    for (double f : fractions) {
      long pool = poolBytes(f, pageFile);
      try (Store s = open(f, pageFile)) {
        MeterRegistry meters = new SimpleMeterRegistry();
        s.bindTo(meters);
        PoolCounts[] atMeasured = {null};
        ProgressBar bar = quiet ? null : new ProgressBar(System.err);
        String label = String.format(Locale.ROOT, "pool %.3f", f);
        Summary r =
            new Benchmark(
                    uc, td, draws.seed, warmUps, runs, clients, Duration.ZERO, null, 60, null, 0, 0)
                .run(
                    new EmbeddedTarget(s, "Quarry embedded, pool " + pool / 1048576 + " MB"),
                    (warm, done, total, nanos) -> {
                      if (!warm && atMeasured[0] == null) {
                        atMeasured[0] = PoolCounts.of(meters);
                      }
                      if (bar != null) {
                        bar.show(label, done, total, (warm ? "warm-up " : "") + done + "/" + total);
                      }
                    });
        if (bar != null) {
          bar.done();
        }
        PoolCounts end = PoolCounts.of(meters);
        PoolCounts start = atMeasured[0] != null ? atMeasured[0] : end;
        long hits = end.hits() - start.hits();
        long misses = end.misses() - start.misses();
        double ratio = hits + misses == 0 ? 1 : (double) hits / (hits + misses);
        points.add(
            new CacheSweep.Point(
                f, pool, r.qmph(), ratio, end.readRequests() - start.readRequests()));
        SummaryJson.write(r, output.resolve(String.format(Locale.ROOT, "sweep-%s.json", f)));
        System.err.printf(
            Locale.ROOT,
            "pool %,d MB: %,.0f QMpH, hit ratio %.3f%n",
            pool / 1048576,
            r.qmph(),
            ratio);
      }
    }
    String title =
        String.format(
            Locale.ROOT,
            "BSBM Explore, %,d products, %d clients: QMpH against buffer pool (O_DIRECT)",
            td.products(),
            clients);
    String md = CacheSweep.markdown(title, pageFile, termFile, points);
    Files.writeString(output.resolve("sweep.md"), md);
    CacheSweep.chart(title, points, output.resolve("sweep.png"));
    System.out.print(md);
    System.out.println("written: " + output.resolve("sweep.{md,png}"));
    return 0;
  }

  private static long poolBytes(double fraction, long pageFile) {
    return Math.max(256L * 8192, (long) (fraction * pageFile));
  }

  private Store open(double fraction, long pageFile) {
    return EmbeddedStore.open(store, poolBytes(fraction, pageFile) / 8192, true);
  }

  /** The buffer pool's counters, read from the store's meters. */
  private record PoolCounts(long hits, long misses, long readRequests) {
    static PoolCounts of(MeterRegistry m) {
      return new PoolCounts(
          count(m, "quarry.buffer.hits"),
          count(m, "quarry.buffer.misses"),
          count(m, "quarry.buffer.reads.single") + count(m, "quarry.buffer.reads.batched"));
    }

    private static long count(MeterRegistry m, String name) {
      return (long) m.get(name).functionCounter().count();
    }
  }
}
