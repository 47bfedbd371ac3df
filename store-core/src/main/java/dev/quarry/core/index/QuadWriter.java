package dev.quarry.core.index;

import dev.quarry.core.btree.BTree;
import dev.quarry.core.btree.Cursor;
import dev.quarry.core.btree.PageAllocator;
import dev.quarry.core.btree.RowSort;
import dev.quarry.core.dict.Dictionary;
import dev.quarry.core.dict.DictionaryWrites;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.txn.WriteTxn;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Quad;

/**
 * Every change to the quads of one write transaction, on both paths:
 *
 * <ul>
 *   <li>trickle ({@link #trickle}): each quad is encoded and checked at once; added (or removed)
 *       quads are held and written in sorted batches ({@link #flush}: each leaf they fall into read
 *       and written once per batch, instead of once per quad) before anything reads the state, when
 *       the writer turns from adding to removing or back, at {@link #finish}, and every {@link
 *       #BATCH} quads;
 *   <li>bulk ({@link #bulk}): quads are encoded as they come (new terms' hash rows collected) and
 *       held as ids; {@link #finish} sorts them in each index's order, merges them with what the
 *       index holds, rebuilds it bottom-up, and recounts the statistics from the new PSOG.
 * </ul>
 *
 * Either way the rows are those of {@link QuadOrder}: this is the one place quads become rows.
 */
public final class QuadWriter {
  private static final long MAX = -1L;

  private final QuadIndexes ix;
  private final StatsTrees statsTrees;
  private final Dictionary dict;
  private final WriteTxn w;
  private final DictionaryWrites terms;
  private final boolean bulk;
  private final PageAllocator[] allocators;
  private long[] held = new long[0]; // (g, s, p, o) ids: bulk, all; trickle, those not yet flushed
  private int count;
  private final Set<Held> pending = new HashSet<>(); // trickle: the held quads, to answer add()
  private boolean heldDeletes; // trickle: the held quads are to be removed, not added
  private final BulkSettings settings; // bulk only
  private final QuadRuns runs; // bulk only: the load's quads, in memory or in sorted runs
  private final ExecutorService sorters; // bulk only
  private final Map<String, Duration> phases = new LinkedHashMap<>();

  /** Trickle: quads held at most before they are written. */
  static final int BATCH = 65_536;

  private record Held(long g, long s, long p, long o) {}

  /**
   * How a bulk load may use the machine: {@code memoryBytes} of heap for its quads and new terms
   * (past it quads go to sorted runs in {@code spillDir} and terms into the hash index), {@code
   * threads} to sort with.
   */
  public record BulkSettings(long memoryBytes, int threads, Path spillDir) {
    /** Bytes a held quad costs while the orders are sorted: itself and a row in two buffers. */
    static final int BYTES_PER_QUAD = 32 * 3;

    int quadCapacity() {
      return (int) Math.min(Integer.MAX_VALUE / 4 - 8, memoryBytes * 3 / 4 / BYTES_PER_QUAD);
    }

    long termBytes() {
      return memoryBytes / 4;
    }
  }

  private QuadWriter(
      QuadIndexes ix,
      StatsTrees stats,
      Dictionary dict,
      WriteTxn w,
      boolean bulk,
      BulkSettings settings) {
    this.ix = ix;
    this.statsTrees = stats;
    this.dict = dict;
    this.w = w;
    this.terms = dict.writes(w);
    this.bulk = bulk;
    this.allocators = new PageAllocator[QuadOrder.values().length];
    for (QuadOrder order : QuadOrder.values()) {
      allocators[order.ordinal()] = w.allocator(ix.tree(order).owner());
    }
    this.settings = settings;
    if (bulk) {
      terms.deferIndexing();
      int threads = Math.max(1, settings.threads());
      AtomicInteger made = new AtomicInteger();
      this.sorters =
          Executors.newFixedThreadPool(
              threads,
              r -> {
                Thread t = new Thread(r, "quarry-load-sort-" + made.incrementAndGet());
                t.setDaemon(true);
                return t;
              });
      this.runs = new QuadRuns(settings.quadCapacity(), settings.spillDir(), sorters);
    } else {
      terms.deferIndexingUntilFlush();
      this.sorters = null;
      this.runs = null;
    }
  }

