package dev.quarry.accumulo.tserver;

import java.util.Map;

/**
 * A reader's view of a table, applied on the tablet servers: of each key, the newest version that
 * transaction {@link #UP_TO} or an earlier one wrote, unless its transaction was aborted; on a quad
 * table nothing if that version is a deletion. One iterator where Accumulo's own would take a
 * timestamp filter, one negated filter per aborted transaction (an iterator priority each), the
 * versioning iterator and a value filter.
 */
public final class VisibleVersions extends VersionIterator {
  /** Option: the reader's transaction (cells of later ones are not read). */
  public static final String UP_TO = "upTo";

  private long upTo;

  @Override
  void configure(Map<String, String> options) {
    upTo = Long.parseLong(options.get(UP_TO));
  }

  @Override
  Verdict judge(long txn, boolean deleted) {
    if (txn > upTo || aborted(txn)) {
      return Verdict.SKIP;
    }
    return deleted ? Verdict.DROP_REST : Verdict.PASS_LAST;
  }

  @Override
  VersionIterator fresh() {
    return new VisibleVersions();
  }
}
