package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadProbes;
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
