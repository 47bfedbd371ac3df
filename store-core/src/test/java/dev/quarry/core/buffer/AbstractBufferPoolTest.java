package dev.quarry.core.buffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.storage.CorruptPageException;
import dev.quarry.core.storage.PageStore;
import dev.quarry.core.storage.Pages;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.BooleanSupplier;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The buffer pool over a page store: run by every page store. Pages hold a self-checking pattern:
 * every word derives from the page number and a version, so a torn or misplaced read shows.
 */
public abstract class AbstractBufferPoolTest {
  private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
  protected PageStore store;
  private final List<BufferPool> pools = new ArrayList<>();

  protected abstract PageStore newStore() throws Exception;

  @BeforeEach
  void open() throws Exception {
    store = newStore();
  }

  @AfterEach
  void close() throws Exception {
    for (BufferPool p : pools) {
      p.close();
    }
    store.close();
  }

  private BufferPool pool(BufferPoolConfig cfg) {
    BufferPool p = BufferPool.open(store, cfg);
    pools.add(p);
    return p;
  }

  private static long word(long page, long version, int i) {
    return page * 0x100000001B3L + version * 31 + i;
  }

  static void fillPattern(MemorySegment mem, long base, long page, long version) {
    mem.set(LONG, base + Pages.HEADER_SIZE, version);
    for (int off = Pages.HEADER_SIZE + 8; off < Pages.PAGE_SIZE; off += 8) {
      mem.set(LONG, base + off, word(page, version, off));
    }
  }

  /** The version the page holds, or -1 if its words do not agree with each other. */
  static long versionOf(MemorySegment mem, long base, long page) {
    long v = mem.get(LONG, base + Pages.HEADER_SIZE);
    for (int off = Pages.HEADER_SIZE + 8; off < Pages.PAGE_SIZE; off += 8) {
      if (mem.get(LONG, base + off) != word(page, v, off)) {
        return -1;
      }
    }
    return v;
  }

  private static void write(BufferPool pool, long page, long version, boolean create) {
    int f = create ? pool.create(page) : pool.fixExclusive(page);
    fillPattern(pool.memory(), pool.offset(f), page, version);
    pool.unfixExclusive(f, true);
  }

  private static long readVersion(BufferPool pool, long page) {
    for (; ; ) {
      long t = pool.readOptimistic(page);
      long v = versionOf(pool.memory(), pool.offset(BufferPool.frameOf(t)), page);
      if (pool.validate(t)) {
        return v;
      }
    }
  }

