package dev.quarry.accumulo;

import dev.quarry.accumulo.tserver.ExpiredVersions;
import dev.quarry.accumulo.tserver.VersionIterator;
import dev.quarry.core.storage.StoreException;
import java.time.Duration;
import java.util.List;
import org.apache.accumulo.core.client.IteratorSetting;
import org.apache.accumulo.core.client.admin.CompactionConfig;

/**
 * Housekeeping: a compaction of every versioned table through {@link ExpiredVersions}, which drops
 * the cells of aborted transactions and the versions superseded at the horizon, the oldest state a
 * live reader of any server reads ({@link Readers}). Tables keep every version otherwise, so
 * without it a store grows with every update. Aborted transactions that their own writer recorded
 * are then struck from the transaction record (their cells are gone); one taken over from a writer
 * whose lease ran out stays, since that writer may still send a late batch.
 */
final class Compaction {
  private Compaction() {}

  /** What a compaction did, for people and tests. */
  record Report(long horizon, long committed, int abortedCleared, int tables, Duration took) {
    @Override
    public String toString() {
      return tables
          + " tables compacted in "
          + took.toMillis()
          + " ms: versions superseded at transaction "
          + horizon
          + " (the last commit is "
          + committed
          + ") and the cells of aborted transactions dropped; "
          + abortedCleared
          + " aborted transactions cleared from the record";
    }
  }

  static Report run(AccumuloBackend backend) {
    long t0 = System.nanoTime();
    TxnLog.State s = backend.txnLog.read();
    long horizon = backend.readers.horizon(s.committed());
    String aborted = s.readPoint().abortedUpTo(Long.MAX_VALUE);
    List<String> tables = backend.tables.versioned();
    for (String table : tables) {
      IteratorSetting expired = new IteratorSetting(10, "quarryExpired", ExpiredVersions.class);
      expired.addOption(ExpiredVersions.HORIZON, Long.toString(horizon));
      expired.addOption(VersionIterator.ABORTED, aborted);
      expired.addOption(
          VersionIterator.LIVE, Boolean.toString(backend.tables.quads.containsValue(table)));
      try {
        backend
            .client
            .tableOperations()
            .compact(
                table,
                new CompactionConfig().setIterators(List.of(expired)).setFlush(true).setWait(true));
      } catch (Exception e) {
        throw new StoreException("compacting table " + table + ": " + e.getMessage(), e);
      }
    }
    int cleared = backend.txnLog.clearAborted(s.aborted());
    return new Report(
        horizon, s.committed(), cleared, tables.size(), Duration.ofNanos(System.nanoTime() - t0));
  }
}
