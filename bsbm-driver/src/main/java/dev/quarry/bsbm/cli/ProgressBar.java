package dev.quarry.bsbm.cli;

import java.io.PrintStream;

/** A one-line progress bar on a terminal stream, redrawn at most every 200 ms. */
final class ProgressBar {
  private final PrintStream out;
  private final long start = System.nanoTime();
  private long lastDraw;

  ProgressBar(PrintStream out) {
    this.out = out;
  }

  void show(String what, long done, long total, String extra) {
    long now = System.nanoTime();
    if (done < total && now - lastDraw < 200_000_000L) {
      return;
    }
    lastDraw = now;
    int width = 30;
    int filled = total == 0 ? width : (int) (width * done / total);
    double seconds = (now - start) / 1e9;
    out.printf(
        "\r  %-8s [%s%s] %5.1f%% %s  %.0f s ",
        what,
        "#".repeat(filled),
        ".".repeat(width - filled),
        total == 0 ? 100.0 : 100.0 * done / total,
        extra,
        seconds);
    out.flush();
  }

  void done() {
    out.println();
  }
}
