package dev.quarry.bsbm.driver;

import java.util.List;

/**
 * How a run started from cold compares with the same system warm: the warm QMpH it is measured
 * against, and the seconds from the start until throughput first reached 90% of it — throughput
 * over a sliding window of one period, ending at each mix's completion (so the figure's resolution
 * is a mix, not a period). -1 if it never did within the run.
 */
public record ColdStart(double warmQmph, double secondsTo90) {
  public static final double SHARE = 0.9;

  /** From the measured mixes (sorted by end time) of a run with no warm-up. */
  public static ColdStart of(double warmQmph, List<Driver.MixTiming> mixes, int windowSeconds) {
    long window = windowSeconds * 1_000_000_000L;
    double needed = SHARE * warmQmph * windowSeconds / 3600; // mixes per window
    int from = 0;
    for (int i = 0; i < mixes.size(); i++) {
      long end = mixes.get(i).endNanos();
      while (mixes.get(from).endNanos() <= end - window) {
        from++;
      }
      if (end >= window && i - from + 1 >= needed) {
        return new ColdStart(warmQmph, end / 1e9);
      }
    }
    return new ColdStart(warmQmph, -1);
  }

  public boolean reached() {
    return secondsTo90 >= 0;
  }
}
