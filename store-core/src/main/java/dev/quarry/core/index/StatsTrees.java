package dev.quarry.core.index;

import dev.quarry.core.btree.BTree;
import dev.quarry.core.btree.Cursor;
import dev.quarry.core.btree.PageAllocator;
import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.txn.RootCatalog;
import dev.quarry.core.txn.Snapshot;
import dev.quarry.core.txn.TxnKey;
import dev.quarry.core.txn.TxnParticipant;
import dev.quarry.core.txn.WriteTxn;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;

/**
 * The statistics, kept exact by every change and committed with it: two small B+trees, rows {@code
 * (P, quads, distinct S, distinct O)} and {@code (G, quads)}, in the root slots {@link #PREDICATES}
 * and {@link #GRAPHS}. A writer changes a copy of the committed {@link Stats} ({@link #of}); at
 * commit ({@link TxnParticipant#prepare}) the trees are brought from the figures the writer started
 * with to its own, rewriting only the rows that differ, and its figures are published with the new
 * state for its readers ({@link #read}). Opening a store reads the trees instead of recounting
 * every quad.
 */
public final class StatsTrees implements TxnParticipant {
  public static final String PREDICATES = "predicate-stats";
  public static final String GRAPHS = "graph-stats";

  private static final TxnKey<Stats> WORKING = new TxnKey<>("statistics being changed");
  private static final TxnKey<Stats> COMMITTED = new TxnKey<>("statistics");
  private static final long MAX = -1L;

  private final BTree predicates;
  private final BTree graphs;
  private final int predicateSlot;
  private final int graphSlot;
  private final QuadIndexes indexes;

  /** The trees, their pages for segment owners {@code predicateOwner} and {@code graphOwner}. */
  public StatsTrees(
      BufferPool pool, int predicateOwner, int graphOwner, RootCatalog layout, QuadIndexes ix) {
    this.predicates = new BTree(pool, 4, predicateOwner);
    this.graphs = new BTree(pool, 2, graphOwner);
    this.predicateSlot = layout.slot(PREDICATES);
    this.graphSlot = layout.slot(GRAPHS);
    this.indexes = ix;
  }

  public BTree predicateTree() {
    return predicates;
  }

  public BTree graphTree() {
    return graphs;
  }

  /** The statistics readers of {@code s} plan with. */
  public Stats read(Snapshot s) {
    return s.value(COMMITTED);
  }

  /** The writer's statistics in {@code w}, changed as it writes. */
  public Stats of(WriteTxn w) {
    return w.get(WORKING, () -> read(w.base()).copy());
  }

  /** Replaces the writer's statistics (a bulk load recounts them). */
  public void replace(WriteTxn w, Stats recounted) {
    w.put(WORKING, recounted);
  }

  /** The value to publish with a state read from disk: {@code COMMITTED -> stats}. */
  public TxnKey<Stats> key() {
    return COMMITTED;
  }

  /**
   * The statistics of the state whose root values are {@code roots}, from the trees; recounted from
   * PSOG if the trees lack them (a store of the first format, whose next commit writes them).
   */
  public Stats load(long[] roots) {
    if (roots[predicateSlot] == BTree.EMPTY && indexes.root(roots, QuadOrder.PSOG) != BTree.EMPTY) {
      return Stats.count(indexes, roots);
    }
    Stats stats = new Stats();
    try (Cursor c = scanAll(predicates, roots[predicateSlot])) {
      while (c.next()) {
        stats.putPredicate(c.get(0), c.get(1), c.get(2), c.get(3));
      }
    }
    try (Cursor c = scanAll(graphs, roots[graphSlot])) {
      while (c.next()) {
        stats.putGraph(c.get(0), c.get(1));
      }
    }
    return stats;
  }

  // ---- taking part in commits ---------------------------------------------------------------

  @Override
  public void prepare(WriteTxn w) {
    Stats next = w.peek(WORKING);
    if (next == null) {
      return; // unchanged: the new state keeps the published figures
    }
    write(w, read(w.base()), next);
    w.publish(COMMITTED, next);
  }

  @Override
  public void rollback(WriteTxn w) {
    // The working copy dies with the transaction; the trees' new pages are the writer's.
  }

  @Override
  public String toString() {
    return "the statistics";
  }

  /**
   * Brings the trees from {@code base}, the statistics the writer started from, to {@code next}.
   * Trees that are empty hold nothing, whatever {@code base} says (a store of the first format):
   * then every row of {@code next} is written.
   */
  private void write(WriteTxn w, Stats base, Stats next) {
    PageAllocator pa = w.allocator(predicates.owner());
    Stats held = w.root(predicateSlot) == BTree.EMPTY ? new Stats() : base;
    for (long p : union(held.predicateIds(), next.predicateIds())) {
      long[] before = predicateRow(held, p);
      long[] after = predicateRow(next, p);
      if (!Arrays.equals(before, after)) {
        w.setRoot(predicateSlot, replace(predicates, pa, w.root(predicateSlot), before, after));
      }
    }
    PageAllocator ga = w.allocator(graphs.owner());
    held = w.root(graphSlot) == BTree.EMPTY ? new Stats() : base;
    for (long g : union(held.graphIds(), next.graphIds())) {
      long[] before = graphRow(held, g);
      long[] after = graphRow(next, g);
      if (!Arrays.equals(before, after)) {
        w.setRoot(graphSlot, replace(graphs, ga, w.root(graphSlot), before, after));
      }
    }
  }

  /** Deletes row {@code before} and inserts {@code after} (null: none); returns the new root. */
  private static long replace(
      BTree tree, PageAllocator alloc, long root, long[] before, long[] after) {
    if (before != null) {
      root = tree.delete(alloc, root, before);
    }
    if (after != null) {
      root = tree.insert(alloc, root, after);
    }
    return root;
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

  private static Cursor scanAll(BTree tree, long root) {
    long[] hi = new long[tree.width()];
    Arrays.fill(hi, MAX);
    return tree.scan(root, new long[tree.width()], hi);
  }
}
