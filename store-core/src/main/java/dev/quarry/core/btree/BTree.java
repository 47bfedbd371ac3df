package dev.quarry.core.btree;

import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.storage.Pages;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * A B+tree of fixed-width rows (1 to 4 longs) on pages of the buffer pool, changed copy-on-write: a
 * change copies the path from the leaf to the root (pages the transaction already owns are changed
 * in place) and yields a new root; the old root still describes the old tree, unchanged, for the
 * readers of earlier snapshots. A tree is named by its root page; {@link #EMPTY} is the empty tree.
 *
 * <p>Reads take no latches (see {@link NodeReader}); writes are for one writer at a time.
 */
public final class BTree {
  public static final long EMPTY = -1;
  static final int MAX_DEPTH = 16;

  /** The most rows one leaf can hold (2 bytes a row, the smallest encoding). */
  static final int MAX_LEAF_ROWS = (Pages.PAGE_SIZE - LeafCodec.DATA) / 2;

  final BufferPool pool;
  final int width;
  // A lookup's state (a few KB of buffers) per thread, reused: one made per batch was about a
  // thirtieth of a BSBM server's allocation.
  private final ThreadLocal<BatchLookup> batchLookups;
  // The planner's counts (a short scan per estimate, several a query) on one cursor per thread: a
  // cursor made per count was about a twentieth of a BSBM server's allocation.
  private final ThreadLocal<Cursor> counters;
  final int owner;
  final NodeReader reader;

  public BTree(BufferPool pool, int width, int owner) {
    if (width < 1 || width > 4) {
      throw new IllegalArgumentException("rows are 1 to 4 longs wide, not " + width);
    }
    this.pool = pool;
    this.width = width;
    this.batchLookups = ThreadLocal.withInitial(() -> new BatchLookup(width));
    this.counters = ThreadLocal.withInitial(() -> new Cursor(width));
    this.owner = owner;
    this.reader = new NodeReader(pool, width);
  }

  /** The segment owner its pages are allocated for. */
  public int owner() {
    return owner;
  }

  public int width() {
    return width;
  }

  // ---- reading --------------------------------------------------------------------------------

  public boolean contains(long root, long[] row) {
    if (root == EMPTY) {
      return false;
    }
    return reader.leafContains(reader.leafFor(root, row, 0), row, 0, new long[width]);
  }

  /** A cursor over the rows in {@code [lo, hi]} (inclusive, unsigned order). */
  public Cursor scan(long root, long[] lo, long[] hi) {
    return new Cursor(this, root, lo, hi);
  }

  /**
   * A vectored lookup: {@code n} probes, probe {@code i} the rows in {@code [los[i], his[i]]} (rows
   * of {@code width} longs at {@code i * width}), sorted by {@code los}. Every row found goes to
   * {@code sink} with its probe's index. See {@link BatchLookup}.
   */
  public void lookupBatch(long root, long[] los, long[] his, int n, RowSink sink) {
    if (n >= DENSE_PROBES && disjointInOrder(los, his, n)) {
      long[] lo = Arrays.copyOfRange(los, 0, width); // the first probe's lo, the last's hi
      long[] hi = Arrays.copyOfRange(his, (n - 1) * width, n * width);
      if (estimateRows(root, lo, hi) <= (long) SCAN_ROWS_PER_PROBE * n) {
        mergeScan(root, lo, hi, los, his, n, sink);
        return;
      }
    }
    BatchLookup lookup = batchLookups.get();
    if (lookup.running) { // a sink that looks this tree up again: a lookup of its own
      new BatchLookup(width).run(this, root, los, his, n, sink);
      return;
    }
    lookup.running = true;
    try {
      lookup.run(this, root, los, his, n, sink);
    } finally {
      lookup.running = false;
    }
  }

  /** Probes below which a batch is always looked up (the check costs two descents). */
  static final int DENSE_PROBES = 256;

  /**
   * Rows a scan may read per probe and still beat the batched lookup. A probe in a batch costs less
   * since leaves have restart heads and blocks decode only as far as a probe needs: at BSBM 10M, BI
   * Q1's 17,376 reviewers among 284,800 rows (16 a probe) took 9.1 ms by the scan (a row read and
   * merged about 32 ns) and 6.7 ms by the batch (385 ns a probe). Break-even is near 12.
   */
  static final int SCAN_ROWS_PER_PROBE = 12;

  /**
   * True if each probe starts after the one before ends: then, when the rows between the first and
   * the last are few per probe, one scan reads them cheaper than a lookup each (the subjects of
   * 200,000 dated things against the 280,000 rows of reviewFor).
   */
  private boolean disjointInOrder(long[] los, long[] his, int n) {
    for (int u = 1; u < n; u++) {
      if (Rows.compare(los, u * width, his, (u - 1) * width, width) <= 0) {
        return false;
      }
    }
    return true;
  }

  /** One scan over [lo, hi], each row given to the probe it is in. */
  private void mergeScan(
      long root, long[] lo, long[] hi, long[] los, long[] his, int n, RowSink sink) {
    long[] rows = new long[1024 * width];
    int u = 0;
    try (Cursor c = scan(root, lo, hi)) {
      for (int got = c.fill(rows, 1024); got > 0; got = c.fill(rows, 1024)) {
        for (int r = 0; r < got; r++) {
          int at = r * width;
          while (Rows.compare(his, u * width, rows, at, width) < 0) {
            if (++u == n) {
              return; // past the last probe (the cursor stops at its hi anyway)
            }
          }
          if (Rows.compare(los, u * width, rows, at, width) <= 0 && !sink.accept(u, rows, at)) {
            return;
          }
        }
      }
    }
  }

  /**
   * About how many rows lie in {@code [lo, hi]}, for the planner: exact when few, else from the
   * tree's shape (see {@link RangeEstimate}).
   */
  public long estimateRows(long root, long[] lo, long[] hi) {
    return RangeEstimate.rows(this, root, lo, hi);
  }

  /** All rows, for tests and checks. */
  public long count(long root) {
    long[] hi = new long[width];
    Arrays.fill(hi, -1L);
    return countUpTo(root, new long[width], hi, Long.MAX_VALUE);
  }

  /** The rows in {@code [lo, hi]}, counted one by one, but no further than {@code limit}. */
  long countUpTo(long root, long[] lo, long[] hi, long limit) {
    long n = 0;
    Cursor c = counters.get();
    try {
      c.open(this, root, lo, hi);
      while (n < limit && c.next()) {
        n++;
      }
    } finally {
      c.detach();
    }
    return n;
  }

  /** The inner nodes of the tree at {@code root}, each read (through the pool), top down. */
  public void forEachInnerPage(long root, LongConsumer out) {
    if (root == EMPTY || reader.level(root) == 0) {
      return;
    }
    out.accept(root);
    if (reader.level(root) == 1) {
      return;
    }
    long[] children = new long[InnerNode.capacity(width) + 2];
    int n = reader.readInner(root, new long[(InnerNode.capacity(width) + 1) * width], children);
    for (int i = 0; i <= n; i++) {
      forEachInnerPage(children[i], out);
    }
  }

  /**
   * Every page of the tree at {@code root}: inner nodes are read, leaves are named by their parents
   * and not read, so the cost is about one page in two hundred.
   */
  public void forEachPage(long root, LongConsumer out) {
    if (root == EMPTY) {
      return;
    }
    out.accept(root);
    int level = reader.level(root);
    if (level == 0) {
      return;
    }
    long[] children = new long[InnerNode.capacity(width) + 2];
    int n = reader.readInner(root, new long[(InnerNode.capacity(width) + 1) * width], children);
    for (int i = 0; i <= n; i++) {
      if (level == 1) {
        out.accept(children[i]);
      } else {
        forEachPage(children[i], out);
      }
    }
  }

  /**
   * The children of a tree page held in {@code page} (one page's bytes, read from the store),
   * written to {@code out}; -1 if it is a leaf. For walks that read pages themselves (backups).
   */
  public static int children(MemorySegment page, long[] out) {
    if (!InnerNode.isInner(page, 0)) {
      return -1;
    }
    int n = InnerNode.count(page, 0) + 1;
    for (int i = 0; i < n; i++) {
      out[i] = InnerNode.child(page, 0, i);
    }
    return n;
  }

  /** Room {@link #children} may need: the most children an inner node of any width holds. */
  public static final int MAX_CHILDREN = InnerNode.capacity(1) + 1;

  /**
   * The commit generation the tree's root page {@code root} was written in (-1 for an empty tree):
   * with the root's number, it names the tree's rows across restarts, since a freed root page that
   * becomes a root again was written by a later commit.
   */
  public long rootGeneration(long root) {
    if (root == EMPTY) {
      return -1;
    }
    for (; ; ) {
      long t = pool.readOptimistic(root);
      long g =
          pool.memory()
              .get(
                  ValueLayout.JAVA_LONG_UNALIGNED,
                  pool.offset(BufferPool.frameOf(t)) + Pages.GENERATION_OFFSET);
      if (pool.validate(t)) {
        return g;
      }
    }
  }

  /** The commit generation a tree page carries (0 for pages written before generations were). */
  public static long generation(MemorySegment page) {
    return page.get(ValueLayout.JAVA_LONG_UNALIGNED, Pages.GENERATION_OFFSET);
  }

  // ---- writing --------------------------------------------------------------------------------

  /** Adds {@code row} (a no-op if present); returns the new root. */
  public long insert(PageAllocator alloc, long root, long[] row) {
    return RowChange.run(this, alloc, root, row, true);
  }

  /**
   * Adds {@code sorted[0, n)} (ascending, no repeats; rows already present are skipped), each leaf
   * they fall into read and written once; returns the new root. See {@link BatchChange}.
   */
  public long insertSorted(PageAllocator alloc, long root, long[] sorted, int n) {
    return BatchChange.run(this, alloc, root, sorted, n);
  }

  /**
   * Removes {@code sorted[0, n)} (ascending, no repeats; absent rows are ignored), each leaf read
   * and written once; returns the new root. See {@link BatchChange}.
   */
  public long removeSorted(PageAllocator alloc, long root, long[] sorted, int n) {
    return BatchChange.remove(this, alloc, root, sorted, n);
  }

  /** Removes {@code row} (a no-op if absent); returns the new root. */
  public long delete(PageAllocator alloc, long root, long[] row) {
    return RowChange.run(this, alloc, root, row, false);
  }

  /** Writes a whole leaf to {@code page} (never read first: every byte is rewritten). */
  void writeLeaf(PageAllocator alloc, long page, long[] rows, int from, int to) {
    int f = pool.create(page);
    MemorySegment m = pool.memory();
    long base = pool.offset(f);
    LeafCodec.encode(rows, from, to, width, m, base, owner);
    m.set(ValueLayout.JAVA_LONG_UNALIGNED, base + Pages.GENERATION_OFFSET, alloc.generation());
    pool.unfixExclusive(f, true);
  }

  void writeInner(
      PageAllocator alloc,
      long page,
      int level,
      long[] keys,
      int keyFrom,
      long[] children,
      int childFrom,
      int count) {
    int f = pool.create(page);
    MemorySegment m = pool.memory();
    long base = pool.offset(f);
    InnerNode.write(m, base, width, level, keys, keyFrom, children, childFrom, count, owner);
    m.set(ValueLayout.JAVA_LONG_UNALIGNED, base + Pages.GENERATION_OFFSET, alloc.generation());
    pool.unfixExclusive(f, true);
  }

  // ---- small reads used by the writer ----------------------------------------------------------

  long childAt(long page, int i) {
    for (; ; ) {
      long t = pool.readOptimistic(page);
      long c = InnerNode.child(pool.memory(), pool.offset(BufferPool.frameOf(t)), i);
      if (pool.validate(t)) {
        return c;
      }
    }
  }

  int innerCount(long page) {
    for (; ; ) {
      long t = pool.readOptimistic(page);
      int c = InnerNode.count(pool.memory(), pool.offset(BufferPool.frameOf(t)));
      if (pool.validate(t)) {
        return c;
      }
    }
  }

  // ---- bulk build -----------------------------------------------------------------------------

  /**
   * Builds a tree bottom-up from rows given in strictly ascending order: leaves filled and written
   * in page order (so a scan reads the extents in order), then each inner level. Returns the root.
   */
  public long bulkBuild(PageAllocator alloc, RowSource rows) {
    return new BulkBuilder(this, alloc).build(rows);
  }

  /**
   * Adds many rows at once: merges the tree's rows with {@code sorted} (ascending, no repeats; rows
   * already present are skipped), builds a new tree bottom-up, and releases the old one. Cheaper
   * than inserting one by one once the new rows are more than a few percent of the tree.
   */
  public long rebuildWith(PageAllocator alloc, long root, long[] sorted, int n) {
    return rebuildWith(alloc, root, sorted, n, null);
  }

  /**
   * {@link #rebuildWith(PageAllocator, long, long[], int)}, showing {@code seen} each row built.
   */
  public long rebuildWith(
      PageAllocator alloc, long root, long[] sorted, int n, Consumer<long[]> seen) {
    int[] i = {0};
    return rebuildWith(
        alloc,
        root,
        row -> {
          if (i[0] == n) {
            return false;
          }
          System.arraycopy(sorted, i[0]++ * width, row, 0, width);
          return true;
        },
        seen);
  }

  /**
   * {@link #rebuildWith(PageAllocator, long, long[], int)} with the new rows from a source
   * (ascending, no repeats), e.g. the merge of a load's sorted runs on disk.
   */
  public long rebuildWith(PageAllocator alloc, long root, RowSource added, Consumer<long[]> seen) {
    long[] lo = new long[width];
    long[] hi = new long[width];
    Arrays.fill(hi, -1L);
    Cursor old = root == EMPTY ? null : scan(root, lo, hi);
    boolean[] oldHas = {old != null && old.next()};
    long[] next = new long[width];
    boolean[] newHas = {added.next(next)};
    long newRoot =
        bulkBuild(
            alloc,
            row -> {
              if (!oldHas[0] && !newHas[0]) {
                return false;
              }
              int c =
                  !oldHas[0]
                      ? 1
                      : !newHas[0] ? -1 : Rows.compare(old.rows(), old.offset(), next, 0, width);
              if (c <= 0) {
                old.copy(row);
                oldHas[0] = old.next();
                if (c == 0) {
                  newHas[0] = added.next(next);
                }
              } else {
                System.arraycopy(next, 0, row, 0, width);
                newHas[0] = added.next(next);
              }
              if (seen != null) {
                seen.accept(row);
              }
              return true;
            });
    if (old != null) {
      old.close();
    }
    releaseAll(alloc, root);
    return newRoot;
  }

  /** Releases every page of the tree rooted at {@code root} (after a rebuild replaced it). */
  public void releaseAll(PageAllocator alloc, long root) {
    forEachPage(root, alloc::release);
  }

  /** Rows in ascending order, for {@link #bulkBuild}. */
  public interface RowSource {
    /** Puts the next row into {@code row}; false at the end. */
    boolean next(long[] row);
  }
}
