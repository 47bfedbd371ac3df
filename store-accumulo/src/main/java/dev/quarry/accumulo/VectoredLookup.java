package dev.quarry.accumulo;

import static dev.quarry.core.index.spi.QuadView.NONE;

import dev.quarry.core.index.spi.QuadProbes;
import dev.quarry.core.index.spi.QuadSink;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.data.Range;

/**
 * A view's vectored lookups ({@link AccumuloView#lookup}): a join step's probes in as few requests
 * as the read cache and batch scans allow.
 */
final class VectoredLookup {
  /** Lookups by object go in one batch when a predicate has at most this many quads per object. */
  private static final int FEW_PER_OBJECT = 256;

  /** Object ranges with a free subject are read in one batch while they hold at most this many. */
  private static final int RANGE_ROWS = 65_536;

  /** A lookup reads subjects whole unless they bring more than this many rows each on average. */
  private static final int ROWS_PER_SUBJECT = 64;

  private final AccumuloView view;

  /** False once a lookup's subjects proved too big to read whole (see {@link #readWhole}). */
  private boolean wholeInLookups = true;

  VectoredLookup(AccumuloView view) {
    this.view = view;
  }

  /** The view's state changed (the writer's): subjects may be read whole again. */
  void forget() {
    wholeInLookups = true;
  }

  /**
   * Probes that bind the subject (few quads each: a join's lookups) are answered from their
   * subjects read whole ({@link SubjectRows}: one batch scan of SOPG for the step's new subjects);
   * those whose subjects were not, in one batch scan of PSOG over all their ranges. Probes of one
   * object id with a free subject ((p, o): which products have this feature) go in one batch scan
   * of POGS when a predicate's objects have few subjects each. Either batch's answers are sorted by
   * key and handed to each probe they match, so that a probe's quads come in index order. Any other
   * probe with a free subject (a predicate's object range, maybe millions of quads) is read by its
   * own ordered scan, streamed, so that a sink that has enough stops it early.
   */
  void run(QuadProbes probes, QuadSink sink) {
    readWhole(probes);
    List<Range> bySubject = new ArrayList<>();
    Map<Bucket, List<Integer>> subjectBuckets = new HashMap<>();
    List<Range> byObject = new ArrayList<>();
    Map<Bucket, List<Integer>> objectBuckets = new HashMap<>();
    List<Integer> inRanges = new ArrayList<>();
    for (int i = 0; i < probes.size(); i++) {
      long s = probes.s(i);
      long p = probes.p(i);
      List<long[]> kept =
          probes.objectFree(i) || probes.objectBound(i)
              ? view.smallRows(List.of(probes.g(i), s, p, probes.objectLo(i)))
              : null;
      long[] whole = s == NONE ? null : view.subjects.get(s);
      if (kept == null && whole != null) {
        boolean free = probes.objectFree(i);
        kept =
            SubjectRows.withObjectIn(
                whole,
                probes.g(i),
                p,
                free ? 0 : probes.objectLo(i),
                free ? -1 : probes.objectHi(i));
      }
      if (kept != null) {
        for (long[] q : kept) {
          if (!sink.accept(i, q[0], q[1], q[2], q[3])) {
            return;
          }
        }
        continue;
      }
      if (s != NONE) {
        long[] pattern = {probes.g(i), s, p, NONE};
        bySubject.add(
            probes.objectFree(i)
                ? Order.PSOG.prefixRange(pattern, 2)
                : AccumuloView.objectRange(
                    Order.PSOG, p, s, probes.objectLo(i), probes.objectHi(i)));
        subjectBuckets.computeIfAbsent(new Bucket(p, s), k -> new ArrayList<>()).add(i);
      } else if (probes.objectBound(i) && fewPerObject(p)) {
        long[] pattern = {NONE, NONE, p, probes.objectLo(i)};
        byObject.add(Order.POGS.prefixRange(pattern, 2));
        objectBuckets
            .computeIfAbsent(new Bucket(p, probes.objectLo(i)), k -> new ArrayList<>())
            .add(i);
      } else if (!probes.objectFree(i) && !probes.objectBound(i)) {
        inRanges.add(i);
      } else if (!scanProbe(probes, i, sink)) {
        return;
      }
    }
    if (!hand(Order.PSOG, 1, bySubject, subjectBuckets, probes, sink)
        || !byObject(byObject, objectBuckets, probes, sink)) {
      return;
    }
    objectRanges(inRanges, probes, sink);
  }

  /**
   * The probes of single objects with a free subject, in one batch scan of POGS; each probe's quads
   * then kept as a small pattern's (the next query asking for a feature's products finds them).
   */
  private boolean byObject(
      List<Range> ranges, Map<Bucket, List<Integer>> buckets, QuadProbes probes, QuadSink sink) {
    if (ranges.isEmpty()) {
      return true;
    }
    List<byte[]> rows = view.batchScan(Order.POGS, ranges, Integer.MAX_VALUE, 16);
    if (!handRows(Order.POGS, 3, rows, buckets, probes, sink)) {
      return false;
    }
    Map<Bucket, List<long[]>> byPair = new HashMap<>();
    for (byte[] row : rows) {
      long[] q = new long[4];
      Order.POGS.decode(row, q);
      byPair.computeIfAbsent(new Bucket(q[2], q[3]), k -> new ArrayList<>()).add(q);
    }
    for (Map.Entry<Bucket, List<Integer>> b : buckets.entrySet()) {
      for (int i : b.getValue()) {
        List<long[]> quads = new ArrayList<>();
        for (long[] q : byPair.getOrDefault(b.getKey(), List.of())) {
          if (probes.g(i) == NONE || probes.g(i) == q[0]) {
            quads.add(q);
          }
        }
        if (quads.size() <= ReadCache.PATTERN_CAP) {
          view.keepSmall(List.of(probes.g(i), NONE, probes.p(i), probes.objectLo(i)), quads);
        }
      }
    }
    return true;
  }

