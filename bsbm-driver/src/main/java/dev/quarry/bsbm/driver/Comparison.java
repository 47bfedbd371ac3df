package dev.quarry.bsbm.driver;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.CategoryChart;

/**
 * Several systems side by side: for each, its load (seconds, triples) and its runs' QMpH by client
 * count, with the ratio to a reference system (Quarry). One Markdown table and one chart.
 */
public final class Comparison {
  /** One system's figures. */
  public record Row(String system, double loadSeconds, long triples, Map<Integer, Double> qmph) {}

  private final List<Row> rows;
  private final String reference;

  public Comparison(List<Row> rows, String reference) {
    List<Row> ordered = new ArrayList<>(rows);
    ordered.sort(Comparator.comparing(r -> !r.system().equals(reference))); // it first
    this.rows = List.copyOf(ordered);
    this.reference = reference;
  }

  /** Groups run summaries by target name; loads by system name (absent: not measured). */
  public static List<Row> rows(List<Summary> runs, Map<String, double[]> loads) {
    Map<String, Map<Integer, Double>> bySystem = new LinkedHashMap<>();
    for (Summary s : runs) {
      bySystem.computeIfAbsent(s.target(), k -> new LinkedHashMap<>()).put(s.clients(), s.qmph());
    }
    List<Row> out = new ArrayList<>();
    for (var e : bySystem.entrySet()) {
      double[] load = loads.getOrDefault(e.getKey(), new double[] {0, 0});
      out.add(new Row(e.getKey(), load[0], (long) load[1], e.getValue()));
    }
    return out;
  }

  public String markdown(List<Integer> clients) {
    Row ref = rows.stream().filter(r -> r.system().equals(reference)).findFirst().orElse(null);
    StringBuilder md = new StringBuilder("| system | load s | triples/s |");
    StringBuilder rule = new StringBuilder("|---|---:|---:|");
    for (int c : clients) {
      md.append(" QMpH ").append(c).append(c == 1 ? " client |" : " clients |");
      md.append(" ").append(reference).append(" ÷ this |");
      rule.append("---:|---:|");
    }
    md.append('\n').append(rule).append('\n');
    for (Row r : rows) {
      md.append("| ").append(r.system()).append(" | ");
      md.append(r.loadSeconds() > 0 ? String.format(Locale.ROOT, "%.0f", r.loadSeconds()) : "–");
      md.append(" | ");
      md.append(
          r.loadSeconds() > 0
              ? String.format(Locale.ROOT, "%,.0f", r.triples() / r.loadSeconds())
              : "–");
      md.append(" |");
      for (int c : clients) {
        Double q = r.qmph().get(c);
        Double base = ref == null ? null : ref.qmph().get(c);
        md.append(q == null ? " – |" : String.format(Locale.ROOT, " %,.0f |", q));
        md.append(
            q == null || base == null || q == 0
                ? " – |"
                : String.format(Locale.ROOT, " %.2fx |", base / q));
      }
      md.append('\n');
    }
    return md.toString();
  }

  /**
   * Each template's mean time (ms) per system, for the runs with {@code clients} clients, the
   * fastest in bold, and the average result count beside it (the same answers, or not). Templates
   * in the order of the first run.
   */
  public static String templates(List<Summary> runs, int clients) {
    List<Summary> these = runs.stream().filter(r -> r.clients() == clients).toList();
    if (these.isEmpty()) {
      return "";
    }
    StringBuilder md =
        new StringBuilder("| template (mean ms, ")
            .append(clients)
            .append(clients == 1 ? " client)" : " clients)")
            .append(" |");
    StringBuilder rule = new StringBuilder("|---|");
    for (Summary r : these) {
      md.append(' ').append(r.target()).append(" |");
      rule.append("---:|");
    }
    md.append(" results (avg) |\n").append(rule).append("---|\n");
    for (QueryStats t : these.get(0).queries()) {
      double best = Double.MAX_VALUE;
      for (Summary r : these) {
        QueryStats q = find(r, t.name());
        if (q != null && q.count() > 0) {
          best = Math.min(best, q.meanMs());
        }
      }
      md.append("| ").append(t.name()).append(" |");
      List<String> results = new ArrayList<>();
      for (Summary r : these) {
        QueryStats q = find(r, t.name());
        if (q == null || q.count() == 0) {
          md.append(" – |");
          results.add("–");
          continue;
        }
        String ms = String.format(Locale.ROOT, "%,.1f", q.meanMs());
        md.append(q.meanMs() == best ? " **" + ms + "** |" : " " + ms + " |");
        results.add(String.format(Locale.ROOT, "%.1f", q.avgResults()));
      }
      md.append(' ').append(String.join(" / ", results)).append(" |\n");
    }
    return md.toString();
  }

  private static QueryStats find(Summary run, String template) {
    return run.queries().stream().filter(q -> q.name().equals(template)).findFirst().orElse(null);
  }

  /** QMpH per system, one bar per client count. */
  public void chart(List<Integer> clients, String title, Path png) throws IOException {
    CategoryChart chart = Charts.bars(title, "system", "QMpH");
    List<String> names = rows.stream().map(Row::system).toList();
    for (int c : clients) {
      chart.addSeries(
          c + (c == 1 ? " client" : " clients"),
          names,
          rows.stream().map(r -> r.qmph().getOrDefault(c, 0.0)).toList());
    }
    Charts.save(chart, png);
  }
}