  public static QuadWriter trickle(QuadIndexes ix, StatsTrees s, Dictionary d, WriteTxn w) {
    return new QuadWriter(ix, s, d, w, false, null);
  }

  public static QuadWriter bulk(
      QuadIndexes ix, StatsTrees s, Dictionary d, WriteTxn w, BulkSettings settings) {
    return new QuadWriter(ix, s, d, w, true, settings);
  }

  /**
   * Bulk: the id of a term, added if new; several loading threads may call this at once (the
   * encoding half of {@link #addLoaded}).
   */
  public long encodeLoading(Node n) {
    return Quad.isDefaultGraph(n) ? NodeIds.DEFAULT_GRAPH : dict.getOrCreateLoading(n, terms);
  }

  /**
   * Bulk: adds {@code n} quads of ids {@code (g, s, p, o)}; several loading threads may call this
   * at once. Past the memory budget the quads go to sorted runs on disk and the new terms into the
   * hash index.
   */
  public void addLoaded(long[] quads, int n) {
    runs.add(quads, n);
    dict.spillLoadedTerms(terms, settings.termBytes());
  }

  /** Bulk: the time each step of {@link #finish} took. */
  public Map<String, Duration> phases() {
    return phases;
  }

  private long phase(String name, long since) {
    long now = System.nanoTime();
    phases.merge(name, Duration.ofNanos(now - since), Duration::plus);
    return now;
  }

  /** Bulk: gives up the load's runs and threads (the transaction is being aborted). */
  public void discard() {
    if (bulk) {
      runs.close();
      sorters.shutdownNow();
    }
  }

  /** Bulk: bytes of sorted runs written so far. */
  public long spilledBytes() {
    return runs.spilledBytes();
  }

  /** The id of a term, added to the dictionary if new; the default graph's constant for it. */
  public long encode(Node n) {
    return Quad.isDefaultGraph(n) ? NodeIds.DEFAULT_GRAPH : dict.getOrCreate(n, terms);
  }

  /** Encodes and adds a quad of terms. */
  public boolean add(Node g, Node s, Node p, Node o) {
    return add(encode(g), encode(s), encode(p), encode(o));
  }

  /** Adds a quad of ids; false if it was there (bulk: true, duplicates go at {@link #finish}). */
  public boolean add(long g, long s, long p, long o) {
    if (bulk) {
      addLoaded(new long[] {g, s, p, o}, 1);
      return true;
    }
    return holdChange(g, s, p, o, false);
  }

  /**
   * Trickle: holds one change, an add or ({@code deleting}) a removal, for the next sorted batch (a
   * batch holds changes of one kind); false if it would change nothing (the quad is already there,
   * or not there to remove, or held already).
   */
  private boolean holdChange(long g, long s, long p, long o, boolean deleting) {
    if (heldDeletes != deleting) {
      flushHeld();
      heldDeletes = deleting;
    }
    Held q = new Held(g, s, p, o);
    if (pending.contains(q)
        || ix.contains(w.roots(), QuadOrder.PSOG, QuadOrder.PSOG.row(g, s, p, o)) != deleting) {
      return false;
    }
    pending.add(q);
    hold(g, s, p, o);
    w.markChanged();
    if (count >= BATCH) {
      flushHeld();
      heldDeletes = deleting;
    }
    return true;
  }

  /**
   * Trickle: applies the held quads and new terms to the indexes and the statistics, in sorted
   * batches. Called by the write view before each read of its state; a no-op when nothing is held.
   */
  public void flush() {
    if (bulk) {
      return;
    }
    dict.flushDeferred(terms);
    flushHeld();
  }

