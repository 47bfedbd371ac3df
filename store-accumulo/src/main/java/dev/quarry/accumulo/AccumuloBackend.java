package dev.quarry.accumulo;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.quarry.core.index.spi.QuadBackend;
import dev.quarry.core.index.spi.ReadView;
import dev.quarry.core.index.spi.WriteView;
import dev.quarry.core.storage.StoreException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;

/**
 * The index SPI over one store's tables in an Accumulo instance. Readers begin at the last
 * committed transaction (one read of the transaction record); the writer takes the instance-wide
 * writer lock, so that any number of Quarry servers over the same tables see one history.
 */
final class AccumuloBackend implements QuadBackend, AutoCloseable {
  private static final int ID_BLOCK = 4096;

  final AccumuloClient client;
  final Tables tables;
  final Terms terms;
  final TxnLog txnLog;
  final Readers readers;
  final RoundTrips trips = new RoundTrips();
  final int scanThreads;
  private final long readCacheBytes;
  private volatile ReadCache readCache; // the newest committed state's, once a reader began there
  private final Duration lease;
  private final Duration writerTimeout;
  private final String owner = UUID.randomUUID().toString();
  private final Semaphore writer = new Semaphore(1, true); // one writer in this process
  private final Cache<ReadPoint, Stats> stats = Caffeine.newBuilder().maximumSize(8).build();
  private final ScheduledExecutorService renewals =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "quarry-accumulo-lease");
            t.setDaemon(true);
            return t;
          });
  private ScheduledFuture<?> renewal;
  private volatile boolean closed;
  private long nextId;
  private long idEnd;

  AccumuloBackend(
      AccumuloClient client,
      Tables tables,
      int scanThreads,
      long termCache,
      long readCacheBytes,
      Duration lease,
      Duration writerTimeout) {
    this.client = client;
    this.readCacheBytes = readCacheBytes;
    this.tables = tables;
    this.scanThreads = scanThreads;
    this.lease = lease;
    this.writerTimeout = writerTimeout;
    this.terms = new Terms(client, tables, scanThreads, termCache, trips);
    this.txnLog = new TxnLog(client, tables.meta, trips);
    this.readers = new Readers(client, tables.meta, owner, lease, trips);
    readers.publish(txnLog.read().committed()); // before any reader: see Readers
    long every = Math.max(1, lease.toMillis() / 3);
    renewals.scheduleAtFixedRate(this::publishReaders, every, every, TimeUnit.MILLISECONDS);
  }

  private void publishReaders() {
    try {
      readers.publish(txnLog.read().committed());
    } catch (RuntimeException e) {
      // the instance is unreachable now: the entry lapses, and compactions wait for this server
      // no longer; the next publication (or this server's end) settles it
    }
  }

  @Override
  public ReadView beginRead() {
    checkOpen();
    long floor = readers.enter();
    try {
      TxnLog.State s = txnLog.read();
      readers.saw(s.committed());
      readers.settle(floor, s.committed());
      floor = s.committed();
      return new AccumuloReadView(this, s.readPoint(), floor);
    } catch (RuntimeException e) {
      readers.exit(floor);
      throw e;
    }
  }

  @Override
  public WriteView beginWrite() {
    checkOpen();
    long deadline = System.nanoTime() + writerTimeout.toNanos();
    try {
      if (!writer.tryAcquire(writerTimeout.toNanos(), TimeUnit.NANOSECONDS)) {
        throw new StoreException("timed out after " + writerTimeout + " waiting to write");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StoreException("interrupted waiting to write");
    }
    try {
      Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
      TxnLog.Lease l = txnLog.acquire(owner, lease, left);
      long every = Math.max(1, lease.toMillis() / 3);
      renewal =
          renewals.scheduleAtFixedRate(
              () -> txnLog.renew(l, lease), every, every, TimeUnit.MILLISECONDS);
      return new AccumuloWriteView(this, l);
    } catch (RuntimeException e) {
      writer.release();
      throw e;
    }
  }

  /**
   * The cache of committed state {@code at}, shared by its readers in this server: made by the
   * first reader of a newer state (which drops the older one), none for a reader of an older state
   * (one that began before a commit) or when the cache is off ({@code store.accumulo.read-cache:
   * 0}).
   */
  ReadCache cacheFor(ReadPoint at) {
    if (readCacheBytes <= 0) {
      return null;
    }
    ReadCache c = readCache;
    if (c != null && c.txn == at.txn()) {
      return c;
    }
    synchronized (this) {
      c = readCache;
      if (c == null || c.txn < at.txn()) {
        readCache = c = new ReadCache(at.txn(), readCacheBytes, trips);
      }
      return c.txn == at.txn() ? c : null;
    }
  }

  /** True if {@code c} is the cache of the newest state a reader here has begun at. */
  boolean isNewest(ReadCache c) {
    return readCache == c;
  }

  boolean isClosed() {
    return closed;
  }

  /** Called by the writer when it commits or aborts. */
  void writerEnded(AccumuloWriteView w) {
    if (renewal != null) {
      renewal.cancel(false);
      renewal = null;
    }
    writer.release();
  }

  /** The next term number (the writer's; ids are leased from the instance a block at a time). */
  synchronized long nextTermNumber() {
    if (nextId == idEnd) {
      nextId = txnLog.leaseIds(ID_BLOCK);
      idEnd = nextId + ID_BLOCK;
    }
    return nextId++;
  }

  /** The statistics of a committed state (a small table, read once per state). */
  Stats stats(ReadPoint at) {
    return stats.get(
        at,
        p -> {
          trips.count(RoundTrips.Kind.SCAN);
          return Stats.load(client, tables, p, trips);
        });
  }

  /** The pair counts of {@code keys} at {@code at}: one batch scan; absent pairs are 0. */
  Map<AccumuloWriteView.CountKey, Long> counts(
      ReadPoint at, Collection<AccumuloWriteView.CountKey> keys) {
    Map<AccumuloWriteView.CountKey, Long> out = new HashMap<>();
    if (keys.isEmpty()) {
      return out;
    }
    Map<ByteBuffer, AccumuloWriteView.CountKey> byRow = new HashMap<>();
    List<Range> ranges = new ArrayList<>();
    for (AccumuloWriteView.CountKey k : keys) {
      byte[] row = k.row();
      byRow.put(ByteBuffer.wrap(row), k);
      ranges.add(Range.exact(new Text(row)));
    }
    trips.count(RoundTrips.Kind.BATCH_SCAN);
    try (BatchScanner scan =
        client.createBatchScanner(tables.counts, Authorizations.EMPTY, scanThreads)) {
      at.apply(scan, false);
      scan.setRanges(ranges);
      for (Map.Entry<Key, Value> e : trips.counted(scan)) {
        byte[] row = e.getKey().getRowData().toArray();
        out.put(byRow.get(ByteBuffer.wrap(row)), Bytes.getLong(e.getValue().get(), 0));
      }
    } catch (TableNotFoundException e) {
      throw Terms.gone(e);
    }
    return out;
  }

  private void checkOpen() {
    if (closed) {
      throw new StoreException("the store is closed");
    }
  }

  @Override
  public void close() {
    closed = true;
    renewals.shutdownNow();
    try {
      readers.withdraw();
    } catch (RuntimeException e) {
      // unreachable: the entry lapses at its lease's end
    }
  }

  @Override
  public String toString() {
    return "accumulo tables " + tables.prefix + "*";
  }
}
