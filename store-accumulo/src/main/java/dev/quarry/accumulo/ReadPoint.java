package dev.quarry.accumulo;

import dev.quarry.accumulo.tserver.VersionIterator;
import dev.quarry.accumulo.tserver.VisibleVersions;
import java.util.Arrays;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.ScannerBase;

/**
 * What a transaction reads: every cell written by commit {@code txn} or before, except the cells of
 * transactions that were aborted, and of each key only its newest such version.
 *
 * <p>Cells carry their transaction in their timestamp: {@code txn << 20 | flush}, the flush
 * numbering the writer's batches within it, so that a later write of a key in the same transaction
 * is newer. Tables keep every version (created without Accumulo's versioning iterator); a reader
 * applies Quarry's {@link VisibleVersions} on the tablet servers, which keeps of each key the
 * newest version up to its point that no aborted transaction wrote (on the quad tables, none if
 * that is a deletion). A commit is then one conditional write of the commit number: until it lands
 * no reader reads a cell of it, after it every reader that begins reads all of them. {@link
 * Compaction} drops the versions no reader can see.
 */
record ReadPoint(long txn, long[] aborted) {
  static final int FLUSH_BITS = 20;
  static final long FLUSH_MASK = (1L << FLUSH_BITS) - 1;

  /** The values of quad cells: present, or deleted in that version. */
  static final byte[] PRESENT = {'+'};

  static final byte[] DELETED = {'-'};

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
    IteratorSetting visible = new IteratorSetting(10, "quarryVisible", VisibleVersions.class);
    visible.addOption(VisibleVersions.UP_TO, Long.toString(txn));
    visible.addOption(VersionIterator.ABORTED, abortedUpTo(txn));
    visible.addOption(VersionIterator.LIVE, Boolean.toString(quads));
    scan.addScanIterator(visible);
  }

  /** The aborted transactions up to {@code last}, comma-separated (the iterators' option). */
  String abortedUpTo(long last) {
    StringBuilder b = new StringBuilder();
    for (long a : aborted) {
      if (a <= last) {
        b.append(b.isEmpty() ? "" : ",").append(a);
      }
    }
    return b.toString();
  }
}