  /** Applies the held quads, added or removed, to every index and the statistics. */
  private void flushHeld() {
    if (count > 0 && heldDeletes) {
      removeHeld();
    } else if (count > 0) {
      insertHeld();
    }
    count = 0;
    pending.clear();
    heldDeletes = false;
  }

  /** Adds the held quads (none of them in the store yet) to every index and the statistics. */
  private void insertHeld() {
    long[] roots = w.roots();
    boolean[] newSubject = firstOfNewPrefix(QuadOrder.PSOG, 2, 1, roots);
    boolean[] newObject = firstOfNewPrefix(QuadOrder.POGS, 2, 3, roots);
    Stats stats = statsTrees.of(w);
    for (int i = 0; i < count; i++) {
      stats.added(held[i * 4], held[i * 4 + 2], newSubject[i], newObject[i]);
    }
    for (QuadOrder order : QuadOrder.values()) {
      Sorted r = sortedRows(order, null, null); // projections: many quads, one row
      BTree tree = ix.tree(order);
      int slot = ix.slot(order);
      w.setRoot(slot, tree.insertSorted(allocators[order.ordinal()], w.root(slot), r.rows, r.n));
    }
  }

  /**
   * Removes the held quads (all in the store) from the full indexes; then, as a quad at a time
   * would, the projection rows no quad needs any more and the statistics.
   */
  private void removeHeld() {
    long[] roots = w.roots(); // live: sees each removal
    removeRows(QuadOrder.PSOG, null);
    removeRows(QuadOrder.POGS, null);
    boolean[] lastSubject = firstOfNewPrefix(QuadOrder.PSOG, 2, 1, roots);
    boolean[] lastObject = firstOfNewPrefix(QuadOrder.POGS, 2, 3, roots);
    removeRows(QuadOrder.SP, lastSubject);
    removeRows(QuadOrder.OP, lastObject);
    boolean[] lastInGraph = new boolean[count];
    long[] gs = new long[count * 3]; // (g, s, index): each pair checked once
    for (int i = 0; i < count; i++) {
      gs[i * 3] = held[i * 4];
      gs[i * 3 + 1] = held[i * 4 + 1];
      gs[i * 3 + 2] = i;
    }
    RowSort.sort(gs, count, 3);
    for (int i = 0; i < count; i++) {
      boolean same = i > 0 && gs[i * 3 - 3] == gs[i * 3] && gs[i * 3 - 2] == gs[i * 3 + 1];
      if (!same) {
        lastInGraph[(int) gs[i * 3 + 2]] = !graphHasSubject(roots, gs[i * 3], gs[i * 3 + 1]);
      }
    }
    removeRows(QuadOrder.GS, lastInGraph);
    Stats stats = statsTrees.of(w);
    for (int i = 0; i < count; i++) {
      stats.removed(held[i * 4], held[i * 4 + 2], lastSubject[i], lastObject[i]);
    }
  }

  /** Removes from {@code order} the rows of the held quads (only those {@code which} marks). */
  private void removeRows(QuadOrder order, boolean[] which) {
    Sorted r = sortedRows(order, which, null);
    BTree tree = ix.tree(order);
    int slot = ix.slot(order);
    w.setRoot(slot, tree.removeSorted(allocators[order.ordinal()], w.root(slot), r.rows, r.n));
  }

  /** Rows in {@code order}'s layout, sorted, without repeats. */
  private record Sorted(long[] rows, int n) {}

  /**
   * The held quads (those {@code which} marks; null: all) as {@code order}'s sorted rows, in {@code
   * into} when given (large enough for four columns), else in a new array.
   */
  private Sorted sortedRows(QuadOrder order, boolean[] which, long[] into) {
    long[] rows = into != null ? into : new long[count * order.width()];
    return new Sorted(rows, sortRows(order, held, count, which, rows));
  }

