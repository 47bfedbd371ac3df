package dev.quarry.accumulo.tserver;

import java.util.Map;

/**
 * A compaction that drops what no reader can see: every cell of an aborted transaction, and of each
 * key the versions older than its newest at the {@link #HORIZON} (the oldest state any reader
 * reads, or will). Versions after the horizon stay, each may be some reader's (or the open
 * writer's) own. On a quad table, a deletion that is the newest version at the horizon goes too,
 * but only in a compaction of all a tablet's files: in a partial one an older version may be in a
 * file left out, and would come back.
 */
public final class ExpiredVersions extends VersionIterator {
  /** Option: the oldest transaction any reader reads at. */
  public static final String HORIZON = "horizon";

  private long horizon;

  @Override
  void configure(Map<String, String> options) {
    horizon = Long.parseLong(options.get(HORIZON));
  }

  @Override
  Verdict judge(long txn, boolean deleted) {
    if (aborted(txn)) {
      return Verdict.SKIP;
    }
    if (txn > horizon) {
      return Verdict.PASS;
    }
    return deleted && env != null && env.isFullMajorCompaction()
        ? Verdict.DROP_REST
        : Verdict.PASS_LAST;
  }

  @Override
  VersionIterator fresh() {
    return new ExpiredVersions();
  }
}
