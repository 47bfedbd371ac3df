package dev.quarry.core.index;

import java.util.HashMap;
import java.util.Map;

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
    Stats stats = new Stats();
    long prevP = 0;
    long prevS = 0;
    java.util.HashSet<Long> objects = new java.util.HashSet<>();
    try (dev.quarry.core.btree.Cursor c =
        ix.tree(Roots.PSOG).scan(roots[Roots.PSOG], new long[4], new long[] {-1L, -1L, -1L, -1L})) {
      while (c.next()) {
        long p = c.get(0);
        long s = c.get(1);
        if (p != prevP) {
          objects.clear();
        }
        stats.added(c.get(3), p, p != prevP || s != prevS, objects.add(c.get(2)));
        prevP = p;
        prevS = s;
      }
    }
    return stats;
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
  public java.util.Set<Long> graphIds() {
    return java.util.Collections.unmodifiableSet(graphs.keySet());
  }

  public int predicateCount() {
    return predicates.size();
  }
}