  /**
   * The first {@code count} quads of {@code quads} (those {@code which} marks; null: all) as {@code
   * order}'s rows in {@code into}, sorted, without repeats; returns how many.
   */
  static int sortRows(QuadOrder order, long[] quads, int count, boolean[] which, long[] into) {
    int width = order.width();
    int k = 0;
    for (int i = 0; i < count; i++) {
      if (which == null || which[i]) {
        order.toRow(quads, i * 4, into, k++ * width);
      }
    }
    RowSort.sort(into, k, width);
    return RowSort.dedupe(into, k, width);
  }

  /**
   * For each held quad, whether it is the first (of those held) of a (p, x) pair that {@code order}
   * does not hold yet, x being column {@code xCol} of a (g, s, p, o) quad: a new distinct subject
   * (PSOG, s) or object (POGS, o) of p for the statistics.
   */
  private boolean[] firstOfNewPrefix(QuadOrder order, int pCol, int xCol, long[] roots) {
    long[] keys = new long[count * 3]; // (p, x, index)
    for (int i = 0; i < count; i++) {
      keys[i * 3] = held[i * 4 + pCol];
      keys[i * 3 + 1] = held[i * 4 + xCol];
      keys[i * 3 + 2] = i;
    }
    RowSort.sort(keys, count, 3);
    boolean[] first = new boolean[count];
    for (int i = 0; i < count; i++) {
      long p = keys[i * 3];
      long x = keys[i * 3 + 1];
      boolean sameAsBefore = i > 0 && keys[i * 3 - 3] == p && keys[i * 3 - 2] == x;
      if (!sameAsBefore) {
        first[(int) keys[i * 3 + 2]] = !ix.hasPrefix(roots, order, p, x);
      }
    }
    return first;
  }

  /**
   * Removes a quad of ids; false if it was not there. Trickle only: the quad is checked at once and
   * held with the others removed since the last flush, which removes them in sorted batches.
   */
  public boolean delete(long g, long s, long p, long o) {
    if (bulk) {
      throw new IllegalStateException("a bulk load only adds");
    }
    return holdChange(g, s, p, o, true);
  }

  /**
   * Writes what was added into the indexes (bulk: rebuilt with it, the statistics recounted;
   * trickle: what is still held); the transaction is then ready to commit.
   */
  public void finish() {
    if (!bulk) {
      flush();
      return;
    }
    try {
      long t = System.nanoTime();
      long existing = statsTrees.of(w).quads();
      if (!runs.spilled() && existing > 0 && (long) runs.heldCount() * MERGE_RATIO <= existing) {
        held = runs.heldQuads();
        count = runs.heldCount();
        finishIntoLargerStore();
        phase("merge into the store", t);
        return;
      }
      // The new terms sorted on a sorting thread meanwhile; their index built after the quads'.
      Future<long[]> termRows = sorters.submit(() -> dict.drainLoadedTerms(terms));
      Stats.FromRows counted = new Stats.FromRows(); // as PSOG and POGS are built
      if (runs.spilled()) {
        runs.spill(); // the rest, so every row comes from one merge
        t = phase("sort and spill", t);
        for (QuadOrder order : QuadOrder.values()) {
          BTree tree = ix.tree(order);
          int slot = ix.slot(order);
          w.setRoot(
              slot,
              tree.rebuildWith(
                  allocators[order.ordinal()],
                  w.root(slot),
                  runs.merged(order),
                  counter(order, counted)));
        }
        t = phase("merge and build", t);
      } else {
        rebuildFromMemory(counted);
        t = phase("sort and build", t);
      }
      dict.finishBulk(terms, termRows.get());
      phase("term index", t);
      held = null;
      statsTrees.replace(w, counted.stats());
      w.markChanged();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while finishing a load", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e);
    } finally {
      runs.close();
      sorters.shutdownNow();
    }
  }

