package dev.quarry.accumulo;

import dev.quarry.core.storage.StoreException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.AccumuloSecurityException;
import org.apache.accumulo.core.client.ConditionalWriter;
import org.apache.accumulo.core.client.ConditionalWriterConfig;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Condition;
import org.apache.accumulo.core.data.ConditionalMutation;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;

/**
 * The store's transaction record: one row of the meta table, changed only by conditional mutations
 * (atomic per row on the tablet server), so that any number of Quarry servers over the same
 * instance agree on it. Columns: {@code commit} (the last committed transaction), {@code next} (the
 * last transaction number given out), {@code lock} (the writer's token: owner, transaction, lease
 * end), {@code aborted:N} (transactions whose cells readers must skip: empty if the writer aborted,
 * {@code taken-over} if its lease ran out), {@code ids} (the next free term id: writers lease
 * blocks of ids from it).
 */
final class TxnLog {
  private static final String ROW = "txn";
  private static final String COMMIT = "commit";
  private static final String NEXT = "next";
  private static final String LOCK = "lock";
  private static final String ABORTED = "aborted";
  private static final String IDS = "ids";

  /** The value of an {@code aborted:N} column when N was taken over, not aborted by its writer. */
  private static final String TAKEN_OVER = "taken-over";

  private final AccumuloClient client;
  private final String table;
  private final RoundTrips trips;

  TxnLog(AccumuloClient client, String table, RoundTrips trips) {
    this.trips = trips;
    this.client = client;
    this.table = table;
  }

  /** The record as read now. */
  record State(long committed, long next, String lock, long[] aborted, long ids) {
    ReadPoint readPoint() {
      return new ReadPoint(committed, aborted);
    }
  }

  /**
   * A writer's hold on the lock: its transaction, the state it began from, its token. Renewal,
   * commit and abort hold the lease's monitor: a renewal runs on a timer thread, and a commit that
   * read the token just before a renewal replaced it in the table would find the lock "taken over"
   * (LubmAccumuloTest's ten-second bulk load met its renewal so, on a loaded machine).
   */
  static final class Lease {
    final long txn;
    final State base;
    volatile String token; // renewals replace it
    boolean ended; // committed or aborted: a renewal after that writes nothing

    Lease(long txn, State base, String token) {
      this.txn = txn;
      this.base = base;
      this.token = token;
    }
  }