  /**
   * Probes of object ranges with a free subject (a range filter's ranges, one per kind of value):
   * all in one batch scan of POGS while they hold at most {@link #RANGE_ROWS}; else, or for one
   * probe, each by its own ordered scan, streamed, so that a sink that has enough stops it.
   */
  private void objectRanges(List<Integer> inRanges, QuadProbes probes, QuadSink sink) {
    if (inRanges.size() > 1) {
      List<Range> ranges = new ArrayList<>();
      Map<Bucket, List<Integer>> byPredicate = new HashMap<>();
      for (int i : inRanges) {
        ranges.add(
            AccumuloView.objectRange(
                Order.POGS, probes.p(i), NONE, probes.objectLo(i), probes.objectHi(i)));
        byPredicate.computeIfAbsent(new Bucket(probes.p(i), NONE), k -> new ArrayList<>()).add(i);
      }
      List<byte[]> rows = view.batchScan(Order.POGS, ranges, RANGE_ROWS, 8);
      if (rows != null) {
        handRows(Order.POGS, -1, rows, byPredicate, probes, sink);
        return;
      }
    }
    for (int i : inRanges) {
      if (!scanProbe(probes, i, sink)) {
        return;
      }
    }
  }

  /**
   * Reads {@code ranges} of {@code order} (each binding its rows' first two parts) in one batch
   * scan and hands each row to the probes of its bucket (p and the row's part {@code next}: s, o,
   * or NONE for -1) that it matches; false if the sink said stop.
   */
  private boolean hand(
      Order order,
      int next,
      List<Range> ranges,
      Map<Bucket, List<Integer>> buckets,
      QuadProbes probes,
      QuadSink sink) {
    return ranges.isEmpty()
        || handRows(
            order,
            next,
            view.batchScan(order, ranges, Integer.MAX_VALUE, 16),
            buckets,
            probes,
            sink);
  }

  private static boolean handRows(
      Order order,
      int next,
      List<byte[]> rows,
      Map<Bucket, List<Integer>> buckets,
      QuadProbes probes,
      QuadSink sink) {
    long[] q = new long[4];
    for (byte[] row : rows) {
      order.decode(row, q);
      Bucket b = new Bucket(q[2], next < 0 ? NONE : q[next]);
      for (int i : buckets.getOrDefault(b, List.of())) {
        if (matchesProbe(probes, i, q) && !sink.accept(i, q[0], q[1], q[2], q[3])) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * True if p's objects have few subjects each on average (a feature's products, a product's
   * offers), so that probes of single objects are better read together than scanned one by one.
   */
  private boolean fewPerObject(long p) {
    return view.quadsWithPredicate(p)
        <= (long) FEW_PER_OBJECT * Math.max(1, view.distinctObjects(p));
  }

  /**
   * Reads whole, in one batch scan, the subjects of {@code probes} not read yet, when there are at
   * most {@link SubjectRows#MAX_STEP}. Rows past a budget (subjects far bigger than usual) end the
   * attempt: the probes are then read by their exact ranges, and this view reads no more subjects
   * whole in lookups.
   */
  private void readWhole(QuadProbes probes) {
    if (!wholeInLookups) {
      return;
    }
    Set<Long> wanted = new HashSet<>();
    for (int i = 0; i < probes.size(); i++) {
      long s = probes.s(i);
      if (s != NONE && view.subjects.wanted(s)) {
        wanted.add(s);
        if (wanted.size() > SubjectRows.MAX_STEP) {
          return;
        }
      }
    }
    if (wanted.isEmpty()) {
      return;
    }
    List<Range> ranges = new ArrayList<>();
    for (long s : wanted) {
      ranges.add(Order.SOPG.prefixRange(new long[] {NONE, s, NONE, NONE}, 1));
    }
    List<byte[]> rows =
        view.batchScan(Order.SOPG, ranges, wanted.size() * ROWS_PER_SUBJECT + SubjectRows.CAP, 8);
    if (rows == null) {
      wholeInLookups = false;
      return;
    }
    Map<Long, List<long[]>> bySubject = new HashMap<>();
    for (byte[] row : rows) {
      long[] q = new long[4];
      Order.SOPG.decode(row, q);
      bySubject.computeIfAbsent(q[1], k -> new ArrayList<>()).add(q);
    }
    for (long s : wanted) {
      view.keepSubject(s, bySubject.getOrDefault(s, List.of()));
    }
  }

  /** One probe with a free subject, read in order; false if the sink said stop. */
  private boolean scanProbe(QuadProbes probes, int i, QuadSink sink) {
    long[] pattern = {probes.g(i), NONE, probes.p(i), NONE};
    Order order = probes.objectFree(i) ? Order.PSOG : Order.POGS;
    Scanner scan = view.scanner(order, 8);
    if (probes.objectFree(i)) {
      scan.setRange(order.prefixRange(pattern, 1));
    } else {
      scan.setRange(
          AccumuloView.objectRange(
              order, probes.p(i), NONE, probes.objectLo(i), probes.objectHi(i)));
    }
    RowFilter.apply(scan, order, pattern, 1);
    for (Iterator<long[]> it = view.filtered(scan, 8, order, pattern); it.hasNext(); ) {
      long[] q = it.next();
      if (matchesProbe(probes, i, q) && !sink.accept(i, q[0], q[1], q[2], q[3])) {
        return false;
      }
    }
    return true;
  }

  /** The probes of one range prefix: p and the part after it (s in PSOG, o in POGS). */
  private record Bucket(long p, long next) {}

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
}
