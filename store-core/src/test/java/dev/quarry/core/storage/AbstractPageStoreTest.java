package dev.quarry.core.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every {@link PageStore} must do; each implementation runs this class. */
public abstract class AbstractPageStoreTest {
  protected PageStore store;
  protected Arena arena;

  protected abstract PageStore open() throws Exception;

  /** Closes and opens the same store again, or returns null if it does not persist. */
  protected abstract PageStore reopen() throws Exception;

  @BeforeEach
  void setUp() throws Exception {
    arena = Arena.ofShared();
    store = open();
  }

  @AfterEach
  void tearDown() throws Exception {
    store.close();
    arena.close();
  }

  protected MemorySegment page() {
    return arena.allocate(Pages.PAGE_SIZE, Pages.ALIGNMENT);
  }

  protected static void fill(MemorySegment page, long pageNo, int salt) {
    for (int i = 0; i < Pages.PAGE_SIZE; i += 8) {
      page.set(ValueLayout.JAVA_LONG, i, pageNo * 1_000_003L + i * 31L + salt);
    }
  }

  protected static boolean holds(MemorySegment page, long pageNo, int salt) {
    for (int i = 0; i < Pages.PAGE_SIZE; i += 8) {
      if (page.get(ValueLayout.JAVA_LONG, i) != pageNo * 1_000_003L + i * 31L + salt) {
        return false;
      }
    }
    return true;
  }

  @Test
  void aPageReadsBackAsWritten() throws Exception {
    MemorySegment p = page();
    fill(p, 5, 1);
    store.write(5, p);
    MemorySegment q = page();
    store.read(5, q);
    assertTrue(holds(q, 5, 1));
    assertEquals(6, store.size());
  }

  @Test
  void aPageNeverWrittenReadsAsZeros() throws Exception {
    MemorySegment p = page();
    fill(p, 600, 1);
    store.write(600, p); // beyond several extents
    MemorySegment q = page();
    fill(q, 0, 9);
    store.read(3, q);
    assertTrue(Pages.isZero(q));
    store.read(10_000, q);
    assertTrue(Pages.isZero(q));
  }

  @Test
  void aRunAcrossExtentsReadsEveryPage() throws Exception {
    MemorySegment p = page();
    for (long n = 250; n < 520; n++) {
      fill(p, n, 7);
      store.write(n, p);
    }
    MemorySegment run = arena.allocate(270L * Pages.PAGE_SIZE, Pages.ALIGNMENT);
    store.readRun(250, 270, run);
    for (int i = 0; i < 270; i++) {
      assertTrue(
          holds(run.asSlice((long) i * Pages.PAGE_SIZE, Pages.PAGE_SIZE), 250 + i, 7),
          "page " + (250 + i));
    }
  }

  @Test
  void manyThreadsWritingAndReadingDifferentPages() throws Exception {
    int threads = 4;
    int perThread = 300;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> fs = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int tt = t;
        fs.add(
            pool.submit(
                () -> {
                  MemorySegment buf = arena.allocate(Pages.PAGE_SIZE, Pages.ALIGNMENT);
                  Random rnd = new Random(tt);
                  for (int i = 0; i < perThread; i++) {
                    long n = (long) i * threads + tt;
                    fill(buf, n, 3);
                    store.write(n, buf);
                    long back = ((long) rnd.nextInt(i + 1)) * threads + tt;
                    store.read(back, buf);
                    if (!holds(buf, back, 3)) {
                      throw new AssertionError("page " + back + " read back wrong");
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : fs) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals((long) threads * perThread, store.size());
  }

  @Test
  void pagesSurviveCloseAndReopen() throws Exception {
    MemorySegment p = page();
    for (long n : new long[] {0, 1, 255, 256, 1000}) {
      fill(p, n, 11);
      store.write(n, p);
    }
    store.sync();
    PageStore again = reopen();
    if (again == null) {
      return; // not persistent
    }
    store = again;
    assertEquals(1001, store.size());
    for (long n : new long[] {0, 1, 255, 256, 1000}) {
      store.read(n, p);
      assertTrue(holds(p, n, 11), "page " + n);
    }
  }

  @Test
  void devicesCoverEveryPageAndKeepExtentsWhole() {
    for (long page = 0; page < 5 * Pages.EXTENT_PAGES; page++) {
      int d = store.deviceOf(page);
      assertTrue(d >= 0 && d < store.devices());
      assertEquals(store.deviceOf(Pages.firstPageOf(Pages.extentOf(page))), d);
    }
  }
}
