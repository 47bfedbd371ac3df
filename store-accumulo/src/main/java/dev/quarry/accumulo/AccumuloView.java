package dev.quarry.accumulo;

import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.index.spi.QuadProbes;
import dev.quarry.core.index.spi.QuadSink;
import dev.quarry.core.index.spi.QuadView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.apache.accumulo.core.client.BatchScanner;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Node;

/**
 * What readers and the writer share: quads read at a {@link ReadPoint}, each pattern one range of
 * the {@link Order} that binds its longest prefix, a vectored lookup one batch scan per table over
 * all its probes' ranges (read in parallel from the tablet servers).
 */
abstract class AccumuloView implements QuadView {
  private static final int FEW = 100; // estimate: exact up to this many

  final AccumuloBackend backend;
  final List<AutoCloseable> open = new ArrayList<>();

  AccumuloView(AccumuloBackend backend) {
    this.backend = backend;
  }

  /** Where this view reads. */
  abstract ReadPoint readPoint();

  /** The writer's own terms; null for a reader. */
  abstract Terms.Local local();

  /** The statistics of this view's state. */
  abstract Stats stats();

  /** Called before every read of quads (the writer sends its buffered changes). */
  void beforeRead() {}

  // ---- the dictionary ------------------------------------------------------------------------

  @Override
  public long id(Node n) {
    return backend.terms.id(n, readPoint(), local());
  }

  @Override
  public void ids(Node[] terms, int n, long[] out) {
    backend.terms.ids(terms, n, out, readPoint(), local());
  }

  @Override
  public Node node(long id) {
    return backend.terms.node(id, local());
  }

  @Override
  public void nodes(long[] ids, int n, Node[] out) {
    backend.terms.nodes(ids, n, out, local());
  }

  @Override
  public boolean batchesTerms() {
    return true;
  }

  @Override
  public long defaultGraph() {
    return NodeIds.DEFAULT_GRAPH;
  }

  // ---- quads ---------------------------------------------------------------------------------

  Scanner scanner(Order order) {
    backend.trips.count(RoundTrips.Kind.SCAN);
    try {
      Scanner s =
          backend.client.createScanner(backend.tables.quads.get(order), Authorizations.EMPTY);
      readPoint().apply(s, true);
      open.add(s);
      return s;
    } catch (TableNotFoundException e) {
      throw Terms.gone(e);
    }
  }

  @Override
  public Iterator<long[]> find(long g, long s, long p, long o) {
    beforeRead();
    List<long[]> kept = small.get(List.of(g, s, p, o));
    if (kept != null) {
      return kept.stream().map(long[]::clone).iterator();
    }
    long[] pattern = {g, s, p, o};
    Order order = Order.forPattern(pattern);
    Scanner scan = scanner(order);
    int prefix = order.boundPrefix(pattern);
    scan.setRange(order.prefixRange(pattern, prefix));
    RowFilter.apply(scan, order, pattern, prefix);
    return filtered(scan.iterator(), order, pattern);
  }

  /** The quads of rows {@code rows} of {@code order} that match {@code pattern}. */
  static Iterator<long[]> filtered(
      Iterator<Map.Entry<Key, Value>> rows, Order order, long[] pattern) {
    return Iter.iter(rows)
        .map(
            e -> {
              long[] q = new long[4];
              order.decode(e.getKey().getRowData().toArray(), q);
              return q;
            })
        .filter(q -> matches(q, pattern));
  }

  static boolean matches(long[] q, long[] pattern) {
    for (int i = 0; i < 4; i++) {
      if (pattern[i] != NONE && q[i] != pattern[i]) {
        return false;
      }
    }
    return true;
  }

  @Override
  public Iterator<long[]> findObjectIn(long g, long p, long[] ranges) {
    beforeRead();
    List<Iterator<long[]>> parts = new ArrayList<>();
    long[] pattern = {g, NONE, p, NONE};
    for (int i = 0; i + 1 < ranges.length; i += 2) {
      Scanner scan = scanner(Order.POGS);
      scan.setRange(objectRange(Order.POGS, p, NONE, ranges[i], ranges[i + 1]));
      parts.add(filtered(scan.iterator(), Order.POGS, pattern));
    }
    return parts.stream().flatMap(it -> streamOf(it)).iterator();
  }

