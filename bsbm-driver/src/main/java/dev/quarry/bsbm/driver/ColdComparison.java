package dev.quarry.bsbm.driver;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;

/**
 * Several systems' runs from cold, side by side: each one's QMpH over time on one chart, and a
 * table of how soon each reached 90% of its own warm figure.
 */
public final class ColdComparison {
  private ColdComparison() {}

  public static String markdown(List<Summary> runs) {
    StringBuilder md =
        new StringBuilder(
            "| system | clients | first period QMpH | warm QMpH | 90% of warm after | mixes |\n"
                + "|---|---:|---:|---:|---:|---:|\n");
    for (Summary s : runs) {
      ColdStart c = s.coldStart();
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %,.0f | %s | %s | %,d |%n",
              s.target(),
              s.clients(),
              s.timeline().isEmpty() ? 0.0 : s.timeline().getFirst(),
              c == null ? "–" : String.format(Locale.ROOT, "%,.0f", c.warmQmph()),
              c == null
                  ? "–"
                  : c.reached()
                      ? String.format(Locale.ROOT, "%.0f s", c.secondsTo90())
                      : String.format(Locale.ROOT, "not in %.0f s", s.wallSeconds()),
              s.runs()));
    }
    return md.toString();
  }

  /** QMpH per period since the start, one line per run. */
  public static void chart(List<Summary> runs, String title, Path png) throws IOException {
    XYChart chart = Charts.qmph(title, "seconds since start");
    for (Summary s : runs) {
      Charts.addTimeline(chart, s.target() + ", " + s.clients() + " cl.", s);
    }
    Charts.save(chart, png);
  }
}