  State read() {
    long committed = 0;
    long next = 0;
    long ids = 0;
    String lock = null;
    List<Long> aborted = new ArrayList<>();
    trips.count(RoundTrips.Kind.TXN);
    try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
      s.setRange(Range.exact(ROW));
      for (Map.Entry<Key, Value> e : trips.counted(s)) {
        String cf = e.getKey().getColumnFamily().toString();
        String v = e.getValue().toString();
        switch (cf) {
          case COMMIT -> committed = Long.parseLong(v);
          case NEXT -> next = Long.parseLong(v);
          case LOCK -> lock = v;
          case IDS -> ids = Long.parseLong(v);
          case ABORTED -> aborted.add(Long.parseLong(e.getKey().getColumnQualifier().toString()));
          default -> {}
        }
      }
    } catch (TableNotFoundException e) {
      throw new StoreException("the store's tables are gone: " + e.getMessage(), e);
    }
    long[] a = aborted.stream().mapToLong(Long::longValue).toArray();
    return new State(committed, next, lock, a, ids);
  }

  /**
   * Takes the writer lock for a new transaction, waiting up to {@code timeout} for a live holder to
   * let go. A holder whose lease has ended is taken over: its transaction is recorded aborted, so
   * that whatever it wrote stays unread.
   */
  Lease acquire(String owner, Duration lease, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    String tried = null; // a write whose outcome was unknown may have taken the lock
    try (ConditionalWriter w = writer()) {
      while (true) {
        State s = read();
        long now = System.currentTimeMillis();
        if (s.lock != null && s.lock.equals(tried)) {
          return new Lease(txnOf(tried), s, tried);
        }
        if (s.lock == null || leaseEnd(s.lock) < now) {
          long txn = s.next + 1;
          tried = owner + "/" + txn + "/" + (now + lease.toMillis());
          ConditionalMutation m =
              new ConditionalMutation(ROW, same(NEXT, s.next), same(LOCK, s.lock));
          m.put(NEXT, "", Long.toString(txn));
          m.put(LOCK, "", tried);
          if (s.lock != null) {
            m.put(ABORTED, Long.toString(txnOf(s.lock)), TAKEN_OVER);
          }
          if (write(w, m)) {
            return new Lease(txn, read(), tried);
          }
          continue;
        }
        if (System.nanoTime() > deadline) {
          throw new StoreException(
              "timed out after " + timeout + " waiting for the writer lock, held by " + s.lock);
        }
        sleep(20);
      }
    }
  }

  /**
   * Extends the lease; false if the lock is no longer the lease's (its lease ended, taken over).
   */
  boolean renew(Lease l, Duration lease) {
    synchronized (l) {
      if (l.ended) {
        return false;
      }
      String old = l.token;
      String token =
          old.substring(0, old.lastIndexOf('/') + 1)
              + (System.currentTimeMillis() + lease.toMillis());
      try (ConditionalWriter w = writer()) {
        ConditionalMutation m = new ConditionalMutation(ROW, same(LOCK, old));
        m.put(LOCK, "", token);
        if (write(w, m) || token.equals(read().lock)) {
          l.token = token;
          return true;
        }
        return false;
      }
    }
  }

  /** Makes the lease's transaction the committed one and frees the lock. */
  void commit(Lease l) {
    synchronized (l) {
      l.ended = true;
      commitHeld(l);
    }
  }

  private void commitHeld(Lease l) {
    try (ConditionalWriter w = writer()) {
      ConditionalMutation m = new ConditionalMutation(ROW, same(LOCK, l.token));
      m.put(COMMIT, "", Long.toString(l.txn));
      m.putDelete(LOCK, "");
      if (!write(w, m)) {
        State s = read();
        if (s.committed != l.txn) {
          throw new StoreException(
              "commit failed: the writer lock of transaction "
                  + l.txn
                  + " was taken over (its lease ran out); nothing of it is visible");
        }
      }
    }
  }

  /** Frees the lock; if the transaction wrote cells, records it aborted first. */
  void abort(Lease l, boolean wrote) {
    synchronized (l) {
      l.ended = true;
      abortHeld(l, wrote);
    }
  }

  private void abortHeld(Lease l, boolean wrote) {
    try (ConditionalWriter w = writer()) {
      ConditionalMutation m = new ConditionalMutation(ROW, same(LOCK, l.token));
      if (wrote) {
        m.put(ABORTED, Long.toString(l.txn), "");
      }
      m.putDelete(LOCK, "");
      write(w, m); // rejected: the lock was taken over, which recorded the abort
    }
  }

  /**
   * Strikes from the record those of {@code compacted} (aborted transactions whose cells a
   * compaction has dropped) that their own writer aborted; returns how many. A transaction taken
   * over stays: its writer may still send a batch, which readers must keep skipping.
   */
  int clearAborted(long[] compacted) {
    int cleared = 0;
    try (ConditionalWriter w = writer()) {
      for (long a : compacted) {
        ConditionalMutation m =
            new ConditionalMutation(ROW, new Condition(ABORTED, Long.toString(a)).setValue(""));
        m.putDelete(ABORTED, Long.toString(a));
        if (write(w, m)) {
          cleared++;
        }
      }
    }
    return cleared;
  }

  /** Leases {@code n} term ids; returns the first (the others follow it; ids start at 1). */
  long leaseIds(int n) {
    try (ConditionalWriter w = writer()) {
      while (true) {
        State s = read();
        long first = Math.max(1, s.ids);
        ConditionalMutation m = new ConditionalMutation(ROW, same(IDS, s.ids));
        m.put(IDS, "", Long.toString(first + n));
        if (write(w, m)) {
          return first;
        }
      }
    }
  }

  private static Condition same(String column, long value) {
    return same(column, value <= 0 ? null : Long.toString(value));
  }

  private static Condition same(String column, String value) {
    Condition c = new Condition(column, "");
    return value == null ? c : c.setValue(value);
  }

  private static long leaseEnd(String token) {
    return Long.parseLong(token.substring(token.lastIndexOf('/') + 1));
  }

  private static long txnOf(String token) {
    return Long.parseLong(token.split("/")[1]);
  }

  private ConditionalWriter writer() {
    try {
      return client.createConditionalWriter(table, new ConditionalWriterConfig());
    } catch (TableNotFoundException e) {
      throw new StoreException("the store's tables are gone: " + e.getMessage(), e);
    }
  }

  /** True if accepted; an unknown outcome is resolved by the caller re-reading the row. */
  private boolean write(ConditionalWriter w, ConditionalMutation m) {
    trips.count(RoundTrips.Kind.TXN);
    try {
      ConditionalWriter.Status s = w.write(m).getStatus();
      return s == ConditionalWriter.Status.ACCEPTED;
    } catch (AccumuloException | AccumuloSecurityException e) {
      throw new StoreException("writing the transaction record: " + e.getMessage(), e);
    }
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StoreException("interrupted waiting to write");
    }
  }
}
