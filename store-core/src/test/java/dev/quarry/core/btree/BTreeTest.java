package dev.quarry.core.btree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.buffer.BufferPoolConfig;
import dev.quarry.core.storage.MemoryPageStore;
import dev.quarry.core.storage.SpaceMap;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NavigableSet;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The B+tree against a TreeSet, through a pool small enough that reads meet evictions. */
class BTreeTest {
  MemoryPageStore store;
  BufferPool pool;
  SpaceMap space;

  @BeforeEach
  void setUp() {
    store = new MemoryPageStore();
    pool = BufferPool.open(store, BufferPoolConfig.ofFrames(256));
    space = SpaceMap.create();
  }

  @AfterEach
  void tearDown() {
    pool.close();
    store.close();
  }

  static Comparator<long[]> order(int width) {
    return (a, b) -> Rows.compare(a, 0, b, 0, width);
  }

  /** Rows shaped like quads: few values in the first column, clustered second, varied later. */
  static long[] randomRow(Random rnd, int width) {
    long[] r = new long[width];
    r[0] = 1 + rnd.nextInt(20);
    for (int c = 1; c < width; c++) {
      r[c] = c == 1 ? 1000 + rnd.nextInt(5000) : rnd.nextLong() >>> rnd.nextInt(60);
    }
    if (rnd.nextInt(10) == 0) {
      r[width - 1] = 0xFF00_0000_0000_0000L | rnd.nextInt(1000); // ids with a high tag
    }
    return r;
  }

