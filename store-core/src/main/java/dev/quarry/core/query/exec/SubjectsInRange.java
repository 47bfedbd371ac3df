package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadProbes;
import dev.quarry.core.index.spi.QuadScan;
import dev.quarry.core.index.spi.QuadSink;
import dev.quarry.core.index.spi.QuadView;
import java.util.Arrays;

/**
 * The quads of one predicate whose objects lie in some id ranges, scanned once (in POGS of the
 * paged engine they are contiguous) and held by subject, so that many input rows with a bound
 * subject find their objects in memory instead of each paying a random index probe. Built only
 * while the range holds at most a given number of quads; past that, probing is the cheaper way and
 * {@link #scan} gives up.
 */
final class SubjectsInRange {
  final long[] ranges;
  private final long[] objects;
  private final long[] graphs; // null if every quad is in oneGraph
  private final long oneGraph;
  private final int n;
  // A directory when the subjects came ascending (a scan of PSOG), else a hash table.
  private final KeyedEntries bySubject;

  private SubjectsInRange(long[] ranges, long[] s, long[] o, long[] g, int n, boolean kept) {
    this.ranges = ranges;
    this.n = n;
    // Kept tables live on between queries: arrays grown past their quads are trimmed, and a graph
    // column that holds one graph is not kept (at BSBM 100M, 2.7 MB of each numeric property's).
    this.objects = kept ? trimmed(o, n) : o;
    this.oneGraph = n == 0 ? 0 : g[0];
    boolean one = true;
    for (int i = 1; i < n && one; i++) {
      one = g[i] == oneGraph;
    }
    this.graphs = one ? null : kept ? trimmed(g, n) : g;
    SortedKeys sorted = SortedKeys.of(s, n);
    sorted = kept && sorted != null ? sorted.trimmed() : sorted;
    this.bySubject = sorted != null ? sorted : new LongChains(s, n);
  }

  /**
   * Scans the quads of predicate p in graph g with objects in {@code ranges}, as one vectored
   * lookup (a range per probe); null if there are more than {@code limit}. Sized for the {@code
   * expected} quads (0: unknown).
   */
  static SubjectsInRange scan(
      QuadView view, long g, long p, long[] ranges, int limit, long expected) {
    QuadProbes probes = new QuadProbes();
    for (int i = 0; i < ranges.length; i += 2) {
      probes.addObjectRange(g, QuadView.NONE, p, ranges[i], ranges[i + 1]);
    }
    Collector c = new Collector((int) Math.min(limit, Math.max(1024, expected)), limit);
    view.lookup(probes, c);
    return c.table(ranges, false);
  }

  /**
   * The quads of predicate p in graph g with object o ({@link QuadView#NONE}: any), read whole in
   * index order a batch at a time; null if there are more than {@code limit}. For a join whose
   * input rows are so many that one sequential read of the pattern costs less than a probe each.
   * Sized for the {@code expected} quads the statistics count (grown copies were 9 % of BSBM BI's
   * allocation).
   */
  static SubjectsInRange ofPattern(
      QuadView view, long g, long p, long o, long expected, int limit) {
    QuadScan scan = view.scan(g, QuadView.NONE, p, o);
    Collector c = new Collector((int) Math.min(limit, Math.max(Rows.BATCH, expected)), limit);
    long[] bs = new long[Rows.BATCH];
    long[] bo = new long[Rows.BATCH];
    long[] bg = new long[Rows.BATCH];
    for (int got; (got = scan.read(bg, bs, null, bo, Rows.BATCH)) > 0; ) {
      if (!c.addAll(bg, bs, bo, got)) {
        return null;
      }
    }
    return c.table(new long[] {o, o}, true);
  }

  /** Arrays up to an eighth longer than their n entries are kept as they are. */
  static long[] trimmed(long[] a, int n) {
    return a.length - n > n / 8 ? Arrays.copyOf(a, n) : a;
  }

  /** Bytes this table holds: its columns and its subjects' directory or hash table. */
  long bytes() {
    return 8L * objects.length + (graphs == null ? 0 : 8L * graphs.length) + bySubject.bytes();
  }

  /** Bytes a table of {@code quads} quads holds at most: its columns, chains and slots. */
  static long bytesFor(long quads) {
    return quads * (3 * 8 + LongChains.BYTES_PER_ENTRY);
  }

  /** The quads found, up to a limit. */
  private static final class Collector implements QuadSink {
    private final int limit;
    long[] s;
    long[] o;
    long[] g;
    int n;
    boolean over;

    Collector(int capacity, int limit) {
      this.limit = limit;
      this.s = new long[capacity];
      this.o = new long[capacity];
      this.g = new long[capacity];
    }

    /** The quads collected, or null if there were more than the limit. */
    SubjectsInRange table(long[] ranges, boolean kept) {
      return over ? null : new SubjectsInRange(ranges, s, o, g, n, kept);
    }

    /** Room for {@code more} quads, or false (and over) if they pass the limit. */
    private boolean room(int more) {
      if (n + more > limit) {
        over = true;
        return false;
      }
      if (n + more > s.length) {
        int grown = (int) Math.min(limit, Math.max(n + more, 2L * s.length));
        s = Arrays.copyOf(s, grown);
        o = Arrays.copyOf(o, grown);
        g = Arrays.copyOf(g, grown);
      }
      return true;
    }

    /** Adds a batch read by a scan (graphs, subjects, objects): false past the limit. */
    boolean addAll(long[] bg, long[] bs, long[] bo, int count) {
      if (!room(count)) {
        return false;
      }
      System.arraycopy(bg, 0, g, n, count);
      System.arraycopy(bs, 0, s, n, count);
      System.arraycopy(bo, 0, o, n, count);
      n += count;
      return true;
    }

    @Override
    public boolean accept(int probe, long qg, long qs, long qp, long qo) {
      if (!room(1)) {
        return false;
      }
      o[n] = qo;
      g[n] = qg;
      s[n] = qs;
      n++;
      return true;
    }
  }

  /** The first quad of each of {@code subjects[0..n)} into {@code firsts} (-1: none). */
  void firstOfEach(long[] subjects, int n, int[] firsts) {
    bySubject.firstOfEach(subjects, n, firsts);
  }

  /** The index of the first quad of {@code subject}, or -1; {@link #nextOf} gives the others. */
  int first(long subject) {
    return bySubject.first(subject);
  }

  /**
   * The subjects' directory when they came ascending (a scan of PSOG), for probes to be put in its
   * order; null if they are hashed.
   */
  SortedKeys sorted() {
    return bySubject instanceof SortedKeys sorted ? sorted : null;
  }

  int nextOf(int i) {
    return bySubject.next(i);
  }

  long object(int i) {
    return objects[i];
  }

  long graph(int i) {
    return graphs == null ? oneGraph : graphs[i];
  }

  int size() {
    return n;
  }
}
