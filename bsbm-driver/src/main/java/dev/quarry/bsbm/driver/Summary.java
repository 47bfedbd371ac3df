package dev.quarry.bsbm.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The figures of one run: QMpH (SPEC §12.4 for one client, §12.5 for several), the mix runtimes,
 * each template's {@link QueryStats}, QMpH over time, and the result checks.
 *
 * @param timeline QMpH per period of {@code periodSeconds} since the measured phase began
 * @param coldStart for a run from cold, measured against a warm figure or timed from the server's
 *     start command (or both): when it got near the warm figure, when the server answered; or null
 */
public record Summary(
    String target,
    String useCase,
    int products,
    long seed,
    int clients,
    int warmUps,
    int runs,
    double qmph,
    double cqetMs,
    double cqetGeoMs,
    double minMixMs,
    double maxMixMs,
    double totalRuntimeSeconds,
    double wallSeconds,
    List<QueryStats> queries,
    int periodSeconds,
    List<Double> timeline,
    List<String> checkFailures,
    ColdStart coldStart) {

  /**
   * Explore templates that return results for every parameter, since the product, review or offer
   * drawn always exists (the others may rightly return nothing: Q4's OFFSET 5 mostly does). With
   * updates, products are withheld and offers deleted, so the check does not apply.
   */
  static final Set<String> ALWAYS_ANSWERED =
      Set.of(
          "explore/query2",
          "explore/query7",
          "explore/query9",
          "explore/query11",
          "explore/query12");

  static Summary of(
      String target,
      UseCase useCase,
      int products,
      long seed,
      int warmUps,
      Driver.Measurements m,
      int periodSeconds,
      double warmQmph,
      long startedAtEpochMillis) {
    int n = m.mixes().size();
    double sumMs = 0;
    double logSum = 0;
    double min = Double.MAX_VALUE;
    double max = 0;
    for (Driver.MixTiming t : m.mixes()) {
      double ms = t.runtimeNanos() / 1e6;
      sumMs += ms;
      logSum += Math.log10(Math.max(ms, 1e-6));
      min = Math.min(min, ms);
      max = Math.max(max, ms);
    }
    double wallSeconds = m.wallNanos() / 1e9;
    double cqet = n == 0 ? 0 : sumMs / n;
    double qmph = n == 0 ? 0 : m.clients() == 1 ? 3_600_000 / cqet : 3600.0 * n / wallSeconds;
    double concurrency = m.clients() == 1 ? 1 : sumMs / 1000 / wallSeconds;
    Map<Integer, List<Driver.Execution>> byTemplate =
        m.executions().stream()
            .collect(
                Collectors.groupingBy(
                    Driver.Execution::template, TreeMap::new, Collectors.toList()));
    List<QueryStats> queries = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    for (QueryTemplate t : useCase.templates()) {
      List<Driver.Execution> runs = byTemplate.getOrDefault(t.number(), List.of());
      if (runs.isEmpty()) {
        continue;
      }
      QueryStats s = QueryStats.of(t, runs, concurrency);
      queries.add(s);
      if (t.kind() == QueryTemplate.Kind.UPDATE) {
        continue;
      }
      if (!useCase.hasUpdates() && ALWAYS_ANSWERED.contains(t.name())) {
        long empty = runs.stream().filter(e -> e.results() == 0 && !e.timedOut()).count();
        if (empty > 0) {
          failures.add(
              t.name() + " returned no results in " + empty + " of " + s.count() + " executions");
        }
      }
    }
    return new Summary(
        target,
        useCase.name(),
        products,
        seed,
        m.clients(),
        warmUps,
        n,
        qmph,
        cqet,
        n == 0 ? 0 : Math.pow(10, logSum / n),
        n == 0 ? 0 : min,
        max,
        sumMs / 1000,
        wallSeconds,
        List.copyOf(queries),
        periodSeconds,
        timeline(m, periodSeconds),
        List.copyOf(failures),
        warmQmph > 0 || startedAtEpochMillis > 0
            ? ColdStart.of(
                warmQmph,
                m.mixes(),
                periodSeconds,
                startedAtEpochMillis > 0
                    ? Math.max(0, m.startEpochMillis() - startedAtEpochMillis) * 1_000_000L
                    : 0)
            : null);
  }

  /**
   * Mixes finished per period, scaled to an hour. A last period shorter than half a period is left
   * out: the few mixes that end in it would scale to a meaningless spike.
   */
  private static List<Double> timeline(Driver.Measurements m, int periodSeconds) {
    long period = periodSeconds * 1_000_000_000L;
    int all = (int) Math.max(1, (m.wallNanos() + period - 1) / period);
    int periods = all > 1 && m.wallNanos() - (all - 1) * period < period / 2 ? all - 1 : all;
    int[] counts = new int[periods];
    for (Driver.MixTiming t : m.mixes()) {
      int i = (int) Math.min(all - 1, t.endNanos() / period);
      if (i < periods) {
        counts[i]++;
      }
    }
    List<Double> out = new ArrayList<>();
    for (int i = 0; i < periods; i++) {
      double seconds = Math.min(periodSeconds, (m.wallNanos() - i * period) / 1e9);
      out.add(seconds <= 0 ? 0 : counts[i] * 3600.0 / seconds);
    }
    return out;
  }
}
