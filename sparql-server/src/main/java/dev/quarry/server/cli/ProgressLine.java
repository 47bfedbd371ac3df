package dev.quarry.server.cli;

import dev.quarry.io.Loader;
import java.io.PrintWriter;
import java.time.Duration;

/** A load's progress on one line of the terminal: phase, statements, rate, share read, ETA. */
final class ProgressLine implements Loader.Progress {
  private final PrintWriter err;

  ProgressLine(PrintWriter err) {
    this.err = err;
  }

  @Override
  public void update(long statements, Duration elapsed) {
    status(new Loader.Status("parse", statements, -1, -1, elapsed));
  }

  @Override
  public void status(Loader.Status s) {
    double secs = Math.max(1e-9, s.elapsed().toNanos() / 1e9);
    StringBuilder line =
        new StringBuilder(
            String.format(
                "\r  %-5s %,d triples, %.1f s, %,.0f triples/s",
                s.phase(), s.statements(), secs, s.statements() / secs));
    if (s.bytesTotal() > 0 && s.bytesRead() >= 0) {
      line.append(String.format(", %.0f%% read", 100.0 * s.bytesRead() / s.bytesTotal()));
    }
    Duration eta = s.eta();
    if (eta != null) {
      line.append(String.format(", ETA %d s", eta.toSeconds()));
    }
    if (s.phase().equals("build")) {
      line.append(": sorting and building the indexes");
    }
    err.print(line.append("    "));
    err.flush();
  }
}
