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
import org.apache.accumulo.core.data.Range;
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
  static final int FEW = 100; // estimate: exact up to this many

  final AccumuloBackend backend;
  final List<AutoCloseable> open = new ArrayList<>();

  /** The state's cache shared by its readers in this server; null for the writer. */
  private final ReadCache shared;

  AccumuloView(AccumuloBackend backend, ReadCache shared) {
    this.backend = backend;
    this.shared = shared;
    this.subjects = new SubjectRows(shared);
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

  /**
   * An ordered scan of {@code order} at this view's point, its rows packed ({@link Packed}) with
   * their first {@code skip} bytes (the parts the scan's range binds) sent once per run.
   */
  Scanner scanner(Order order, int skip) {
    backend.trips.count(RoundTrips.Kind.SCAN);
    try {
      Scanner s =
          backend.client.createScanner(backend.tables.quads.get(order), Authorizations.EMPTY);
      readPoint().apply(s, true);
      open.add(s);
      Packed.apply(s, skip, Packed.ROWS * Packed.BATCH);
      return s;
    } catch (TableNotFoundException e) {
      throw Terms.gone(e);
    }
  }

  @Override
  public Iterator<long[]> find(long g, long s, long p, long o) {
    beforeRead();
    List<long[]> kept = smallRows(List.of(g, s, p, o));
    if (kept != null) {
      return kept.stream().map(long[]::clone).iterator();
    }
    long[] pattern = {g, s, p, o};
    Order order = Order.forPattern(pattern);
    long[] whole = s == NONE ? null : subject(s);
    if (whole != null) {
      return SubjectRows.matching(whole, pattern, order).iterator();
    }
    int prefix = order.boundPrefix(pattern);
    Scanner scan = scanner(order, prefix * 8);
    scan.setRange(order.prefixRange(pattern, prefix));
    RowFilter.apply(scan, order, pattern, prefix);
    return filtered(scan, prefix * 8, order, pattern);
  }

  /** The quads of {@code scan}'s rows (of {@code order}, packed with {@code skip}) that match. */
  Iterator<long[]> filtered(Scanner scan, int skip, Order order, long[] pattern) {
    return Iter.iter(Packed.rows(backend.trips.counted(scan.iterator()), skip))
        .map(
            row -> {
              long[] q = new long[4];
              order.decode(row, q);
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
      Scanner scan = scanner(Order.POGS, 8);
      scan.setRange(objectRange(Order.POGS, p, NONE, ranges[i], ranges[i + 1]));
      parts.add(filtered(scan, 8, Order.POGS, pattern));
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

  /** A vectored lookup: see {@link VectoredLookup}. */
  @Override
  public void lookup(QuadProbes probes, QuadSink sink) {
    beforeRead();
    lookups.run(probes, sink);
  }

  void keepSubject(long s, List<long[]> quads) {
    if (quads.size() > SubjectRows.CAP) {
      subjects.markBig(s);
    } else {
      subjects.put(s, quads);
    }
  }

  /**
   * The quads of subject {@code s}, read whole (one request, one range of SOPG) if not yet; null if
   * it has more than {@link SubjectRows#CAP}.
   */
  long[] subject(long s) {
    if (subjects.wanted(s)) {
      beforeRead();
      Scanner scan = scanner(Order.SOPG, 8);
      scan.setBatchSize(Packed.entries(SubjectRows.CAP + 1));
      scan.setRange(Order.SOPG.prefixRange(new long[] {NONE, s, NONE, NONE}, 1));
      List<long[]> quads = new ArrayList<>();
      for (Iterator<byte[]> it = Packed.rows(backend.trips.counted(scan.iterator()), 8);
          it.hasNext() && quads.size() <= SubjectRows.CAP; ) {
        long[] q = new long[4];
        Order.SOPG.decode(it.next(), q);
        quads.add(q);
      }
      keepSubject(s, quads);
    }
    return subjects.get(s);
  }

  /**
   * The rows of {@code ranges} of one table, in key order; null if there are more than {@code
   * limit}. Each range binds the first {@code skip} bytes of its rows (they are sent once per run).
   */
  List<byte[]> batchScan(Order order, List<Range> ranges, int limit, int skip) {
    List<byte[]> rows = new ArrayList<>();
    backend.trips.count(RoundTrips.Kind.BATCH_SCAN);
    try (BatchScanner scan =
        backend.client.createBatchScanner(
            backend.tables.quads.get(order), Authorizations.EMPTY, backend.scanThreads)) {
      readPoint().apply(scan, true);
      Packed.apply(scan, skip);
      scan.setRanges(ranges);
      for (Iterator<byte[]> it = Packed.rows(backend.trips.counted(scan.iterator()), skip);
          it.hasNext(); ) {
        if (rows.size() == limit) {
          return null;
        }
        rows.add(it.next());
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

  /** The quads of a pattern an estimate found few of (here or in the state's cache), or null. */
  List<long[]> smallRows(List<Long> gspo) {
    List<long[]> kept = small.get(gspo);
    if (kept == null && shared != null) {
      long[][] known = shared.pattern(gspo);
      long g = gspo.get(0);
      if (known == null && g != NONE) {
        // the pattern in every graph (as the warm-up keeps pairs), this graph's quads taken out
        long[][] all = shared.pattern(List.of(NONE, gspo.get(1), gspo.get(2), gspo.get(3)));
        known =
            all == null ? null : Arrays.stream(all).filter(q -> q[0] == g).toArray(long[][]::new);
      }
      if (known != null) {
        kept = Arrays.asList(known);
        small.put(gspo, kept);
      }
    }
    return kept;
  }

  /** Keeps the quads of a pattern found small, for the view and the state's other readers. */
  void keepSmall(List<Long> gspo, List<long[]> quads) {
    small.put(gspo, quads);
    if (shared != null) {
      shared.putPattern(gspo, quads.toArray(long[][]::new));
    }
  }

  /** Subjects read whole for the view. */
  final SubjectRows subjects;

  private final VectoredLookup lookups = new VectoredLookup(this);

  /** Forgets the estimates and quads kept for the view (its state changed: the writer's). */
  void forgetReads() {
    estimates.clear();
    small.clear();
    subjects.clear();
    lookups.forget();
  }

  @Override
  public long estimate(long g, long s, long p, long o) {
    List<Long> key = List.of(g, s, p, o);
    Long known = estimates.get(key);
    if (known == null && shared != null) {
      known = shared.estimate(key);
    }
    if (known != null) {
      return known;
    }
    long e = count(key, g, s, p, o);
    estimates.put(key, e);
    if (shared != null) {
      shared.putEstimate(key, e);
    }
    return e;
  }

  private long count(List<Long> key, long g, long s, long p, long o) {
    if (s != NONE) {
      long[] whole = subject(s);
      if (whole != null) {
        return SubjectRows.count(whole, new long[] {g, s, p, o});
      }
    } else if (o == NONE && fromStatistics(g, s, p, o) > FEW) {
      // A whole predicate (or everything): the statistics say, no request needed when many.
      return (long) fromStatistics(g, s, p, o);
    }
    Iterator<long[]> it = find(g, s, p, o);
    List<long[]> read = new ArrayList<>();
    while (read.size() <= FEW && it.hasNext()) {
      read.add(it.next());
    }
    long n = read.size();
    if (n <= FEW) {
      // All of the pattern's quads: the read that usually follows the estimate needs no trip.
      keepSmall(key, read);
      return n;
    }
    return Math.max(n, (long) fromStatistics(g, s, p, o));
  }

  /** The pattern's quads as the statistics (read once per state) put them: averages. */
  private double fromStatistics(long g, long s, long p, long o) {
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
    return e;
  }

  /**
   * As large as can be: on this backend a join's probes of bound subjects cost one batch scan
   * however many they are, or nothing when the read cache holds their subjects, while a range read
   * whole costs a request for every quad in it. So a join never reads an object range whole for
   * rows whose subjects it has; it probes them.
   */
  @Override
  public long estimateObjectIn(long g, long p, long[] ranges) {
    return Long.MAX_VALUE;
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
