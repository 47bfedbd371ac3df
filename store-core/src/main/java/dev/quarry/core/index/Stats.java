package dev.quarry.core.index;

import dev.quarry.core.btree.Cursor;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Counts the planner reads: quads per predicate with distinct subjects and objects, quads per
 * graph, and the total. A writer changes a copy ({@link #copy}); readers see the committed one.
 */
public final class Stats {
  /** Per predicate: quads, distinct subjects, distinct objects. */
  private final Map<Long, long[]> predicates;

  private final Map<Long, Long> graphs;
  private long quads;

  public Stats() {
    this(new HashMap<>(), new HashMap<>(), 0);
  }

  private Stats(Map<Long, long[]> predicates, Map<Long, Long> graphs, long quads) {
    this.predicates = predicates;
    this.graphs = graphs;
    this.quads = quads;
  }

  public Stats copy() {
    Map<Long, long[]> p = new HashMap<>(predicates.size() * 2);
    predicates.forEach((k, v) -> p.put(k, v.clone()));
    return new Stats(p, new HashMap<>(graphs), quads);
  }

  /** The statistics of the quads in {@code roots}, by one pass over PSOG. */
  public static Stats count(QuadIndexes ix, long[] roots) {
    Counter counter = new Counter();
    try (Cursor c = ix.scan(roots, QuadOrder.PSOG, new long[4], new long[] {-1L, -1L, -1L, -1L})) {
      while (c.next()) {
        counter.accept(c.get(0), c.get(1), c.get(2), c.get(3));
      }
    }
    return counter.stats();
  }

  /**
   * Counts statistics from the rows of PSOG and POGS as a bulk build writes them, so no pass over
   * the new trees is needed: quads, distinct subjects and graphs from PSOG's rows, distinct objects
   * from POGS's (each new (p, o) prefix one), without a set of objects per predicate.
   */
  public static final class FromRows {
    private final Stats stats = new Stats();
    private long prevP = -1;
    private long prevS = -1;
    private boolean anyPsog;
    private long lastG;
    private long gCount;
    private long prevPo = -1;
    private long prevO = -1;
    private boolean anyPogs;

    /** A PSOG row {@code (p, s, o, g)}, in order. */
    public void psog(long[] row) {
      long p = row[0];
      long s = row[1];
      long g = row[3];
      boolean newP = !anyPsog || p != prevP;
      long[] c = stats.predicates.computeIfAbsent(p, k -> new long[3]);
      if (newP || s != prevS) {
        c[1]++;
      }
      c[0]++;
      stats.quads++;
      if (anyPsog && g != lastG) {
        stats.graphs.merge(lastG, gCount, Long::sum);
        gCount = 0;
      }
      lastG = g;
      gCount++;
      prevP = p;
      prevS = s;
      anyPsog = true;
    }

    /** A POGS row {@code (p, o, g, s)}, in order. */
    public void pogs(long[] row) {
      long p = row[0];
      long o = row[1];
      if (!anyPogs || p != prevPo || o != prevO) {
        stats.predicates.computeIfAbsent(p, k -> new long[3])[2]++;
      }
      prevPo = p;
      prevO = o;
      anyPogs = true;
    }

    public Stats stats() {
      if (gCount > 0) {
        stats.graphs.merge(lastG, gCount, Long::sum);
        gCount = 0;
      }
      return stats;
    }
  }

  /** Counts statistics from quads fed in PSOG order (a scan that has other work to do too). */
  public static final class Counter {
    private final Stats stats = new Stats();
    private final Set<Long> objects = new HashSet<>(); // of the current predicate
    private long prevP;
    private long prevS;
    private boolean first = true;

    public void accept(long p, long s, long o, long g) {
      boolean newP = first || p != prevP;
      if (newP) {
        objects.clear();
      }
      stats.added(g, p, newP || s != prevS, objects.add(o));
      prevP = p;
      prevS = s;
      first = false;
    }

    public Stats stats() {
      return stats;
    }
  }

  void added(long g, long p, boolean newSubject, boolean newObject) {
    long[] c = predicates.computeIfAbsent(p, k -> new long[3]);
    c[0]++;
    c[1] += newSubject ? 1 : 0;
    c[2] += newObject ? 1 : 0;
    graphs.merge(g, 1L, Long::sum);
    quads++;
  }

  void removed(long g, long p, boolean lastSubject, boolean lastObject) {
    long[] c = predicates.get(p);
    c[0]--;
    c[1] -= lastSubject ? 1 : 0;
    c[2] -= lastObject ? 1 : 0;
    if (c[0] == 0) {
      predicates.remove(p);
    }
    if (graphs.merge(g, -1L, Long::sum) == 0) {
      graphs.remove(g);
    }
    quads--;
  }

  public long quads() {
    return quads;
  }

  public long quadsWithPredicate(long p) {
    long[] c = predicates.get(p);
    return c == null ? 0 : c[0];
  }

  public long distinctSubjects(long p) {
    long[] c = predicates.get(p);
    return c == null ? 0 : c[1];
  }

  public long distinctObjects(long p) {
    long[] c = predicates.get(p);
    return c == null ? 0 : c[2];
  }

  public long quadsInGraph(long g) {
    return graphs.getOrDefault(g, 0L);
  }

  /** The graphs holding quads (the default graph's id included, if it holds any). */
  public Set<Long> graphIds() {
    return Collections.unmodifiableSet(graphs.keySet());
  }

  public int predicateCount() {
    return predicates.size();
  }

  /** The predicates with quads. */
  public Set<Long> predicateIds() {
    return Collections.unmodifiableSet(predicates.keySet());
  }

  /** Sets a predicate's figures (reading them back from the statistics trees). */
  void putPredicate(long p, long quadCount, long subjects, long objects) {
    predicates.put(p, new long[] {quadCount, subjects, objects});
  }

  /** Sets a graph's quad count, and adds it to the total. */
  void putGraph(long g, long quadCount) {
    graphs.put(g, quadCount);
    quads += quadCount;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Stats s) || quads != s.quads || !graphs.equals(s.graphs)) {
      return false;
    }
    if (predicates.size() != s.predicates.size()) {
      return false;
    }
    for (Map.Entry<Long, long[]> e : predicates.entrySet()) {
      if (!Arrays.equals(e.getValue(), s.predicates.get(e.getKey()))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(quads) * 31 + graphs.hashCode();
  }

  @Override
  public String toString() {
    return quads + " quads, " + predicates.size() + " predicates, " + graphs.size() + " graphs";
  }
}