  private void assertSame(BTree tree, long root, NavigableSet<long[]> oracle, Random rnd) {
    assertEquals(oracle.size(), tree.count(root));
    int width = tree.width();
    // Full scan equals the oracle in order.
    long[] lo = new long[width];
    long[] hi = new long[width];
    Arrays.fill(hi, -1L);
    Iterator<long[]> expected = oracle.iterator();
    try (Cursor c = tree.scan(root, lo, hi)) {
      long[] row = new long[width];
      while (c.next()) {
        c.copy(row);
        assertTrue(Arrays.equals(expected.next(), row));
      }
    }
    // Random ranges, and membership of present and absent rows.
    List<long[]> all = new ArrayList<>(oracle);
    for (int i = 0; i < 50 && !all.isEmpty(); i++) {
      long[] a = all.get(rnd.nextInt(all.size()));
      long[] b = all.get(rnd.nextInt(all.size()));
      long[] from = order(width).compare(a, b) <= 0 ? a : b;
      long[] to = from == a ? b : a;
      List<long[]> want = new ArrayList<>(oracle.subSet(from, true, to, true));
      List<long[]> got = new ArrayList<>();
      try (Cursor c = tree.scan(root, from, to)) {
        while (c.next()) {
          long[] row = new long[width];
          c.copy(row);
          got.add(row);
        }
      }
      assertEquals(want.size(), got.size(), "range size");
      for (int k = 0; k < want.size(); k++) {
        assertTrue(Arrays.equals(want.get(k), got.get(k)));
      }
      assertTrue(tree.contains(root, a));
      long[] absent = randomRow(rnd, width);
      assertEquals(oracle.contains(absent), tree.contains(root, absent));
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3, 4})
  void insertsAndDeletesMatchASortedSet(int width) {
    Random rnd = new Random(width);
    BTree tree = new BTree(pool, width, 2);
    TestAllocator alloc = new TestAllocator(space, pool, 2);
    NavigableSet<long[]> oracle = new TreeSet<>(order(width));
    long root = BTree.EMPTY;
    for (int i = 0; i < 30_000; i++) {
      long[] r = randomRow(rnd, width);
      if (width == 1) {
        r[0] = rnd.nextLong();
      }
      root = tree.insert(alloc, root, r);
      oracle.add(r);
    }
    alloc.commit(true);
    assertSame(tree, root, oracle, rnd);
    List<long[]> all = new ArrayList<>(oracle);
    for (int i = 0; i < all.size(); i += 2) {
      root = tree.delete(alloc, root, all.get(i));
      oracle.remove(all.get(i));
    }
    root = tree.delete(alloc, root, new long[width]); // absent: no change
    alloc.commit(true);
    assertSame(tree, root, oracle, rnd);
    for (long[] r : new ArrayList<>(oracle)) {
      root = tree.delete(alloc, root, r);
    }
    assertEquals(BTree.EMPTY, root);
    alloc.commit(true);
    assertEquals(0, Arrays.stream(space.extentsOf(2)).count(), "every page given back");
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 4})
  void sortedBatchesInsertAsRowByRowDoesAndOldRootsStillSeeTheirTree(int width) {
    Random rnd = new Random(40 + width);
    BTree tree = new BTree(pool, width, 2);
    TestAllocator alloc = new TestAllocator(space, pool, 2);
    NavigableSet<long[]> oracle = new TreeSet<>(order(width));
    long root = BTree.EMPTY;
    // Batches from tiny to large (root splits more than once), in and across transactions, with
    // rows already present, clustered and scattered.
    int[] sizes = {1, 3, 50, 700, 5_000, 40_000, 2, 12_000};
    long committedRoot = BTree.EMPTY;
    NavigableSet<long[]> committed = new TreeSet<>(order(width));
    for (int b = 0; b < sizes.length; b++) {
      TreeSet<long[]> batch = new TreeSet<>(order(width));
      List<long[]> present = new ArrayList<>(oracle);
      while (batch.size() < sizes[b]) {
        boolean again = !present.isEmpty() && rnd.nextInt(5) == 0;
        long[] r = again ? present.get(rnd.nextInt(present.size())).clone() : randomRow(rnd, width);
        if (width == 1 && !again) {
          r[0] = rnd.nextInt(3) == 0 ? rnd.nextLong() : r[0] * 1_000_000 + rnd.nextInt(1_000_000);
        }
        batch.add(r);
      }
      root = tree.insertSorted(alloc, root, flat(batch, width), batch.size());
      oracle.addAll(batch);
      assertSame(tree, root, oracle, rnd);
      if (b % 3 == 2) {
        alloc.commit(false);
        assertSame(tree, committedRoot, committed, rnd); // an older snapshot is untouched
        committedRoot = root;
        committed = new TreeSet<>(oracle);
      }
    }
    // Batches removed: present and absent rows, scattered and whole runs, down to nothing.
    alloc.commit(false);
    NavigableSet<long[]> before = new TreeSet<>(oracle);
    long beforeRoot = root;
    List<long[]> all = new ArrayList<>(oracle);
    int[] removals = {1, 40, 3_000, 20_000};
    for (int size : removals) {
      TreeSet<long[]> batch = new TreeSet<>(order(width));
      int run = rnd.nextInt(Math.max(1, all.size()));
      for (int i = run; i < all.size() && batch.size() < size / 2; i++) {
        batch.add(all.get(i)); // a run of neighbours: whole leaves empty
      }
      while (batch.size() < size) {
        batch.add(rnd.nextInt(4) == 0 ? randomRow(rnd, width) : all.get(rnd.nextInt(all.size())));
      }
      root = tree.removeSorted(alloc, root, flat(batch, width), batch.size());
      oracle.removeAll(batch);
      assertSame(tree, root, oracle, rnd);
    }
    assertSame(tree, beforeRoot, before, rnd); // the committed tree is untouched
    assertEquals(BTree.EMPTY, tree.removeSorted(alloc, root, flat(oracle, width), oracle.size()));
  }

  /** Rows held flat in one array, in the collection's order. */
  private static long[] flat(Collection<long[]> rows, int width) {
    long[] out = new long[rows.size() * width];
    int n = 0;
    for (long[] r : rows) {
      System.arraycopy(r, 0, out, n++ * width, width);
    }
    return out;
  }

  /** A tree of {@code rows} (sorted, 4 wide) built bottom-up. */
  private static long bulkBuild(BTree tree, TestAllocator alloc, Iterable<long[]> rows) {
    Iterator<long[]> it = rows.iterator();
    return tree.bulkBuild(
        alloc,
        row -> {
          if (!it.hasNext()) {
            return false;
          }
          System.arraycopy(it.next(), 0, row, 0, 4);
          return true;
        });
  }

  @Test
  void anOldRootStillSeesItsTreeAfterLaterChanges() {
    Random rnd = new Random(9);
    BTree tree = new BTree(pool, 4, 2);
    TestAllocator alloc = new TestAllocator(space, pool, 2);
    NavigableSet<long[]> v1 = new TreeSet<>(order(4));
    long root1 = BTree.EMPTY;
    for (int i = 0; i < 5000; i++) {
      long[] r = randomRow(rnd, 4);
      root1 = tree.insert(alloc, root1, r);
      v1.add(r);
    }
    alloc.commit(false);
    NavigableSet<long[]> v2 = new TreeSet<>(v1);
    long root2 = root1;
    for (int i = 0; i < 3000; i++) {
      long[] r = randomRow(rnd, 4);
      root2 = tree.insert(alloc, root2, r);
      v2.add(r);
    }
    for (long[] r : new ArrayList<>(v1).subList(0, 1000)) {
      root2 = tree.delete(alloc, root2, r);
      v2.remove(r);
    }
    alloc.commit(false); // nothing reclaimed: root1's readers may still be reading
    assertSame(tree, root1, v1, rnd);
    assertSame(tree, root2, v2, rnd);
    assertFalse(alloc.released().isEmpty(), "copy-on-write released the pages root2 replaced");
  }

  @Test
  void bulkBuildGivesTheSameTreeAsInsertsAndPacksRowsTightly() {
    Random rnd = new Random(3);
    TreeSet<long[]> rows = new TreeSet<>(order(4));
    // Quad-like rows: P of 40 values, S ascending slowly, O varied, G constant.
    long s = 1 << 20;
    while (rows.size() < 200_000) {
      s += rnd.nextInt(64);
      int props = 1 + rnd.nextInt(12);
      for (int k = 0; k < props; k++) {
        rows.add(
            new long[] {
              1 + rnd.nextInt(40), s, (1L << 20) + rnd.nextInt(1 << 24), 0x0100_0000_0000_0001L
            });
      }
    }
    BTree tree = new BTree(pool, 4, 3);
    TestAllocator alloc = new TestAllocator(space, pool, 3);
    long root = bulkBuild(tree, alloc, rows);
    alloc.commit(true);
    assertSame(tree, root, rows, rnd);
    long pages = space.allocatedPages() - 256; // less the space map's own extent
    double bytesPerRow = pages * 8192.0 / rows.size();
    assertTrue(bytesPerRow < 12, "bytes per row: " + bytesPerRow);
  }

  @Test
  void rangeEstimatesAreExactWhenSmallAndWithinAFactorOfTwoWhenLarge() {
    Random rnd = new Random(5);
    TreeSet<long[]> rows = new TreeSet<>(order(4));
    // Skewed like rdf:type: P=1 has 60,000 rows over 3 objects, 2..30 a few hundred to none.
    for (int i = 0; i < 60_000; i++) {
      rows.add(new long[] {1, new long[] {7, 8, 9}[i % 3 == 0 ? 0 : i % 7 == 0 ? 2 : 1], 5, i});
    }
    for (long p = 2; p <= 30; p++) {
      for (int i = rnd.nextInt(600); i > 0; i--) {
        rows.add(new long[] {p, rnd.nextInt(50), 5, rnd.nextInt(1 << 20)});
      }
    }
    BTree tree = new BTree(pool, 4, 2);
    TestAllocator alloc = new TestAllocator(space, pool, 2);
    long root = bulkBuild(tree, alloc, rows);
    // And a tree of the same rows by inserts, whose leaves are less full.
    long inserted = BTree.EMPTY;
    for (long[] r : rows) {
      inserted = tree.insert(alloc, inserted, r);
    }
    long max = -1L;
    for (long r : new long[] {root, inserted}) {
      for (int k = 0; k < 300; k++) {
        long p = k < 4 ? 1 : 1 + rnd.nextInt(31);
        long o = p == 1 ? 7 + rnd.nextInt(3) : rnd.nextInt(60);
        long[] lo;
        long[] hi;
        switch (k % 3) {
          case 0 -> {
            lo = new long[] {p, 0, 0, 0};
            hi = new long[] {p, max, max, max};
          }
          case 1 -> {
            lo = new long[] {p, o, 0, 0};
            hi = new long[] {p, o, max, max};
          }
          default -> {
            long a = rnd.nextInt(p == 1 ? 60_000 : 1 << 20);
            lo = new long[] {p, o, 5, a};
            hi = new long[] {p, o, 5, a + rnd.nextInt(1 << 16)};
          }
        }
        long truth = rows.subSet(lo, true, hi, true).size();
        long estimate = tree.estimateRows(r, lo, hi);
        String what = "rows " + Arrays.toString(lo) + " to " + Arrays.toString(hi);
        if (truth < RangeEstimate.EXACT_UP_TO) {
          assertEquals(truth, estimate, what);
        } else {
          assertTrue(
              estimate >= truth / 2 && estimate <= truth * 2,
              what + ": " + estimate + " for " + truth);
        }
      }
    }
    assertEquals(0, tree.estimateRows(BTree.EMPTY, new long[4], new long[] {max, max, max, max}));
    // The counts reuse one cursor a thread, left mid-range by the estimates that stopped early.
    assertEquals(rows.size(), tree.count(root));
    assertEquals(0, tree.count(BTree.EMPTY));
    assertEquals(rows.size(), tree.count(inserted));
  }

  /**
   * A tree keeps a batch lookup and a counting cursor per thread. Neither may hold the tree once
   * done: a thread that outlives a store (a test runner's, an application's) would otherwise keep
   * every tree it used, and with them their pools' bookkeeping, for good.
   */
  @Test
  void aThreadThatCountedAndLookedUpInATreeDoesNotKeepIt() throws InterruptedException {
    WeakReference<BTree> gone = countAndLookUpInANewTree();
    for (int i = 0; i < 100 && gone.get() != null; i++) {
      System.gc();
      Thread.sleep(10);
    }
    assertNull(gone.get(), "the tree is still reachable after its last use");
  }

  private WeakReference<BTree> countAndLookUpInANewTree() {
    BTree tree = new BTree(pool, 4, 2);
    TestAllocator alloc = new TestAllocator(space, pool, 2);
    List<long[]> rows = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      rows.add(new long[] {1, i / 10, 5, i});
    }
    long root = bulkBuild(tree, alloc, rows);
    long max = -1L;
    assertEquals(10, tree.estimateRows(root, new long[] {1, 7, 0, 0}, new long[] {1, 7, max, max}));
    long[] los = {1, 3, 0, 0, 1, 9, 0, 0};
    long[] his = {1, 3, max, max, 1, 9, max, max};
    int[] found = new int[1];
    tree.lookupBatch(root, los, his, 2, (probe, r, at) -> ++found[0] > 0);
    assertEquals(20, found[0]);
    return new WeakReference<>(tree);
  }

  /**
   * A thread keeps its batch lookup, and with it the leaf block it read last. A write transaction
   * changes the leaves it owns in place, under the same page number, so the next batch must read
   * the block again.
   */
  @Test
  void aKeptLookupSeesALeafChangedInPlaceSinceItsLastBatch() {
    BTree tree = new BTree(pool, 4, 2);
    TestAllocator alloc = new TestAllocator(space, pool, 2);
    NavigableSet<long[]> oracle = new TreeSet<>(order(4));
    for (long i = 0; i < 2_000; i++) {
      oracle.add(new long[] {7, i * 10, 1, 1});
    }
    long root = bulkBuild(tree, alloc, oracle);
    alloc.commit(true);
    List<long[][]> probes = List.<long[][]>of(new long[][] {{7, 500, 0, 0}, {7, 530, -1L, -1L}});
    long[] first = {7, 505, 1, 1};
    root = tree.insert(alloc, root, first); // the leaf copied: the transaction owns it now
    oracle.add(first);
    assertBatchGivesEachProbeItsRows(tree, root, oracle, probes);
    long[] second = {7, 515, 1, 1};
    long again = tree.insert(alloc, root, second);
    assertEquals(root, again, "the owned path is changed in place");
    oracle.add(second);
    assertBatchGivesEachProbeItsRows(tree, again, oracle, probes);
  }

  @Test
  void aBatchOfPointAndRangeProbesFindsWhatEachFindsAlone() {
    Random rnd = new Random(21);
    BTree tree = new BTree(pool, 4, 2);
    TestAllocator alloc = new TestAllocator(space, pool, 2);
    NavigableSet<long[]> oracle = new TreeSet<>(order(4));
    while (oracle.size() < 60_000) {
      oracle.add(randomRow(rnd, 4));
    }
    long root = bulkBuild(tree, alloc, oracle);
    alloc.commit(true);
    List<long[]> all = new ArrayList<>(oracle);
    int n = 3000;
    List<long[][]> probes = new ArrayList<>();
    int dense = rnd.nextInt(all.size() - n); // a third of the probes: consecutive rows
    for (int i = 0; i < n; i++) {
      long[] base = i < n / 3 ? all.get(dense + i) : all.get(rnd.nextInt(all.size()));
      switch (rnd.nextInt(3)) {
        case 0 -> probes.add(new long[][] {base.clone(), base.clone()}); // a point that exists
        case 1 -> { // (P, S, any O, any G): a prefix
          long[] lo = {base[0], base[1], 0, 0};
          long[] hi = {base[0], base[1], -1L, -1L};
          probes.add(new long[][] {lo, hi});
        }
        default -> { // (P, S, O in a range): a range on the last bound column
          long[] lo = {base[0], base[1], base[2] >>> 1, 0};
          long[] hi = {base[0], base[1], base[2] | 0xFFFFFFL, -1L};
          probes.add(new long[][] {lo, hi});
        }
      }
    }
    probes.add(new long[][] {{0, 0, 0, 1}, {0, 0, 0, 1}}); // absent
    probes.sort((a, b) -> Rows.compare(a[0], 0, b[0], 0, 4));
    pool.flush();
    BufferPool cold =
        BufferPool.open(store, BufferPoolConfig.ofFrames(256).withExtentReadAhead(false));
    assertBatchGivesEachProbeItsRows(new BTree(cold, 4, 2), root, oracle, probes);
    assertTrue(
        cold.metrics().snapshot().readAheadIssued() > 0, "the batch announced pages to read");
    cold.close();
  }

  @Test
  void denseDisjointProbesAreServedByOneScanWithTheSameRows() {
    Random rnd = new Random(22);
    BTree tree = new BTree(pool, 4, 2);
    TestAllocator alloc = new TestAllocator(space, pool, 2);
    NavigableSet<long[]> oracle = new TreeSet<>(order(4));
    while (oracle.size() < 40_000) {
      long[] r = randomRow(rnd, 4);
      r[0] = rnd.nextInt(3); // three "predicates", so prefixes hold several rows
      r[1] = rnd.nextInt(5_000);
      oracle.add(r);
    }
    long root = bulkBuild(tree, alloc, oracle);
    alloc.commit(true);
    // Every second subject of predicate 1 as a (P, S) prefix: about 4 rows a probe, in order.
    List<long[][]> probes = new ArrayList<>();
    for (long s = 1; s < 5_000; s += 2) {
      probes.add(new long[][] {{1, s, 0, 0}, {1, s, -1L, -1L}});
    }
    assertBatchGivesEachProbeItsRows(tree, root, oracle, probes);
    // A sink that stops: no row after it.
    long[][] keys = keys(probes);
    int[] seen = {0};
    tree.lookupBatch(root, keys[0], keys[1], probes.size(), (probe, rows, at) -> ++seen[0] < 10);
    assertEquals(10, seen[0]);
  }

  /**
   * Long ranges across many blocks and leaves, each ending exactly at a row, just below one, or
   * just below the row after it: whole blocks below hi are passed without comparing each row, so
   * the rows at the end must still stop where hi says.
   */
  @Test
  void longRangesEndExactlyAtTheirHighKey() {
    Random rnd = new Random(23);
    BTree tree = new BTree(pool, 4, 2);
    TestAllocator alloc = new TestAllocator(space, pool, 2);
    NavigableSet<long[]> oracle = new TreeSet<>(order(4));
    while (oracle.size() < 50_000) {
      long[] r = randomRow(rnd, 4);
      r[0] = rnd.nextInt(2);
      oracle.add(r);
    }
    long root = bulkBuild(tree, alloc, oracle);
    alloc.commit(true);
    List<long[]> all = new ArrayList<>(oracle);
    int[] cuts = rnd.ints(120, 0, all.size()).sorted().distinct().toArray();
    List<long[][]> probes = new ArrayList<>();
    for (int i = 0; i + 1 < cuts.length; i += 2) {
      long[] hi = all.get(cuts[i + 1]).clone();
      switch (i / 2 % 3) {
        case 0 -> {} // a row of the tree
        case 1 -> hi[3]--; // just below it
        default -> { // just below the row after it
          hi = cuts[i + 1] + 1 < all.size() ? all.get(cuts[i + 1] + 1).clone() : hi;
          hi[3]--;
        }
      }
      probes.add(new long[][] {all.get(cuts[i]).clone(), hi});
    }
    assertBatchGivesEachProbeItsRows(tree, root, oracle, probes);
  }

  /** The probes' lo keys and hi keys, each probe's 4 columns after the one before. */
  private static long[][] keys(List<long[][]> probes) {
    long[] los = new long[probes.size() * 4];
    long[] his = new long[probes.size() * 4];
    for (int i = 0; i < probes.size(); i++) {
      System.arraycopy(probes.get(i)[0], 0, los, i * 4, 4);
      System.arraycopy(probes.get(i)[1], 0, his, i * 4, 4);
    }
    return new long[][] {los, his};
  }

  /** One batch of the probes ({lo, hi} each, in order) gives each probe exactly its rows. */
  private static void assertBatchGivesEachProbeItsRows(
      BTree tree, long root, NavigableSet<long[]> oracle, List<long[][]> probes) {
    long[][] keys = keys(probes);
    List<List<long[]>> got = new ArrayList<>();
    probes.forEach(p -> got.add(new ArrayList<>()));
    tree.lookupBatch(
        root,
        keys[0],
        keys[1],
        probes.size(),
        (probe, rows, at) -> got.get(probe).add(Arrays.copyOfRange(rows, at, at + 4)));
    for (int i = 0; i < probes.size(); i++) {
      List<long[]> want =
          new ArrayList<>(oracle.subSet(probes.get(i)[0], true, probes.get(i)[1], true));
      assertEquals(want.size(), got.get(i).size(), "probe " + i);
      for (int k = 0; k < want.size(); k++) {
        assertTrue(Arrays.equals(want.get(k), got.get(i).get(k)));
      }
    }
  }

  /**
   * Sorted batches of inserts and removals, as a write transaction applies them, over few distinct
   * values (so leaves fill with rows of mixed difference sizes): the tree matches a sorted set
   * after every batch. A removal can make a full leaf larger (its neighbours' difference may take
   * more bytes, and later rows shift onto other restarts), so it must be able to split, even at the
   * root.
   */
  @Test
  void sortedInsertAndRemoveBatchesMatchASortedSet() {
    long[] predicates = {31, 62, 1236};
    for (int seed = 8; seed < 11; seed++) {
      Random rnd = new Random(seed);
      BTree tree = new BTree(pool, 4, 2);
      TestAllocator alloc = new TestAllocator(space, pool, 2);
      NavigableSet<long[]> oracle = new TreeSet<>(order(4));
      long root = BTree.EMPTY;
      for (int step = 0; step < 250; step++) {
        NavigableSet<long[]> batch = new TreeSet<>(order(4));
        for (int k = 1 + rnd.nextInt(20); k > 0; k--) {
          long o =
              rnd.nextBoolean()
                  ? 1200 + rnd.nextInt(200)
                  : 1188950301625810000L + rnd.nextInt(1000);
          batch.add(
              new long[] {
                predicates[rnd.nextInt(3)],
                1200 + 10 * rnd.nextInt(12),
                o,
                rnd.nextInt(4) == 0 ? 1251 : 72057594037927937L
              });
        }
        long[] rows = new long[batch.size() * 4];
        int i = 0;
        for (long[] row : batch) {
          System.arraycopy(row, 0, rows, 4 * i++, 4);
        }
        if (rnd.nextInt(10) < 6) {
          root = tree.insertSorted(alloc, root, rows, batch.size());
          oracle.addAll(batch);
        } else {
          root = tree.removeSorted(alloc, root, rows, batch.size());
          oracle.removeAll(batch);
        }
        assertEquals(oracle.size(), tree.count(root), "seed " + seed + ", batch " + step);
        if (step % 50 == 0) {
          alloc.commit(
              true); // pages of earlier transactions are copied, this one's changed in place
        }
      }
      assertSame(tree, root, oracle, rnd);
    }
  }
}
