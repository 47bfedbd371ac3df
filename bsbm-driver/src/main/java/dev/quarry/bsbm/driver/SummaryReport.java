package dev.quarry.bsbm.driver;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;

/** A run's summary as Markdown (the table people paste) and as PNG charts. */
public final class SummaryReport {
  private SummaryReport() {}

  public static String markdown(Summary s) {
    StringBuilder md = new StringBuilder();
    md.append(
        String.format(
            Locale.ROOT,
            "## BSBM %s: %s%n%n"
                + "%,d products, seed %d, %d client%s, %d warm-up + %d measured mixes%n%n"
                + "**QMpH %,.0f** · CQET %.1f ms (geometric %.1f) · mix runtime %.1f .. %.1f ms"
                + " · wall %.1f s%n%n",
            s.useCase(),
            s.target(),
            s.products(),
            s.seed(),
            s.clients(),
            s.clients() == 1 ? "" : "s",
            s.warmUps(),
            s.runs(),
            s.qmph(),
            s.cqetMs(),
            s.cqetGeoMs(),
            s.minMixMs(),
            s.maxMixMs(),
            s.wallSeconds()));
    ColdStart cold = s.coldStart();
    if (cold != null && cold.fromStartCommand()) {
      md.append(
          String.format(
              Locale.ROOT,
              "From the server's start command: first answer after **%.1f s**, these %d mixes done"
                  + " after **%.1f s**%n%n",
              cold.startSeconds(),
              s.runs(),
              cold.startSeconds() + s.wallSeconds()));
    }
    if (cold != null && cold.warmQmph() > 0) {
      String since = cold.fromStartCommand() ? " from the start command" : "";
      md.append(
          cold.reached()
              ? String.format(
                  Locale.ROOT,
                  "From cold: 90%% of the warm %,.0f QMpH reached after **%.1f s**%s%n%n",
                  cold.warmQmph(),
                  cold.secondsTo90(),
                  since)
              : String.format(
                  Locale.ROOT,
                  "From cold: 90%% of the warm %,.0f QMpH **not reached** in %.0f s%n%n",
                  cold.warmQmph(),
                  s.wallSeconds()));
    }
    md.append(
        "| query | count | AQET ms | geo ms | min ms | p50 ms | p95 ms | max ms | QPS | results avg"
            + " (min..max) | timeouts |\n");
    md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|\n");
    for (QueryStats q : s.queries()) {
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.1f | %.1f (%d..%d) | %d |%n",
              q.name(),
              q.count(),
              q.meanMs(),
              q.geoMeanMs(),
              q.minMs(),
              q.p50Ms(),
              q.p95Ms(),
              q.maxMs(),
              q.qps(),
              q.avgResults(),
              q.minResults(),
              q.maxResults(),
              q.timeouts()));
    }
    if (!s.checkFailures().isEmpty()) {
      md.append("\nResult checks that failed:\n\n");
      s.checkFailures().forEach(f -> md.append("- ").append(f).append('\n'));
    }
    return md.toString();
  }

  /** A bar chart of each template's mean and p95 time. */
  public static void queryChart(Summary s, Path png) throws IOException {
    CategoryChart chart =
        Charts.bars(
            String.format(
                Locale.ROOT,
                "BSBM %s, %,d products, %d client%s: %,.0f QMpH (%s)",
                s.useCase(),
                s.products(),
                s.clients(),
                s.clients() == 1 ? "" : "s",
                s.qmph(),
                s.target()),
            "query",
            "ms");
    List<String> names = s.queries().stream().map(q -> q.name().replace("query", "Q")).toList();
    chart.addSeries("mean", names, s.queries().stream().map(QueryStats::meanMs).toList());
    chart.addSeries("p95", names, s.queries().stream().map(QueryStats::p95Ms).toList());
    chart.getStyler().setXAxisLabelRotation(45);
    Charts.save(chart, png);
  }

  /** QMpH per period since the measured phase began (the cold-start curve). */
  public static void timelineChart(Summary s, Path png) throws IOException {
    XYChart chart = Charts.qmph("BSBM QMpH over time: " + s.target(), "seconds since start");
    List<Double> x = Charts.addTimeline(chart, s.target(), s);
    if (s.coldStart() != null && s.coldStart().warmQmph() > 0 && !x.isEmpty()) {
      double line = ColdStart.SHARE * s.coldStart().warmQmph();
      chart.addSeries("90% of warm", List.of(0.0, x.getLast()), List.of(line, line));
    }
    Charts.save(chart, png);
  }
}