  /**
   * Every index rebuilt with the held quads: the orders sorted on the sorting threads (each in a
   * buffer of its own, at most one per thread at a time), each tree built here as its rows come.
   */
  /** What sees the rows built for {@code order}: the statistics, for PSOG and POGS. */
  private static Consumer<long[]> counter(QuadOrder order, Stats.FromRows counted) {
    return switch (order) {
      case PSOG -> counted::psog;
      case POGS -> counted::pogs;
      default -> null;
    };
  }

  private void rebuildFromMemory(Stats.FromRows counted) {
    int threads = Math.max(1, settings.threads());
    int n = runs.heldCount();
    QuadOrder[] orders = QuadOrder.values();
    List<Future<Sorted>> sorted = new ArrayList<>();
    // An order is handed to the sorters only when a buffer is free: at most `threads` at a time.
    IntConsumer sort =
        k ->
            sorted.add(
                sorters.submit(
                    () -> {
                      long[] rows = new long[n * orders[k].width()];
                      return new Sorted(rows, runs.sortedInMemory(orders[k], rows));
                    }));
    int next = 0;
    while (next < Math.min(threads, orders.length)) {
      sort.accept(next++);
    }
    try {
      for (QuadOrder order : orders) {
        Sorted r = sorted.get(order.ordinal()).get();
        sorted.set(order.ordinal(), null);
        BTree tree = ix.tree(order);
        int slot = ix.slot(order);
        w.setRoot(
            slot,
            tree.rebuildWith(
                allocators[order.ordinal()], w.root(slot), r.rows, r.n, counter(order, counted)));
        if (next < orders.length) {
          sort.accept(next++);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while sorting a load", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e);
    }
  }

  /**
   * A bulk load this many times smaller than the store is merged into the leaves it falls into (and
   * its statistics added) rather than the indexes rebuilt whole: its cost then grows with the load,
   * not with the store. Measured on BSBM: 50,000 triples into 1M quads, rebuilt 3.5 s.
   */
  static final int MERGE_RATIO = 4;

  /**
   * Bulk, into a store much larger than the load: the quads the store lacks (each checked once, in
   * PSOG order) go in as one trickle batch, the new terms as one sorted batch.
   */
  private void finishIntoLargerStore() {
    dict.flushDeferred(terms);
    Sorted sorted = sortedRows(QuadOrder.PSOG, null, null);
    long[] psog = sorted.rows;
    int n = sorted.n;
    long[] roots = w.roots();
    QuadOrder o = QuadOrder.PSOG;
    long[] row = new long[4];
    count = 0;
    for (int i = 0; i < n; i++) {
      System.arraycopy(psog, i * 4, row, 0, 4);
      if (!ix.contains(roots, o, row)) {
        hold(
            o.part(row, 0, QuadOrder.G),
            o.part(row, 0, QuadOrder.S),
            o.part(row, 0, QuadOrder.P),
            o.part(row, 0, QuadOrder.O));
      }
    }
    flushHeld();
    held = null;
    w.markChanged();
  }

  private void hold(long g, long s, long p, long o) {
    if (held.length < (count + 1) * 4) {
      held = Arrays.copyOf(held, Math.max(4 * 256, held.length * 2));
    }
    int at = count * 4;
    held[at] = g;
    held[at + 1] = s;
    held[at + 2] = p;
    held[at + 3] = o;
    count++;
  }

  /** True if some quad in graph g has subject s: via the predicates of s (SP), then PSOG. */
  private boolean graphHasSubject(long[] roots, long g, long s) {
    try (Cursor preds = ix.scan(roots, QuadOrder.SP, new long[] {s, 0}, new long[] {s, MAX})) {
      while (preds.next()) {
        long p = preds.get(1);
        try (Cursor q =
            ix.scan(roots, QuadOrder.PSOG, new long[] {p, s, 0, 0}, new long[] {p, s, MAX, MAX})) {
          while (q.next()) {
            if (q.get(3) == g) {
              return true;
            }
          }
        }
      }
    }
    return false;
  }
}
