package dev.quarry.core.index;

import dev.quarry.core.btree.BTree;
import dev.quarry.core.btree.Cursor;
import dev.quarry.core.btree.PageAllocator;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

/**
 * The statistics, persisted: two small B+trees committed with the indexes, rows {@code (P, quads,
 * distinct S, distinct O)} and {@code (G, quads)}. A commit rewrites only the rows of the
 * predicates and graphs it changed (a delete and an insert each, in a tree of a few pages), so
 * opening a store reads the figures instead of recounting every quad.
 */
public final class StatsTrees {
  private static final long MAX = -1L;

  private StatsTrees() {}

  /**
   * The statistics of the state at {@code roots}; recounted from PSOG if the trees lack them (a
   * store of the first format), and then marked to be written whole by the next commit.
   */
  public static Stats read(QuadIndexes ix, long[] roots) {
    boolean missing = roots[Roots.PREDICATE_STATS] == BTree.EMPTY;
    if (missing && roots[Roots.PSOG] != BTree.EMPTY) {
      return Stats.count(ix, roots).unsaved();
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
   * Writes what {@code next} changed against {@code base} (the committed statistics the writer
   * started from) into the trees at {@code roots}, updated in place.
   */
  public static void write(
      QuadIndexes ix, PageAllocator[] alloc, long[] roots, Stats base, Stats next) {
    Set<Long> preds = next.changedPredicates;
    Set<Long> graphs = next.changedGraphs;
    if (next.rewrite) {
      preds = new TreeSet<>(base.predicateIds());
      preds.addAll(next.predicateIds());
      graphs = new TreeSet<>(base.graphIds());
      graphs.addAll(next.graphIds());
    }
    BTree pt = ix.tree(Roots.PREDICATE_STATS);
    for (long p : sorted(preds)) {
      if (base.saved && base.quadsWithPredicate(p) > 0) {
        roots[Roots.PREDICATE_STATS] =
            pt.delete(alloc[Roots.PREDICATE_STATS], roots[Roots.PREDICATE_STATS], row(base, p));
      }
      if (next.quadsWithPredicate(p) > 0) {
        roots[Roots.PREDICATE_STATS] =
            pt.insert(alloc[Roots.PREDICATE_STATS], roots[Roots.PREDICATE_STATS], row(next, p));
      }
    }
    BTree gt = ix.tree(Roots.GRAPH_STATS);
    for (long g : sorted(graphs)) {
      if (base.saved && base.quadsInGraph(g) > 0) {
        roots[Roots.GRAPH_STATS] =
            gt.delete(
                alloc[Roots.GRAPH_STATS],
                roots[Roots.GRAPH_STATS],
                new long[] {g, base.quadsInGraph(g)});
      }
      if (next.quadsInGraph(g) > 0) {
        roots[Roots.GRAPH_STATS] =
            gt.insert(
                alloc[Roots.GRAPH_STATS],
                roots[Roots.GRAPH_STATS],
                new long[] {g, next.quadsInGraph(g)});
      }
    }
    next.saved = true;
    next.rewrite = false;
    next.changedPredicates.clear();
    next.changedGraphs.clear();
  }

  private static long[] row(Stats s, long p) {
    return new long[] {p, s.quadsWithPredicate(p), s.distinctSubjects(p), s.distinctObjects(p)};
  }

  private static long[] sorted(Set<Long> ids) {
    long[] a = ids.stream().mapToLong(Long::longValue).toArray();
    Arrays.sort(a); // one pass left to right through the tree's leaves
    return a;
  }

  private static Cursor scanAll(QuadIndexes ix, long[] roots, int t) {
    BTree tree = ix.tree(t);
    long[] hi = new long[tree.width()];
    Arrays.fill(hi, MAX);
    return tree.scan(roots[t], new long[tree.width()], hi);
  }
}
