package dev.quarry.core.buffer;

import dev.quarry.core.storage.PageStore;
import dev.quarry.core.storage.Pages;
import dev.quarry.core.storage.ThreadIo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Decides what to read before it is asked for, and hands it to the devices' {@link IoWorker}s:
 *
 * <ul>
 *   <li><b>extent</b>: when a second page of one 2 MB extent misses within the window, the rest of
 *       the extent is read in one request (an index's extents hold neighbouring keys), while enough
 *       of what it reads is used ({@link ExtentBackOff});
 *   <li><b>batched</b>: a vectored lookup announces the pages it will need; runs whose gaps are at
 *       most {@code maxGap} pages are merged into one read;
 *   <li><b>sequential</b>: a scan announces the run of leaves ahead of it;
 *   <li><b>warm-up</b>: at start-up, the pages the last run used, then whole extents, merged as
 *       batched pages are.
 * </ul>
 */
final class ReadAhead implements AutoCloseable {
  private static final int TRACKED = 1024; // recent extents remembered for miss detection

  private final PageStore store;
  private final BufferPoolConfig config;
  private final BufferPoolMetrics metrics;
  private final IoWorker[] workers;
  private final long windowNanos;
  // Per slot: the extent of the last miss seen there, its time, and the last extent requested.
  private final long[] missExtent = new long[TRACKED];
  private final long[] missTime = new long[TRACKED];
  private final long[] issuedExtent = new long[TRACKED];
  private final ExtentBackOff backOff = new ExtentBackOff();

  ReadAhead(BufferPool pool, PageStore store, BufferPoolConfig config, BufferPoolMetrics metrics) {
    this.store = store;
    this.config = config;
    this.metrics = metrics;
    this.windowNanos = config.extentWindow().toNanos();
    this.workers = new IoWorker[store.devices()];
    for (int d = 0; d < workers.length; d++) {
      workers[d] = new IoWorker(pool, store, metrics, d);
    }
    Arrays.fill(missExtent, -1);
    Arrays.fill(issuedExtent, -1);
  }

  /** Called on every demand miss: the second miss in an extent within the window reads it all. */
  void onDemandMiss(long page) {
    if (!config.extentReadAheadFor(store.size())) {
      return;
    }
    long extent = Pages.extentOf(page);
    int slot = (int) (extent * 0x9E3779B97F4A7C15L >>> 54); // 10 bits: 1024 slots
    long now = System.nanoTime();
    long prevExtent = missExtent[slot];
    long prevTime = missTime[slot];
    missExtent[slot] = extent;
    missTime[slot] = now;
    if (prevExtent == extent && now - prevTime <= windowNanos && issuedExtent[slot] != extent) {
      issuedExtent[slot] = extent;
      ReadAheadKind k = ReadAheadKind.EXTENT;
      if (!backOff.allow(metrics.readAheadUsed(k), metrics.readAheadWasted(k))) {
        metrics.extentReadAheadSkipped.increment();
        return;
      }
      submit(Pages.firstPageOf(extent), Pages.EXTENT_PAGES, null, null, k);
    }
  }

  /** Merges sorted pages into runs (gaps of at most maxGap, within one extent) and queues them. */
  void prefetch(long[] pages, int count) {
    forEachRun(pages, count, r -> submit(r, null, ReadAheadKind.BATCHED));
  }

  /** A read of {@code count} pages from {@code first}, of which those flagged in {@code wanted}. */
  private record Run(long first, int count, long[] wanted) {}

  /**
   * Splits sorted {@code pages} into runs: neighbours at most {@code maxGap} pages apart, within
   * one extent, share a read.
   */
  private void forEachRun(long[] pages, int count, Consumer<Run> action) {
    int i = 0;
    while (i < count) {
      long first = pages[i];
      long extentEnd = Pages.firstPageOf(Pages.extentOf(first) + 1);
      long last = first;
      int j = i + 1;
      while (j < count
          && pages[j] < extentEnd
          && pages[j] - last <= config.maxGap() + 1
          && pages[j] - first < IoWorker.MAX_RUN) {
        if (pages[j] > last) {
          last = pages[j];
        }
        j++;
      }
      int n = (int) (last - first + 1);
      long[] wanted = new long[(n + 63) >>> 6];
      for (int k = i; k < j; k++) {
        int bit = (int) (pages[k] - first);
        wanted[bit >>> 6] |= 1L << bit;
      }
      action.accept(new Run(first, n, wanted));
      i = j;
    }
  }

  /** Queues {@code count} consecutive pages, split at extent boundaries. */
  void prefetchRun(long first, int count) {
    runs(first, count);
  }

  /**
   * Reads sorted {@code pages} into the pool at start-up, merged into runs as {@link #prefetch}
   * merges them; with {@code await}, returns when they are in.
   */
  void warmUp(long[] pages, int count, boolean await) {
    List<Run> runs = new ArrayList<>();
    forEachRun(pages, count, runs::add);
    CountDownLatch done = await ? new CountDownLatch(runs.size()) : null;
    for (Run r : runs) {
      submit(r, done, ReadAheadKind.WARM_UP);
    }
    if (done != null) {
      try {
        done.await(10, TimeUnit.MINUTES);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void runs(long first, int count) {
    long page = first;
    long end = first + count;
    while (page < end) {
      long extentEnd = Pages.firstPageOf(Pages.extentOf(page) + 1);
      int n = (int) (Math.min(end, extentEnd) - page);
      submit(page, n, null, null, ReadAheadKind.SEQUENTIAL);
      page += n;
    }
  }

  private void submit(Run r, CountDownLatch done, ReadAheadKind kind) {
    submit(r.first(), r.count(), r.wanted(), done, kind);
  }

  private void submit(
      long first, int count, long[] wanted, CountDownLatch done, ReadAheadKind kind) {
    long pages = wanted == null ? count : Arrays.stream(wanted).map(Long::bitCount).sum();
    metrics.readAheadIssued.add(pages);
    ThreadIo.add(ThreadIo.READ_AHEAD, pages);
    workers[store.deviceOf(first)].submit(new IoWorker.Request(first, count, wanted, done, kind));
  }

  @Override
  public void close() {
    for (IoWorker w : workers) {
      w.close();
    }
  }
}
