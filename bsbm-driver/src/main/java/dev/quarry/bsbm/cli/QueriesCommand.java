package dev.quarry.bsbm.cli;

import dev.quarry.bsbm.driver.Benchmark;
import dev.quarry.bsbm.driver.MixPlan;
import dev.quarry.bsbm.driver.UseCase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bsbm queries}: the query strings a run would send, without running it: to read them, to
 * explain them ({@code quarry query --explain @query5.rq}), or to compare with another driver.
 */
@Command(
    name = "queries",
    mixinStandardHelpOptions = true,
    description =
        "Writes the query strings of one mix of a run (one file per template, its first use) as"
            + " the driver would send them for the seed.")
final class QueriesCommand implements Callable<Integer> {
  @Mixin DrawOptions draws;

  @Option(
      names = {"-ucf", "--use-case"},
      defaultValue = UseCase.EXPLORE,
      description = "The use case. Default ${DEFAULT-VALUE}.")
  String useCase;

  @Option(
      names = "--mix",
      defaultValue = "0",
      description = "Which mix, counting from 0 (warm-up mixes first). Default ${DEFAULT-VALUE}.")
  int mix;

  @Option(
      names = {"-o", "--output"},
      defaultValue = "queries",
      description = "Directory for the .rq files. Default ${DEFAULT-VALUE}.")
  Path output;

  @Override
  public Integer call() throws Exception {
    UseCase uc = UseCase.load(useCase, null);
    if (uc.hasUpdates()) {
      throw new IllegalArgumentException(
          "use case " + useCase + " has updates: not supported here");
    }
    List<MixPlan.Mix> plan =
        new Benchmark(
                uc, draws.read(), draws.seed, 0, mix + 1, 1, Duration.ZERO, null, 60, null, 0, 0)
            .plan();
    Files.createDirectories(output);
    Set<String> written = new HashSet<>();
    for (MixPlan.Planned q : plan.get(mix).queries()) {
      String name = q.template().name().replace('/', '-') + ".rq";
      if (written.add(name)) {
        Files.writeString(output.resolve(name), q.text());
        System.out.println(output.resolve(name));
      }
    }
    return 0;
  }
}
