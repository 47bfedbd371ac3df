package dev.quarry.bsbm.driver;

import dev.quarry.bsbm.gen.TestDriverData;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One benchmark run, start to end: the use case's mixes are planned from the test-driver data and
 * the seed, run against the target with N clients, and summarised.
 *
 * @param updateDataset the update file for use cases with updates (null otherwise)
 * @param periodSeconds the period of the QMpH-over-time line
 * @param duration if not null, clients take no new measured mix after this long (a cold run is
 *     bounded in time, since systems differ a hundredfold in speed); {@code runs} is then a cap
 * @param warmQmph for a run from cold: the same system's warm QMpH, to time the approach to it (0:
 *     none)
 * @param startedAtEpochMillis for a run from cold: when the server's start command ran, so times
 *     count from it (0: unknown)
 */
public record Benchmark(
    UseCase useCase,
    TestDriverData driverData,
    long seed,
    int warmUps,
    int runs,
    int clients,
    Duration timeout,
    Path updateDataset,
    int periodSeconds,
    Duration duration,
    double warmQmph,
    long startedAtEpochMillis) {

  public static final long DEFAULT_SEED = 808080L;

  public Benchmark {
    if (clients < 1 || runs < 1 || warmUps < 0) {
      throw new IllegalArgumentException(
          "need at least 1 client and 1 measured mix, and no negative warm-up: "
              + clients
              + " clients, "
              + runs
              + " runs, "
              + warmUps
              + " warm-ups");
    }
    if (useCase.hasUpdates() && updateDataset == null) {
      throw new IllegalArgumentException(
          "use case " + useCase.name() + " has updates: give its update dataset (-udataset)");
    }
  }

  /**
   * The run's mixes: planned before it, or, for a run bounded by {@code duration} (without
   * updates), drawn as its clients take them, since it may be given far more than it takes.
   */
  private MixPlan.Mixes mixes() {
    return duration != null && updateDataset == null
        ? MixPlan.drawn(useCase, new Parameters(driverData, seed, null), warmUps, runs)
        : MixPlan.Mixes.of(plan(), warmUps);
  }

  /** The query strings this benchmark sends, mix by mix, in order. */
  public List<MixPlan.Mix> plan() {
    try (UpdateBlocks updates = updateDataset == null ? null : new UpdateBlocks(updateDataset)) {
      return MixPlan.plan(useCase, new Parameters(driverData, seed, updates), warmUps, runs);
    }
  }

  /**
   * Plans the mixes, then (timed from a start command) waits for the target to answer, then runs:
   * planning thousands of mixes takes a while, and is no part of a server's start-up.
   */
  public Summary run(Target target, Driver.Progress progress) throws Exception {
    MixPlan.Mixes mixes = mixes();
    if (startedAtEpochMillis > 0) {
      target.awaitReady(Duration.ofMinutes(5));
    }
    Driver.Measurements m = Driver.run(target, mixes, clients, timeout, duration, progress);
    return Summary.of(
        target.describe(),
        useCase,
        driverData.products(),
        seed,
        warmUps,
        m,
        periodSeconds,
        warmQmph,
        startedAtEpochMillis);
  }
}
