package dev.quarry.bsbm.driver;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;

/**
 * The throughput-versus-cache curve: QMpH of the same warm run with buffer pools of several sizes,
 * as fractions of the store's page file (what the pool caches), with the pool's hit ratio over the
 * measured mixes. Decides how a deployment is sized.
 */
public final class CacheSweep {
  /** One pool size's run. */
  public record Point(double fraction, long poolBytes, double qmph, double hitRatio, long reads) {}

  private CacheSweep() {}

  public static String markdown(
      String title, long pageFileBytes, long termFileBytes, List<Point> points) {
    StringBuilder md = new StringBuilder();
    md.append("## ").append(title).append("\n\n");
    md.append(
        String.format(
            Locale.ROOT,
            "Page file %s (what the pool caches); term file %s (read through the OS cache and the"
                + " term cache).%n%n",
            mb(pageFileBytes),
            mb(termFileBytes)));
    md.append("| pool ÷ page file | pool | QMpH | pool hit ratio | page reads |\n");
    md.append("|---:|---:|---:|---:|---:|\n");
    for (Point p : points) {
      md.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %,.0f | %.2f%% | %,d |%n",
              fraction(p.fraction()),
              mb(p.poolBytes()),
              p.qmph(),
              100 * p.hitRatio(),
              p.reads()));
    }
    return md.toString();
  }

  public static void chart(String title, List<Point> points, Path png) throws IOException {
    XYChart chart = Charts.qmph(title, "buffer pool ÷ page file");
    // Pool sizes double from point to point: x is log2 of the fraction, labelled as the fraction.
    chart.getStyler().setLegendVisible(false);
    chart.getStyler().setXAxisDecimalPattern("0");
    chart.setCustomXAxisTickLabelsFormatter(x -> fraction(Math.pow(2, Math.round(x))));
    chart.addSeries(
        "QMpH",
        points.stream().map(p -> Math.log(p.fraction()) / Math.log(2)).toList(),
        points.stream().map(Point::qmph).toList());
    Charts.save(chart, png);
  }

  private static String fraction(double f) {
    return f >= 1 ? String.format(Locale.ROOT, "%.0f", f) : "1/" + Math.round(1 / f);
  }

  private static String mb(long bytes) {
    return String.format(Locale.ROOT, "%,.0f MB", bytes / 1048576.0);
  }
}
