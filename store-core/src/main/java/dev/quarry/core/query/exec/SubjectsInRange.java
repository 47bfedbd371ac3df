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
  private final long[] subjects;
  private final long[] objects;
  private final long[] graphs;
  private final int n;
  // Open addressing, subject -> first quad; next[] chains a subject's other quads.
  private final long[] slotKeys;
  private final int[] slotHeads;
  private final int[] next;

  private SubjectsInRange(long[] ranges, long[] s, long[] o, long[] g, int n) {
    this.ranges = ranges;
    this.subjects = s;
    this.objects = o;
    this.graphs = g;
    this.n = n;
    int cap = Integer.highestOneBit(Math.max(4, n * 2)) * 2;
    this.slotKeys = new long[cap];
    this.slotHeads = new int[cap];
    Arrays.fill(slotHeads, -1);
    this.next = new int[n];
    for (int i = n - 1; i >= 0; i--) {
      int slot = slot(s[i]);
      next[i] = slotHeads[slot];
      slotHeads[slot] = i;
      slotKeys[slot] = s[i];
    }
  }

  /**
   * Scans the quads of predicate p in graph g with objects in {@code ranges}, as one vectored
   * lookup (a range per probe); null if there are more than {@code limit}.
   */
  static SubjectsInRange scan(QuadView access, long g, long p, long[] ranges, int limit) {
    QuadProbes probes = new QuadProbes();
    for (int i = 0; i < ranges.length; i += 2) {
      probes.addObjectRange(g, QuadView.NONE, p, ranges[i], ranges[i + 1]);
    }
    Collector c = new Collector(Math.min(limit, 1024), limit);
    access.lookup(probes, c);
    return c.over ? null : new SubjectsInRange(ranges, c.s, c.o, c.g, c.n);
  }

  /**
   * The quads of predicate p in graph g with object o ({@link QuadView#NONE}: any), read whole in
   * index order a batch at a time; null if there are more than {@code limit}. For a join whose
   * input rows are so many that one sequential read of the pattern costs less than a probe each.
   */
  static SubjectsInRange ofPattern(QuadView access, long g, long p, long o, int limit) {
    QuadScan scan = access.scan(g, QuadView.NONE, p, o);
    int cap = Math.min(limit, 4 * Rows.BATCH);
    long[] s = new long[cap];
    long[] ob = new long[cap];
    long[] gr = new long[cap];
    long[] bs = new long[Rows.BATCH];
    long[] bo = new long[Rows.BATCH];
    long[] bg = new long[Rows.BATCH];
    int n = 0;
    for (int got; (got = scan.read(bg, bs, null, bo, Rows.BATCH)) > 0; ) {
      if (n + got > limit) {
        return null;
      }
      if (n + got > s.length) {
        int grown = (int) Math.min(limit, Math.max(n + got, 2L * s.length));
        s = Arrays.copyOf(s, grown);
        ob = Arrays.copyOf(ob, grown);
        gr = Arrays.copyOf(gr, grown);
      }
      System.arraycopy(bs, 0, s, n, got);
      System.arraycopy(bo, 0, ob, n, got);
      System.arraycopy(bg, 0, gr, n, got);
      n += got;
    }
    return new SubjectsInRange(new long[] {o, o}, s, ob, gr, n);
  }

  /** Bytes a table of {@code quads} quads holds at most: its columns, chains and slots. */
  static long bytesFor(long quads) {
    return quads * (3 * 8 + 4 + 4 * 12);
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

    @Override
    public boolean accept(int probe, long qg, long qs, long qp, long qo) {
      if (n == limit) {
        over = true;
        return false;
      }
      if (n == s.length) {
        int grown = Math.min(limit, n * 2);
        s = Arrays.copyOf(s, grown);
        o = Arrays.copyOf(o, grown);
        g = Arrays.copyOf(g, grown);
      }
      o[n] = qo;
      g[n] = qg;
      s[n] = qs;
      n++;
      return true;
    }
  }

  private int slot(long subject) {
    int mask = slotKeys.length - 1;
    int slot = (int) (mix(subject) & mask);
    while (slotHeads[slot] >= 0 && slotKeys[slot] != subject) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  private static long mix(long x) {
    x *= 0x9E3779B97F4A7C15L;
    return x ^ (x >>> 29);
  }

  /** The index of the first quad of {@code subject}, or -1; {@link #nextOf} gives the others. */
  int first(long subject) {
    return slotHeads[slot(subject)];
  }

  int nextOf(int i) {
    return next[i];
  }

  long object(int i) {
    return objects[i];
  }

  long graph(int i) {
    return graphs[i];
  }

  int size() {
    return n;
  }
}
