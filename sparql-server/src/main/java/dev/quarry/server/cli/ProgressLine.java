package dev.quarry.server.cli;

import dev.quarry.io.Loader;
import java.io.PrintWriter;
import java.time.Duration;

/** A load's progress on one line of the terminal: phase, statements, rate, share read, ETA. */
final class ProgressLine implements Loader.Progress {
  private final PrintWriter err;
  private boolean open; // a line is on the terminal without its line end

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
    StringBuilder line = new StringBuilder(String.format("\r  %-5s ", s.phase()));
    if (s.bytesTotal() > 0 && s.bytesRead() >= 0) {
      double share = Math.min(1, s.bytesRead() / (double) s.bytesTotal());
      int filled = (int) Math.round(share * 30);
      line.append('[')
          .append("#".repeat(filled))
          .append(".".repeat(30 - filled))
          .append(String.format("] %3.0f%% ", 100 * share));
    }
    line.append(
        String.format(
            "%,d triples, %.1f s, %,.0f triples/s", s.statements(), secs, s.statements() / secs));
    Duration eta = s.eta();
    if (eta != null) {
      line.append(String.format(", ETA %d s", eta.toSeconds()));
    }
    boolean last = s.phase().equals("build");
    if (last) {
      line.append(": sorting and building the indexes");
    }
    line.append("    ");
    if (last) { // what the store logs while it builds (the text index) goes below the line
      line.append(System.lineSeparator());
    }
    open = !last;
    err.print(line);
    err.flush();
  }

  /** Ends the progress line, if one is still open. */
  void finish() {
    if (open) {
      err.println();
      open = false;
    }
  }
}
