package dev.quarry.core.index;

import dev.quarry.core.btree.BTree;
import dev.quarry.core.btree.Cursor;
import dev.quarry.core.btree.PageAllocator;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

/**
 * The statistics, persisted: two small B+trees committed with the indexes, rows {@code (P, quads,
 * distinct S, distinct O)} and {@code (G, quads)}. A commit compares its statistics with those it
 * started from and rewrites only the rows that differ (a delete and an insert each, in a tree of a
 * few pages), so opening a store reads the figures instead of recounting every quad.
 */
public final class StatsTrees {
  private static final long MAX = -1L;

  private StatsTrees() {}

  /**
   * The statistics of the state at {@code roots}; recounted from PSOG if the trees lack them (a
   * store of the first format, whose next commit then writes them all).
   */
  public static Stats read(QuadIndexes ix, long[] roots) {
    if (roots[Roots.PREDICATE_STATS] == BTree.EMPTY && roots[Roots.PSOG] != BTree.EMPTY) {
      return Stats.count(ix, roots);
    }
    Stats stats = new Stats();
    try (Cursor c = scanAll(ix, roots, Roots.PREDICATE_STATS)) {
      while (c.next()) {
        stats.putPredicate(c.get(0), c.get(1), c.get(2), c.get(3));
      }
    }
    try (Cursor c = scanAll(ix, roots, Roots.GRAPH_STATS)) {
      while (c.next()) {
        stats.putGraph(c.get(0), c.get(1));
      }
    }
    return stats;
  }

  /**
   * Brings the trees at {@code roots} (updated in place) from {@code base}, the statistics the
   * writer started from, to {@code next}. Trees that are empty hold nothing, whatever {@code base}
   * says (a store of the first format): then every row of {@code next} is written.
   */
  public static void write(
      QuadIndexes ix, PageAllocator[] alloc, long[] roots, Stats base, Stats next) {
    Stats held = roots[Roots.PREDICATE_STATS] == BTree.EMPTY ? new Stats() : base;
    for (long p : union(held.predicateIds(), next.predicateIds())) {
      long[] before = predicateRow(held, p);
      long[] after = predicateRow(next, p);
      if (!Arrays.equals(before, after)) {
        replace(ix, alloc, roots, Roots.PREDICATE_STATS, before, after);
      }
    }
    held = roots[Roots.GRAPH_STATS] == BTree.EMPTY ? new Stats() : base;
    for (long g : union(held.graphIds(), next.graphIds())) {
      long[] before = graphRow(held, g);
      long[] after = graphRow(next, g);
      if (!Arrays.equals(before, after)) {
        replace(ix, alloc, roots, Roots.GRAPH_STATS, before, after);
      }
    }
  }

  /** Deletes row {@code before} and inserts {@code after} in tree {@code t} (null: none). */
  private static void replace(
      QuadIndexes ix, PageAllocator[] alloc, long[] roots, int t, long[] before, long[] after) {
    BTree tree = ix.tree(t);
    if (before != null) {
      roots[t] = tree.delete(alloc[t], roots[t], before);
    }
    if (after != null) {
      roots[t] = tree.insert(alloc[t], roots[t], after);
    }
  }

  private static long[] predicateRow(Stats s, long p) {
    long n = s.quadsWithPredicate(p);
    return n == 0 ? null : new long[] {p, n, s.distinctSubjects(p), s.distinctObjects(p)};
  }

  private static long[] graphRow(Stats s, long g) {
    long n = s.quadsInGraph(g);
    return n == 0 ? null : new long[] {g, n};
  }

  /** Both sets' ids in order: one pass left to right through the tree's leaves. */
  private static Set<Long> union(Set<Long> a, Set<Long> b) {
    Set<Long> all = new TreeSet<>(a);
    all.addAll(b);
    return all;
  }

  private static Cursor scanAll(QuadIndexes ix, long[] roots, int t) {
    BTree tree = ix.tree(t);
    long[] hi = new long[tree.width()];
    Arrays.fill(hi, MAX);
    return tree.scan(roots[t], new long[tree.width()], hi);
  }
}
