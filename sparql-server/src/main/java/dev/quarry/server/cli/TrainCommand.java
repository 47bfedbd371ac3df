package dev.quarry.server.cli;

import dev.quarry.server.train.TrainingData;
import dev.quarry.server.train.TrainingRun;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code quarry aot-train}: the training workload of the JVM's AOT cache. With {@code QUARRY_AOT}
 * set, the launcher runs it once per build under {@code -XX:AOTCacheOutput} (docs/OPERATING.md,
 * "The JIT's start"); it touches no store of yours.
 */
@Command(
    name = "aot-train",
    hidden = true,
    mixinStandardHelpOptions = true,
    description =
        "Serve a generated catalogue from a temporary store and query it over HTTP for a while:"
            + " the workload the launcher records the JVM's AOT cache from.")
final class TrainCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--seconds", defaultValue = "20", description = "How long the clients run.")
  int seconds;

  @Option(names = "--clients", defaultValue = "4", description = "Concurrent HTTP clients.")
  int clients;

  @Option(names = "--products", defaultValue = "2000", description = "The catalogue's size.")
  int products;

  @Override
  public Integer call() throws Exception {
    TrainingRun.Result r =
        new TrainingRun(new TrainingData(products), clients, Duration.ofSeconds(seconds)).run();
    spec.commandLine()
        .getOut()
        .printf(
            "training: %,d triples, %,d requests (%,d KB) in %.1f s%n",
            r.triples(), r.requests(), r.bytes() >> 10, r.elapsed().toNanos() / 1e9);
    return 0;
  }
}
