package dev.quarry.bsbm.driver;

import java.util.List;

/**
 * How a run started from cold compares with the same system warm: the warm QMpH it is measured
 * against, and the seconds until throughput first reached 90% of it — throughput over a sliding
 * window of one period, ending at each mix's completion (so the figure's resolution is a mix, not a
 * period). -1 if it never did within the run (or no warm figure was given).
 *
 * <p>When the run was told when the server's start command ran, {@code startSeconds} is the time
 * from that command to the first measured mix (the server's start-up, seen by a client) and {@code
 * secondsTo90} counts from the command too: a cold start is judged from the moment a user starts
 * the server, not from the moment it first answers. Otherwise both count from the first mix and
 * {@code startSeconds} is 0.
 */
public record ColdStart(double warmQmph, double secondsTo90, double startSeconds) {
  public static final double SHARE = 0.9;

  /**
   * From the measured mixes (sorted by end time) of a run with no warm-up that began {@code
   * startNanos} after the server's start command (0: unknown).
   */
  public static ColdStart of(
      double warmQmph, List<Driver.MixTiming> mixes, int windowSeconds, long startNanos) {
    long window = windowSeconds * 1_000_000_000L;
    double needed = SHARE * warmQmph * windowSeconds / 3600; // mixes per window
    int from = 0;
    for (int i = 0; warmQmph > 0 && i < mixes.size(); i++) {
      long end = startNanos + mixes.get(i).endNanos();
      while (startNanos + mixes.get(from).endNanos() <= end - window) {
        from++;
      }
      if (end >= window && i - from + 1 >= needed) {
        return new ColdStart(warmQmph, end / 1e9, startNanos / 1e9);
      }
    }
    return new ColdStart(warmQmph, -1, startNanos / 1e9);
  }

  public boolean reached() {
    return secondsTo90 >= 0;
  }

  /** Whether the times count from the server's start command. */
  public boolean fromStartCommand() {
    return startSeconds > 0;
  }
}