  private static void await(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting");
      }
      Thread.sleep(5);
    }
  }

  @Test
  void pagesRoundTripThroughAPoolMuchSmallerThanTheData() {
    BufferPool pool = pool(BufferPoolConfig.ofFrames(32).withExtentReadAhead(false));
    for (long p = 0; p < 600; p++) {
      write(pool, p, p + 7, true);
    }
    for (long p = 599; p >= 0; p--) {
      assertEquals(p + 7, readVersion(pool, p), "page " + p);
    }
    BufferPoolMetrics.Snapshot m = pool.metrics().snapshot();
    assertTrue(m.evictions() > 500, "evictions " + m.evictions());
    assertTrue(m.writes() >= 568, "dirty pages written back: " + m.writes());
    assertTrue(m.misses() > 500);
  }

  /**
   * A read-ahead reads the disk, then installs what it read. A page written back and evicted in
   * between must not come back as the read saw it: that gave a bulk load a page of an older version
   * of its own tree (rows out of order), with a small pool and extent read-ahead on.
   */
  @Test
  void aReadAheadThatReadBeforeAWriteBackDoesNotBringTheOldPageBack() {
    BufferPool pool = pool(BufferPoolConfig.ofFrames(16).withExtentReadAhead(false));
    write(pool, 3, 1, true);
    pool.flush(); // version 1 on disk
    long readSince = pool.changeStamp(); // a read-ahead starts here, and reads version 1
    MemorySegment seen = Arena.ofAuto().allocate(Pages.PAGE_SIZE);
    int f = pool.fixShared(3);
    MemorySegment.copy(pool.memory(), pool.offset(f), seen, 0, Pages.PAGE_SIZE);
    pool.unfixShared(f);
    Pages.stampChecksum(seen); // as the disk holds it
    write(pool, 3, 2, false); // meanwhile version 2 is written ...
    for (long p = 100; p < 140; p++) { // ... back, and evicted by other pages
      write(pool, p, 1, true);
    }
    assertTrue(!pool.isResident(3), "page 3 was evicted");
    assertTrue(
        !pool.install(3, seen, readSince, ReadAheadKind.BATCHED),
        "the stale read is not installed");
    assertEquals(2, readVersion(pool, 3));
    // Without the write-back in between, a read-ahead's page is installed as before.
    pool.discard(3);
    assertTrue(pool.install(3, seen, pool.changeStamp(), ReadAheadKind.BATCHED));
    assertEquals(1, readVersion(pool, 3));
  }

  @Test
  void flushMakesPagesReadableByAFreshPool() {
    BufferPool first = pool(BufferPoolConfig.ofFrames(64));
    for (long p = 0; p < 40; p++) {
      write(first, p, 1000 + p, true);
    }
    first.flush();
    BufferPool second = pool(BufferPoolConfig.ofFrames(16));
    for (long p = 0; p < 40; p++) {
      assertEquals(1000 + p, readVersion(second, p));
    }
  }

  @Test
  void manyThreadsReadingAndWritingNeverSeeATornPage() throws Exception {
    int pages = 400;
    BufferPool pool = pool(BufferPoolConfig.ofFrames(48));
    AtomicLongArray latest = new AtomicLongArray(pages);
    for (long p = 0; p < pages; p++) {
      write(pool, p, 0, true);
    }
    int threads = 6;
    ExecutorService exec = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Long>> results = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int seed = t;
        results.add(
            exec.submit(
                () -> {
                  Random rnd = new Random(seed);
                  long checked = 0;
                  for (int i = 0; i < 20_000; i++) {
                    long p = rnd.nextInt(pages);
                    if (seed % 3 == 0 && i % 10 == 0) {
                      int f = pool.fixExclusive(p);
                      long v = versionOf(pool.memory(), pool.offset(f), p) + 1;
                      fillPattern(pool.memory(), pool.offset(f), p, v);
                      latest.set((int) p, v);
                      pool.unfixExclusive(f, true);
                    } else if (i % 7 == 0) {
                      int f = pool.fixShared(p);
                      if (versionOf(pool.memory(), pool.offset(f), p) < 0) {
                        throw new AssertionError("torn page under a shared fix: " + p);
                      }
                      pool.unfixShared(f);
                    } else {
                      long t0 = pool.readOptimistic(p);
                      long v = versionOf(pool.memory(), pool.offset(BufferPool.frameOf(t0)), p);
                      if (pool.validate(t0) && v < 0) {
                        throw new AssertionError("a validated optimistic read was torn: page " + p);
                      }
                    }
                    checked++;
                  }
                  return checked;
                }));
      }
      for (Future<Long> f : results) {
        assertEquals(20_000L, f.get());
      }
    } finally {
      exec.shutdownNow();
    }
    pool.flush();
    BufferPool fresh = pool(BufferPoolConfig.ofFrames(32));
    for (int p = 0; p < pages; p++) {
      assertEquals(latest.get(p), readVersion(fresh, p), "page " + p + " after flush");
    }
  }

  @Test
  void fixedPagesAreNeverEvicted() {
    BufferPool pool = pool(BufferPoolConfig.ofFrames(32).withExtentReadAhead(false));
    for (long p = 0; p < 300; p++) {
      write(pool, p, 5, true);
    }
    int[] pinned = new int[8];
    for (int i = 0; i < pinned.length; i++) {
      pinned[i] = pool.fixShared(i);
    }
    for (long p = 8; p < 300; p++) {
      assertEquals(5, readVersion(pool, p));
    }
    for (int i = 0; i < pinned.length; i++) {
      assertTrue(pool.isResident(i));
      assertEquals(5, versionOf(pool.memory(), pool.offset(pinned[i]), i));
      pool.unfixShared(pinned[i]);
    }
  }

  @Test
  void aPoolWhoseFramesAreAllFixedSaysSo() {
    BufferPool pool = pool(BufferPoolConfig.ofFrames(16).withExtentReadAhead(false));
    for (long p = 0; p < 16; p++) {
      write(pool, p, 1, true);
      pool.fixShared(p);
    }
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> pool.readOptimistic(99));
    assertTrue(e.getMessage().contains("exhausted"), e.getMessage());
  }

  @Test
  void aCorruptPageIsReportedNotReturned() throws Exception {
    BufferPool pool = pool(BufferPoolConfig.ofFrames(16).withExtentReadAhead(false));
    write(pool, 3, 9, true);
    pool.flush();
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment raw = arena.allocate(Pages.PAGE_SIZE, Pages.ALIGNMENT);
      store.read(3, raw);
      raw.set(ValueLayout.JAVA_BYTE, 5000, (byte) (raw.get(ValueLayout.JAVA_BYTE, 5000) ^ 1));
      store.write(3, raw);
    }
    BufferPool fresh = pool(BufferPoolConfig.ofFrames(16).withExtentReadAhead(false));
    UncheckedIOException e =
        assertThrows(UncheckedIOException.class, () -> fresh.readOptimistic(3));
    assertInstanceOf(CorruptPageException.class, e.getCause());
    assertTrue(e.getMessage().contains("page 3"), e.getMessage());
  }

  /** Pages 0..4 extents written straight to the store, as a cold start would find them. */
  private void writeExtents(int extents) {
    BufferPool writer = pool(BufferPoolConfig.ofFrames(64));
    for (long p = 0; p < (long) extents * Pages.EXTENT_PAGES; p++) {
      write(writer, p, p, true);
    }
    writer.flush();
  }

  @Test
  void extentReadAheadTurnsRandomReadsWithinAnExtentIntoOneRead() throws Exception {
    writeExtents(3);
    Random rnd = new Random(42);
    long[] pattern = new long[120];
    for (int i = 0; i < pattern.length; i++) {
      pattern[i] = Pages.EXTENT_PAGES + rnd.nextInt(Pages.EXTENT_PAGES); // all in extent 1
    }

    BufferPool without = pool(BufferPoolConfig.ofFrames(512).withExtentReadAhead(false));
    for (long p : pattern) {
      assertEquals(p, readVersion(without, p));
    }
    long readsWithout = without.metrics().snapshot().readRequests();

    BufferPool with = pool(BufferPoolConfig.ofFrames(512));
    readVersion(with, pattern[0]);
    readVersion(with, pattern[1]); // the second miss in the extent sends for the rest
    await(
        () -> with.isResident(Pages.EXTENT_PAGES + 255) && with.isResident(Pages.EXTENT_PAGES + 1));
    for (long p : pattern) {
      assertEquals(p, readVersion(with, p));
    }
    BufferPoolMetrics.Snapshot m = with.metrics().snapshot();
    assertTrue(m.readRequestsBatched() >= 1);
    assertTrue(m.readRequests() <= 4, "reads with extent read-ahead: " + m.readRequests());
    assertTrue(readsWithout > 60, "reads without: " + readsWithout);
    assertTrue(m.readAheadUsed() > 40, "read-ahead pages used: " + m.readAheadUsed());
    // Counted as the extent read-ahead's, and only as its.
    BufferPoolMetrics metrics = with.metrics();
    assertEquals(m.readAheadUsed(), metrics.readAheadUsed(ReadAheadKind.EXTENT));
    assertEquals(0, metrics.readAheadUsed(ReadAheadKind.BATCHED));
  }

  @Test
  void autoExtentReadAheadStaysOffForAStoreOverTwiceThePool() throws Exception {
    writeExtents(3); // 768 pages: over twice a pool of 300 frames
    BufferPool pool =
        pool(
            new BufferPoolConfig(
                300,
                75,
                true,
                true,
                Duration.ofSeconds(1),
                true,
                10,
                true,
                Duration.ofMillis(200)));
    assertEquals(Pages.EXTENT_PAGES + 3, readVersion(pool, Pages.EXTENT_PAGES + 3));
    assertEquals(Pages.EXTENT_PAGES + 7, readVersion(pool, Pages.EXTENT_PAGES + 7));
    Thread.sleep(200); // a read-ahead, had one been sent, would be in by now
    assertFalse(pool.isResident(Pages.EXTENT_PAGES + 200));
    assertEquals(2, pool.metrics().snapshot().readRequests());
    assertEquals(0, pool.metrics().readAheadUsed(ReadAheadKind.EXTENT));
  }

  @Test
  void readAheadPagesEvictedUnusedAreCountedAsWastedByTheirKind() throws Exception {
    writeExtents(3);
    BufferPool pool = pool(BufferPoolConfig.ofFrames(300));
    readVersion(pool, Pages.EXTENT_PAGES + 3);
    readVersion(pool, Pages.EXTENT_PAGES + 7); // extent 1 read ahead whole
    await(() -> pool.isResident(Pages.EXTENT_PAGES + 255));
    readVersion(pool, Pages.EXTENT_PAGES + 100); // one of its pages used
    pool.prefetch(new long[] {2 * Pages.EXTENT_PAGES + 5}, 1);
    await(() -> pool.isResident(2 * Pages.EXTENT_PAGES + 5));
    for (long p = 0; p < Pages.EXTENT_PAGES; p++) { // extents 0 and 2, 512 pages, evict the rest
      readVersion(pool, p);
      readVersion(pool, 2 * Pages.EXTENT_PAGES + p);
    }
    BufferPoolMetrics m = pool.metrics();
    // Extent 1's one page used (and pages of the read-ahead of extents 0 and 2, which their second
    // misses sent for); more than 100 of extent 1's evicted unused.
    assertTrue(m.readAheadUsed(ReadAheadKind.EXTENT) >= 1);
    assertTrue(
        m.readAheadWasted(ReadAheadKind.EXTENT) > 100,
        "wasted: " + m.readAheadWasted(ReadAheadKind.EXTENT));
    // The read-ahead of extents 0 and 2 may still be evicting pages: the two counts agree once it
    // is at rest (read at one moment they differed by the pages evicted in between).
    await(
        () ->
            m.snapshot().readAheadWasted()
                == Arrays.stream(ReadAheadKind.values()).mapToLong(m::readAheadWasted).sum());
  }

  @Test
  void batchedPrefetchMergesNearbyPagesIntoFewerReads() throws Exception {
    writeExtents(2);
    BufferPool pool = pool(BufferPoolConfig.ofFrames(256).withExtentReadAhead(false));
    long[] wanted = {10, 12, 15, 20, 60, 61, 70, 300};
    pool.prefetch(wanted, wanted.length);
    await(() -> Arrays.stream(wanted).allMatch(pool::isResident));
    BufferPoolMetrics.Snapshot m = pool.metrics().snapshot();
    // 10..20 (gaps <= 10), 60..70, and 300 in the next extent: three reads for eight pages.
    assertEquals(3, m.readRequestsBatched());
    assertEquals(0, m.readsSingle());
    assertTrue(
        !pool.isResident(11) && !pool.isResident(65), "gap pages are read but not installed");
    for (long p : wanted) {
      assertEquals(p, readVersion(pool, p));
    }
    assertEquals(0, pool.metrics().snapshot().readsSingle(), "every page came from read-ahead");
    assertEquals(wanted.length, pool.metrics().readAheadUsed(ReadAheadKind.BATCHED));
  }

  @Test
  void warmUpReadsWholeExtents() {
    writeExtents(2);
    BufferPool pool = pool(BufferPoolConfig.ofFrames(600));
    long[] all = LongStream.range(0, 2 * Pages.EXTENT_PAGES).toArray();
    pool.warmUp(all, all.length, true);
    for (long p = 0; p < 2 * Pages.EXTENT_PAGES; p++) {
      assertTrue(pool.isResident(p), "page " + p);
    }
    assertEquals(2, pool.metrics().snapshot().readRequestsBatched());
  }

  @Test
  void warmUpReadsTheFlaggedPagesOnlyAndTheUsedOnesAreTold() throws Exception {
    writeExtents(2);
    BufferPool pool = pool(BufferPoolConfig.ofFrames(600).withExtentReadAhead(false));
    int e = Pages.EXTENT_PAGES;
    // extent 0: 3 and 5 (one read, gap 1), 63 and 64, 200; extent 1: its last
    long[] wanted = {3, 5, 63, 64, 200, 2L * e - 1};
    pool.warmUp(wanted, wanted.length, true);
    assertArrayEquals(wanted, Arrays.stream(pool.residentPages(false)).sorted().toArray());
    assertEquals(4, pool.metrics().snapshot().readRequestsBatched(), "3-5, 63-64, 200, 511");
    for (long p : wanted) {
      assertEquals(p, readVersion(pool, p), "page " + p + " holds what was written there");
    }
    assertEquals(0, pool.metrics().snapshot().readsSingle(), "every page came from the warm-up");
    // none used yet but those just read; a page read ahead and never asked for is not "used"
    pool.prefetch(new long[] {100}, 1);
    await(() -> pool.isResident(100));
    readVersion(pool, 7); // a demand read: used
    assertArrayEquals(
        new long[] {3, 5, 7, 63, 64, 200, 2L * e - 1},
        Arrays.stream(pool.residentPages(true)).sorted().toArray());
  }

  @Test
  void pagesTheWarmUpReadOutlastPagesReadAheadUntilASweepHasPassed() throws Exception {
    writeExtents(2);
    BufferPool pool = pool(BufferPoolConfig.ofFrames(64).withExtentReadAhead(false));
    int e = Pages.EXTENT_PAGES;
    long[] warm = LongStream.range(0, 32).toArray(); // the last run's pages: frames 0-31
    pool.warmUp(warm, warm.length, true);
    long[] ahead = LongStream.range(e, e + 32).toArray(); // announced, not yet used: frames 32-63
    pool.prefetch(ahead, ahead.length);
    await(() -> Arrays.stream(ahead).allMatch(pool::isResident));
    for (long p = 100; p < 116; p++) { // 16 misses in a full pool: 16 evictions
      assertEquals(p, readVersion(pool, p));
    }
    // Neither kind was used, but the warm-up's pages were used by the run before: the clock gives
    // them the grace of a page just asked for, so the read-ahead goes first.
    for (long p : warm) {
      assertTrue(pool.isResident(p), "warm-up page " + p + " evicted before read-ahead ones");
    }
    assertEquals(16, Arrays.stream(ahead).filter(p -> !pool.isResident(p)).count());
  }

  @Test
  void theDirtyCountStaysNearItsLimit() {
    BufferPool pool = pool(BufferPoolConfig.ofFrames(400).withExtentReadAhead(false));
    int limit = pool.config().dirtyLimit();
    int max = 0;
    for (long p = 0; p < 350; p++) {
      write(pool, p, 1, true);
      max = Math.max(max, pool.dirtyCount());
    }
    assertTrue(max <= limit + 1, "dirty peaked at " + max + ", limit " + limit);
  }

  @Test
  void aDiscardedPageIsNotWrittenBack() {
    BufferPool pool = pool(BufferPoolConfig.ofFrames(16));
    write(pool, 7, 1, true);
    pool.flush();
    write(pool, 7, 2, false);
    pool.discard(7);
    pool.flush();
    BufferPool fresh = pool(BufferPoolConfig.ofFrames(16));
    assertEquals(1, readVersion(fresh, 7));
  }
}
