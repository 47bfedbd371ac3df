package dev.quarry.bsbm.driver;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;

/** The driver's charts share one size and one look: QMpH from 0, in plain thousands. */
final class Charts {
  private static final int WIDTH = 1000;
  private static final int HEIGHT = 500;

  private Charts() {}

  /** A line chart of QMpH against {@code xAxis}. */
  static XYChart qmph(String title, String xAxis) {
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle(xAxis)
            .yAxisTitle("QMpH")
            .build();
    chart.getStyler().setYAxisDecimalPattern("#,###");
    chart.getStyler().setYAxisMin(0.0);
    return chart;
  }

  static CategoryChart bars(String title, String xAxis, String yAxis) {
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle(xAxis)
            .yAxisTitle(yAxis)
            .build();
    chart.getStyler().setYAxisDecimalPattern("#,###.##"); // 180,000, not 1.8E5
    return chart;
  }

  /** A run's QMpH per period, each point at its period's end; returns the x values. */
  static List<Double> addTimeline(XYChart chart, String name, Summary s) {
    // a run timed from the server's start command begins where the server first answered
    double from = s.coldStart() == null ? 0 : s.coldStart().startSeconds();
    List<Double> x =
        IntStream.range(0, s.timeline().size())
            .mapToObj(i -> from + (double) (i + 1) * s.periodSeconds())
            .toList();
    if (!x.isEmpty()) {
      chart.addSeries(name, x, s.timeline());
    }
    return x;
  }

  static void save(Chart<?, ?> chart, Path png) throws IOException {
    BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}