  private static <T> Stream<T> streamOf(Iterator<T> it) {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(it, 0), false);
  }

  /**
   * The rows of {@code order} (PSOG with s bound, POGS without) whose object lies in {@code [lo,
   * hi]} (unsigned), the other leading parts being p and, for PSOG, s.
   */
  static Range objectRange(Order order, long p, long s, long lo, long hi) {
    int lead = order == Order.PSOG ? 16 : 8;
    byte[] start = new byte[lead + 8];
    byte[] end = new byte[Order.KEY_BYTES];
    Arrays.fill(end, (byte) 0xFF);
    Bytes.putLong(start, 0, p);
    Bytes.putLong(end, 0, p);
    if (order == Order.PSOG) {
      Bytes.putLong(start, 8, s);
      Bytes.putLong(end, 8, s);
    }
    Bytes.putLong(start, lead, lo);
    Bytes.putLong(end, lead, hi);
    return new Range(new Text(start), true, new Text(end), true);
  }

  /**
   * Probes that bind the subject (few quads each: a join's lookups) go in one batch scan per table
   * over all their ranges, the answers sorted by key and handed to each probe they match, so that a
   * probe's quads come in index order. A probe with a free subject (a predicate's whole object
   * range, maybe millions of quads) is read by its own ordered scan, streamed, so that a sink that
   * has enough stops it early.
   */
  @Override
  public void lookup(QuadProbes probes, QuadSink sink) {
    beforeRead();
    List<Range> ranges = new ArrayList<>();
    Map<Bucket, List<Integer>> buckets = new HashMap<>();
    for (int i = 0; i < probes.size(); i++) {
      List<long[]> kept =
          probes.objectFree(i) || probes.objectBound(i)
              ? small.get(List.of(probes.g(i), probes.s(i), probes.p(i), probes.objectLo(i)))
              : null;
      if (kept != null) {
        for (long[] q : kept) {
          if (!sink.accept(i, q[0], q[1], q[2], q[3])) {
            return;
          }
        }
        continue;
      }
      if (probes.s(i) == NONE) {
        if (!scanProbe(probes, i, sink)) {
          return;
        }
        continue;
      }
      long[] pattern = {probes.g(i), probes.s(i), probes.p(i), NONE};
      ranges.add(
          probes.objectFree(i)
              ? Order.PSOG.prefixRange(pattern, 2)
              : objectRange(
                  Order.PSOG, probes.p(i), probes.s(i), probes.objectLo(i), probes.objectHi(i)));
      buckets.computeIfAbsent(new Bucket(probes.p(i), probes.s(i)), k -> new ArrayList<>()).add(i);
    }
    if (ranges.isEmpty()) {
      return;
    }
    long[] q = new long[4];
    for (byte[] row : batchScan(Order.PSOG, ranges)) {
      Order.PSOG.decode(row, q);
      for (int i : buckets.getOrDefault(new Bucket(q[2], q[1]), List.of())) {
        if (matchesProbe(probes, i, q) && !sink.accept(i, q[0], q[1], q[2], q[3])) {
          return;
        }
      }
    }
  }

  /** One probe with a free subject, read in order; false if the sink said stop. */
  private boolean scanProbe(QuadProbes probes, int i, QuadSink sink) {
    long[] pattern = {probes.g(i), NONE, probes.p(i), NONE};
    Order order = probes.objectFree(i) ? Order.PSOG : Order.POGS;
    Scanner scan = scanner(order);
    if (probes.objectFree(i)) {
      scan.setRange(order.prefixRange(pattern, 1));
    } else {
      scan.setRange(objectRange(order, probes.p(i), NONE, probes.objectLo(i), probes.objectHi(i)));
    }
    RowFilter.apply(scan, order, pattern, 1);
    for (Iterator<long[]> it = filtered(scan.iterator(), order, pattern); it.hasNext(); ) {
      long[] q = it.next();
      if (matchesProbe(probes, i, q) && !sink.accept(i, q[0], q[1], q[2], q[3])) {
        return false;
      }
    }
    return true;
  }

  /** The probes of one range prefix: p and s. */
  private record Bucket(long p, long s) {}

  private static boolean matchesProbe(QuadProbes probes, int i, long[] q) {
    if (probes.g(i) != NONE && probes.g(i) != q[0]) {
      return false;
    }
    if (probes.s(i) != NONE && probes.s(i) != q[1]) {
      return false;
    }
    return probes.objectFree(i)
        || Long.compareUnsigned(q[3], probes.objectLo(i)) >= 0
            && Long.compareUnsigned(q[3], probes.objectHi(i)) <= 0;
  }

  /** The rows of {@code ranges} of one table, in key order. */
  List<byte[]> batchScan(Order order, List<Range> ranges) {
    List<byte[]> rows = new ArrayList<>();
    backend.trips.count(RoundTrips.Kind.BATCH_SCAN);
    try (BatchScanner scan =
        backend.client.createBatchScanner(
            backend.tables.quads.get(order), Authorizations.EMPTY, backend.scanThreads)) {
      readPoint().apply(scan, true);
      scan.setRanges(ranges);
      for (Map.Entry<Key, Value> e : scan) {
        rows.add(e.getKey().getRowData().toArray());
      }
    } catch (TableNotFoundException e) {
      throw Terms.gone(e);
    }
    Collections.sort(rows, Arrays::compareUnsigned);
    // Overlapping ranges (two probes of one prefix) may bring a row twice: keep it once.
    List<byte[]> once = new ArrayList<>(rows.size());
    for (byte[] r : rows) {
      if (once.isEmpty() || !Arrays.equals(once.get(once.size() - 1), r)) {
        once.add(r);
      }
    }
    return once;
  }

  /**
   * A planner asks the same pattern's estimate again at each step of its join order: each answer is
   * kept for the view (its state does not change; the writer's is dropped at each change).
   */
  final Map<List<Long>, Long> estimates = new HashMap<>();

  /** The quads of patterns an estimate found few of, in their order's key order. */
  final Map<List<Long>, List<long[]>> small = new HashMap<>();

  /** Forgets the estimates and quads kept for the view (its state changed: the writer's). */
  void forgetReads() {
    estimates.clear();
    small.clear();
  }

  @Override
  public long estimate(long g, long s, long p, long o) {
    List<Long> key = List.of(g, s, p, o);
    Long known = estimates.get(key);
    if (known != null) {
      return known;
    }
    long e = count(key, g, s, p, o);
    estimates.put(key, e);
    return e;
  }

  private long count(List<Long> key, long g, long s, long p, long o) {
    Iterator<long[]> it = find(g, s, p, o);
    List<long[]> read = new ArrayList<>();
    while (read.size() <= FEW && it.hasNext()) {
      read.add(it.next());
    }
    long n = read.size();
    if (n <= FEW) {
      // All of the pattern's quads: the read that usually follows the estimate needs no trip.
      small.put(key, read);
      return n;
    }
    double e = p == NONE ? quads() : quadsWithPredicate(p);
    if (p != NONE && s != NONE) {
      e /= Math.max(1, distinctSubjects(p));
    }
    if (p != NONE && o != NONE) {
      e /= Math.max(1, distinctObjects(p));
    }
    if (g != NONE && quads() > 0) {
      e *= (double) quadsInGraph(g) / quads();
    }
    return Math.max(n, (long) e);
  }

  // ---- statistics ----------------------------------------------------------------------------

  @Override
  public long quads() {
    return stats().quads();
  }

  @Override
  public long quadsWithPredicate(long p) {
    return stats().predicate(p, 0);
  }

  @Override
  public long distinctSubjects(long p) {
    return stats().predicate(p, 1);
  }

  @Override
  public long distinctObjects(long p) {
    return stats().predicate(p, 2);
  }

  @Override
  public long quadsInGraph(long g) {
    return stats().graph(g, 0);
  }

  @Override
  public long[] graphs() {
    return Stats.sortedKeys(stats().graphs);
  }

  @Override
  public long[] predicates() {
    return Stats.sortedKeys(stats().predicates);
  }

  @Override
  public long subjectsInGraph(long g) {
    return stats().graph(g, 1);
  }

  /** Closes the scanners this view opened. */
  void closeScans() {
    for (AutoCloseable c : open) {
      try {
        c.close();
      } catch (Exception ignored) {
        // a scanner that cannot close holds nothing we need
      }
    }
    open.clear();
  }
}
