package dev.quarry.accumulo;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills the read cache of the newest committed state when a server starts ({@code store.warm-up}),
 * as the paged store's warm-up fills its buffer pool: a scan of SOPG (whole subjects), then of POGS
 * (the quads of each (p, o) pair, as small patterns and exact estimates), streamed in large batches
 * (a request brings thousands of quads, where queries would ask for them a subject at a time),
 * until the cache is nine tenths full, a commit makes a newer state, or the store closes; then the
 * dictionary into the term caches until they are full. Queries do not wait for it.
 */
final class ReadCacheWarmUp {
  private static final Logger LOG = LoggerFactory.getLogger(ReadCacheWarmUp.class);
  private static final int BATCH = 10_000; // key-values per request of the scan

  private ReadCacheWarmUp() {}

  /** Starts the warm-up on a daemon thread; the future completes with the subjects it cached. */
  static CompletableFuture<Long> start(AccumuloBackend backend) {
    CompletableFuture<Long> done = new CompletableFuture<>();
    Thread t =
        new Thread(
            () -> {
              try {
                done.complete(run(backend));
              } catch (RuntimeException e) {
                if (!backend.isClosed()) {
                  LOG.warn("the read cache's warm-up stopped: {}", e.toString());
                }
                done.complete(-1L);
              }
            },
            "quarry-accumulo-warm-up");
    t.setDaemon(true);
    t.start();
    return done;
  }

  private static long run(AccumuloBackend backend) {
    long floor = backend.readers.enter(); // a reader, which compactions must wait for
    try {
      return run(backend, backend.txnLog.read().readPoint());
    } finally {
      backend.readers.exit(floor);
    }
  }

  private static long run(AccumuloBackend backend, ReadPoint at) {
    long start = System.nanoTime();
    ReadCache cache = backend.cacheFor(at);
    if (cache == null) {
      return 0;
    }
    long[] subjects = subjects(backend, at, cache);
    long[] pairs = stop(backend, cache) ? new long[2] : objects(backend, at, cache);
    long terms = backend.isClosed() ? 0 : terms(backend, at);
    LOG.info(
        "read cache warmed in {} ms: {} subjects ({} quads), {} (p, o) pairs ({} quads) of"
            + " transaction {}; {} terms",
        (System.nanoTime() - start) / 1_000_000,
        subjects[0],
        subjects[1],
        pairs[0],
        pairs[1],
        at.txn(),
        terms);
    return subjects[0];
  }

  /** A scan of one quad table at {@code at}, packed, in large batches (counted as one request). */
  private static Scanner scan(AccumuloBackend backend, Order order, ReadPoint at) {
    backend.trips.count(RoundTrips.Kind.SCAN);
    try {
      Scanner scan =
          backend.client.createScanner(backend.tables.quads.get(order), Authorizations.EMPTY);
      at.apply(scan, true);
      Packed.apply(scan, 0, BATCH);
      return scan;
    } catch (TableNotFoundException e) {
      throw Terms.gone(e);
    }
  }

  /** Whole subjects, from SOPG: {subjects, quads} cached. */
  private static long[] subjects(AccumuloBackend backend, ReadPoint at, ReadCache cache) {
    return groups(
        backend,
        cache,
        scan(backend, Order.SOPG, at),
        Order.SOPG,
        1,
        (first, rows, seen) ->
            cache.putSubject(
                first[1], seen > SubjectRows.CAP ? ReadCache.BIG : ReadCache.flat(rows)));
  }

  /**
   * The quads of each (p, o) pair, from POGS, as the small patterns a planner's estimate keeps (a
   * feature's products, a product's offers), and the exact count of a larger pair as its estimate:
   * {pairs, quads} cached.
   */
  private static long[] objects(AccumuloBackend backend, ReadPoint at, ReadCache cache) {
    return groups(
        backend,
        cache,
        scan(backend, Order.POGS, at),
        Order.POGS,
        2,
        (first, rows, seen) -> pair(cache, first, rows, seen));
  }

  /**
   * Keeps the quads of pair (p, o) of {@code first}, all graphs (a view finds a graph's among
   * them), and their count.
   */
  private static void pair(ReadCache cache, long[] first, List<long[]> rows, int seen) {
    List<Long> key = List.of(AccumuloView.NONE, AccumuloView.NONE, first[2], first[3]);
    if (seen <= ReadCache.PATTERN_CAP) {
      cache.putPattern(key, rows.toArray(long[][]::new));
    }
    cache.putEstimate(key, seen);
  }

  /** What the warm-up does with a group of quads: its first, its first quads, how many it has. */
  private interface Group {
    void keep(long[] first, List<long[]> rows, int seen);
  }

  /**
   * Reads {@code scan} (rows of {@code order}) in groups of equal leading {@code parts} and hands
   * each whole group on, until the end or {@link #stop}: {groups, quads}.
   */
  private static long[] groups(
      AccumuloBackend backend, ReadCache cache, Scanner scan, Order order, int parts, Group group) {
    long groups = 0;
    long quads = 0;
    try (scan) {
      List<long[]> rows = new ArrayList<>();
      int seen = 0; // quads of the current group, past the cap too
      for (Iterator<byte[]> it = Packed.rows(scan.iterator(), 0); it.hasNext(); ) {
        long[] q = new long[4];
        order.decode(it.next(), q);
        if (seen > 0 && !samePrefix(order, parts, rows.get(0), q)) {
          group.keep(rows.get(0), rows, seen); // whole: the next group has begun
          groups++;
          if ((groups & 63) == 0 && stop(backend, cache)) {
            return new long[] {groups, quads};
          }
          rows.clear();
          seen = 0;
        }
        if (++seen <= Math.max(SubjectRows.CAP, ReadCache.PATTERN_CAP) || rows.isEmpty()) {
          rows.add(q);
        }
        quads++;
      }
      if (seen > 0) {
        group.keep(rows.get(0), rows, seen); // the scan ended: whole
        groups++;
      }
    }
    return new long[] {groups, quads};
  }

  private static boolean samePrefix(Order order, int parts, long[] a, long[] b) {
    for (int i = 0; i < parts; i++) {
      if (a[order.parts[i]] != b[order.parts[i]]) {
        return false;
      }
    }
    return true;
  }

  /**
   * The dictionary's terms, from table ids, into the term caches until they are full: the terms of
   * committed transactions only (read at {@code at}), since a term an aborted writer made has an id
   * no quad uses, and a later writer gives the same term another.
   */
  private static long terms(AccumuloBackend backend, ReadPoint at) {
    long n = 0;
    backend.trips.count(RoundTrips.Kind.SCAN);
    try (Scanner scan = backend.client.createScanner(backend.tables.ids, Authorizations.EMPTY)) {
      at.apply(scan, false);
      scan.setBatchSize(BATCH);
      for (Map.Entry<Key, Value> e : scan) {
        long id = Bytes.getLong(e.getKey().getRowData().toArray(), 0);
        if (!backend.terms.warm(id, e.getValue().get())) {
          break;
        }
        if ((++n & 1023) == 0 && backend.isClosed()) {
          break;
        }
      }
    } catch (TableNotFoundException e) {
      throw Terms.gone(e);
    }
    return n;
  }

  /** True if the warm-up should end: the cache nearly full, a newer state, or the store closed. */
  private static boolean stop(AccumuloBackend backend, ReadCache cache) {
    return cache.nearlyFull() || backend.isClosed() || !backend.isNewest(cache);
  }
}
