package dev.quarry.accumulo;

import dev.quarry.core.storage.StoreException;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.AccumuloException;
import org.apache.accumulo.core.client.BatchWriter;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Mutation;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;

/**
 * The oldest state this server's readers read, published for {@link Compaction}: a row of the meta
 * table with one cell per Quarry server ({@code reader:<server>} = oldest transaction / lease end),
 * renewed every third of the lease. A compaction keeps every version at and after the oldest live
 * entry, so it drops nothing an open reader of any server reads.
 *
 * <p>Why a reader is never missed: a reader registers the newest commit this server has seen (a
 * floor) before it reads the transaction record, so its state is at or after the floor. A
 * publication reads the record first, then takes the oldest registered floor: a reader that
 * registers after that reads a state at or after the record it read. A server publishes before its
 * first reader begins; a server whose entry has lapsed (stopped, or paused past its lease) is
 * ignored.
 */
final class Readers {
  private static final String ROW = "readers";
  private static final String FAMILY = "reader";

  private final AccumuloClient client;
  private final String table;
  private final String server;
  private final Duration lease;
  private final RoundTrips trips;
  private final TreeMap<Long, Integer> open = new TreeMap<>(); // floor -> readers
  private final AtomicLong seen = new AtomicLong(); // the newest commit this server has read

  Readers(AccumuloClient client, String table, String server, Duration lease, RoundTrips trips) {
    this.client = client;
    this.table = table;
    this.server = server;
    this.lease = lease;
    this.trips = trips;
  }

  /**
   * Registers a reader about to read the transaction record; returns its floor for {@link #exit}.
   */
  synchronized long enter() {
    long floor = seen.get();
    open.merge(floor, 1, Integer::sum);
    return floor;
  }

  /**
   * Moves a reader's registration from its floor to the state it read ({@code txn}, at or after the
   * floor), so that it holds compactions back no further than it must.
   */
  synchronized void settle(long floor, long txn) {
    open.merge(txn, 1, Integer::sum);
    exit(floor);
  }

  synchronized void exit(long floor) {
    open.computeIfPresent(floor, (f, n) -> n == 1 ? null : n - 1);
  }

  /** Notes a commit read from the transaction record. */
  void saw(long committed) {
    seen.accumulateAndGet(committed, Math::max);
  }

  /** Publishes the oldest state this server's readers read; {@code committed}: read just now. */
  void publish(long committed) {
    saw(committed);
    long oldest;
    synchronized (this) {
      oldest = open.isEmpty() ? seen.get() : Math.min(open.firstKey(), seen.get());
    }
    Mutation m = new Mutation(ROW);
    m.put(FAMILY, server, oldest + "/" + (System.currentTimeMillis() + lease.toMillis()));
    write(m);
  }

  /** Takes this server's entry away (it closes). */
  void withdraw() {
    Mutation m = new Mutation(ROW);
    m.putDelete(FAMILY, server);
    write(m);
  }

  /**
   * The oldest state any live server's readers read, and at most {@code committed} (read just
   * before); lapsed entries are deleted.
   */
  long horizon(long committed) {
    long horizon = committed;
    long now = System.currentTimeMillis();
    Mutation lapsed = new Mutation(ROW);
    boolean any = false;
    trips.count(RoundTrips.Kind.SCAN);
    try (Scanner s = client.createScanner(table, Authorizations.EMPTY)) {
      s.setRange(Range.exact(ROW));
      for (Map.Entry<Key, Value> e : s) {
        String[] v = e.getValue().toString().split("/");
        if (Long.parseLong(v[1]) < now) {
          lapsed.putDelete(FAMILY, e.getKey().getColumnQualifier().toString());
          any = true;
        } else {
          horizon = Math.min(horizon, Long.parseLong(v[0]));
        }
      }
    } catch (TableNotFoundException e) {
      throw Terms.gone(e);
    }
    if (any) {
      write(lapsed);
    }
    return horizon;
  }

  private void write(Mutation m) {
    trips.count(RoundTrips.Kind.WRITE);
    try (BatchWriter w = client.createBatchWriter(table)) {
      w.addMutation(m);
    } catch (TableNotFoundException e) {
      throw Terms.gone(e);
    } catch (AccumuloException e) {
      throw new StoreException("writing the readers' record: " + e.getMessage(), e);
    }
  }
}
