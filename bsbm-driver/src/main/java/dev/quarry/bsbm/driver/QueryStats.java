package dev.quarry.bsbm.driver;

import java.util.Arrays;
import java.util.List;

/**
 * One template's figures over a run (SPEC §12.4-12.5): executions, AQET (mean) and its geometric
 * mean, min/max/p50/p95 time, queries per second, result counts and timeouts. Times in ms.
 */
public record QueryStats(
    int number,
    String name,
    int count,
    double meanMs,
    double geoMeanMs,
    double minMs,
    double maxMs,
    double p50Ms,
    double p95Ms,
    double qps,
    double avgResults,
    long minResults,
    long maxResults,
    int timeouts) {

  /**
   * @param concurrency the average number of queries in flight: 1 for one client, else the summed
   *     mix runtimes over the wall-clock time (bsbmtools' multi-client QPS)
   */
  static QueryStats of(QueryTemplate t, List<Driver.Execution> runs, double concurrency) {
    int n = runs.size();
    if (n == 0) {
      return new QueryStats(t.number(), t.name(), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }
    double[] ms = new double[n];
    double logSum = 0;
    long results = 0;
    long minResults = Long.MAX_VALUE;
    long maxResults = 0;
    int timeouts = 0;
    for (int i = 0; i < n; i++) {
      Driver.Execution e = runs.get(i);
      ms[i] = e.nanos() / 1e6;
      logSum += Math.log10(Math.max(ms[i], 1e-6));
      results += e.results();
      minResults = Math.min(minResults, e.results());
      maxResults = Math.max(maxResults, e.results());
      timeouts += e.timedOut() ? 1 : 0;
    }
    Arrays.sort(ms);
    double mean = Arrays.stream(ms).sum() / n;
    return new QueryStats(
        t.number(),
        t.name(),
        n,
        mean,
        Math.pow(10, logSum / n),
        ms[0],
        ms[n - 1],
        percentile(ms, 50),
        percentile(ms, 95),
        mean == 0 ? 0 : concurrency * 1000 / mean,
        (double) results / n,
        minResults,
        maxResults,
        timeouts);
  }

  /** Nearest-rank percentile of sorted values. */
  static double percentile(double[] sorted, double p) {
    int rank = (int) Math.ceil(p / 100 * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }
}
