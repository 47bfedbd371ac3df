package dev.quarry.accumulo;

import java.util.Arrays;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.ScannerBase;
import org.apache.accumulo.core.iterators.Filter;
import org.apache.accumulo.core.iterators.user.RegExFilter;
import org.apache.accumulo.core.iterators.user.TimestampFilter;
import org.apache.accumulo.core.iterators.user.VersioningIterator;

/**
 * What a transaction reads: every cell written by commit {@code txn} or before, except the cells of
 * transactions that were aborted, and of each key only its newest such version.
 *
 * <p>Cells carry their transaction in their timestamp: {@code txn << 20 | flush}, the flush
 * numbering the writer's batches within it, so that a later write of a key in the same transaction
 * is newer. Tables keep every version (created without Accumulo's versioning iterator); a reader
 * applies, on the tablet servers, with Accumulo's own iterators: a timestamp filter up to its
 * point, one negated timestamp filter per aborted transaction, the versioning iterator (the newest
 * version left) and, on the quad tables, a filter that drops keys whose newest version is a
 * deletion. A commit is then one conditional write of the commit number: until it lands no reader
 * reads a cell of it, after it every reader that begins reads all of them.
 */
record ReadPoint(long txn, long[] aborted) {
  static final int FLUSH_BITS = 20;
  static final long FLUSH_MASK = (1L << FLUSH_BITS) - 1;

  /** The values of quad cells: present, or deleted in that version. */
  static final byte[] PRESENT = {'+'};

  static final byte[] DELETED = {'-'};

  /** Aborted transactions a reader can filter out (each takes an iterator priority). */
  static final int MAX_ABORTED = 30;

  @Override
  public boolean equals(Object o) {
    return o instanceof ReadPoint r && r.txn == txn && Arrays.equals(r.aborted, aborted);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(txn) * 31 + Arrays.hashCode(aborted);
  }

  @Override
  public String toString() {
    return "txn " + txn + " without " + Arrays.toString(aborted);
  }

  /** The timestamp of the cells of transaction {@code txn}'s flush {@code flush}. */
  static long timestamp(long txn, int flush) {
    return txn << FLUSH_BITS | flush;
  }

  /** Sets up a scan of this point on the tablet servers; {@code quads}: a quad table's scan. */
  void apply(ScannerBase scan, boolean quads) {
    IteratorSetting upTo = new IteratorSetting(10, "quarryUpTo", TimestampFilter.class);
    TimestampFilter.setEnd(upTo, timestamp(txn, (int) FLUSH_MASK), true);
    scan.addScanIterator(upTo);
    int priority = 11;
    for (long a : aborted) {
      if (a > txn) {
        continue;
      }
      IteratorSetting not =
          new IteratorSetting(priority++, "quarryAborted" + a, TimestampFilter.class);
      TimestampFilter.setRange(not, timestamp(a, 0), true, timestamp(a, (int) FLUSH_MASK), true);
      Filter.setNegate(not, true);
      scan.addScanIterator(not);
    }
    IteratorSetting newest = new IteratorSetting(50, "quarryNewest", VersioningIterator.class);
    VersioningIterator.setMaxVersions(newest, 1);
    scan.addScanIterator(newest);
    if (quads) {
      IteratorSetting live = new IteratorSetting(60, "quarryLive", RegExFilter.class);
      RegExFilter.setRegexs(live, null, null, null, "\\+", false);
      scan.addScanIterator(live);
    }
  }
}
