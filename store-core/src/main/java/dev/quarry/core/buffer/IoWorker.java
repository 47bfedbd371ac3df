package dev.quarry.core.buffer;

import dev.quarry.core.storage.PageStore;
import dev.quarry.core.storage.Pages;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The read-ahead thread of one device. Requests wait in a queue sorted by page number and are
 * served in elevator order: the next request at or after the last one served, wrapping to the
 * lowest, so the device sweeps instead of seeking back and forth. A reader that needs a page now
 * does not queue: it reads the page itself (the pool's demand path), which is how it jumps the
 * queue; the worker later finds the page resident and skips it.
 */
final class IoWorker implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(IoWorker.class);
  static final int MAX_RUN = Pages.EXTENT_PAGES;

  /**
   * Read pages {@code first .. first+count-1}, install those flagged in {@code wanted} as read
   * ahead by {@code kind}.
   */
  record Request(long first, int count, long[] wanted, CountDownLatch done, ReadAheadKind kind) {}

  private final BufferPool pool;
  private final PageStore store;
  private final BufferPoolMetrics metrics;
  private final TreeMap<Long, Request> queue = new TreeMap<>();
  private final Thread thread;
  private final Arena arena = Arena.ofShared();
  private final MemorySegment staging =
      arena.allocate((long) MAX_RUN * Pages.PAGE_SIZE, Pages.ALIGNMENT);
  private long head;
  private boolean closed;

  IoWorker(BufferPool pool, PageStore store, BufferPoolMetrics metrics, int device) {
    this.pool = pool;
    this.store = store;
    this.metrics = metrics;
    this.thread = Thread.ofPlatform().daemon().name("quarry-io-" + device).start(this::run);
  }

  synchronized void submit(Request r) {
    Request old = queue.putIfAbsent(r.first(), r);
    if (old != null && old.count() < r.count()) {
      queue.put(r.first(), r); // the larger request covers the smaller one
      if (old.done() != null) {
        old.done().countDown();
      }
    } else if (old != null && r.done() != null) {
      r.done().countDown(); // covered by the queued one
    }
    notifyAll();
  }

  synchronized int queued() {
    return queue.size();
  }

  private synchronized Request next() throws InterruptedException {
    while (queue.isEmpty() && !closed) {
      wait();
    }
    if (closed) {
      return null;
    }
    Map.Entry<Long, Request> e = queue.ceilingEntry(head);
    if (e == null) {
      e = queue.firstEntry();
    }
    queue.remove(e.getKey());
    head = e.getKey() + e.getValue().count();
    return e.getValue();
  }

  private void run() {
    for (; ; ) {
      Request r;
      try {
        r = next();
      } catch (InterruptedException e) {
        return;
      }
      if (r == null) {
        return;
      }
      try {
        serve(r);
      } catch (IOException | RuntimeException e) {
        LOG.warn(
            "read-ahead of pages {}..{} failed: {}",
            r.first(),
            r.first() + r.count() - 1,
            e.toString());
      } finally {
        if (r.done() != null) {
          r.done().countDown();
        }
      }
    }
  }

  private void serve(Request r) throws IOException {
    // Skip pages that became resident meanwhile at both ends, so the read is as short as can be.
    long first = r.first();
    long last = r.first() + r.count() - 1;
    while (first <= last && (!wanted(r, first) || pool.isResident(first))) {
      first++;
    }
    while (last >= first && (!wanted(r, last) || pool.isResident(last))) {
      last--;
    }
    if (first > last) {
      return;
    }
    int n = (int) (last - first + 1);
    long readSince = pool.changeStamp(); // before the read: see BufferPool.install
    store.readRun(first, n, staging);
    metrics.readRequestsBatched.increment();
    metrics.readPagesBatched.add(n);
    metrics.bytesRead.add((long) n * Pages.PAGE_SIZE);
    for (int i = 0; i < n; i++) {
      long page = first + i;
      if (wanted(r, page)) {
        MemorySegment src = staging.asSlice((long) i * Pages.PAGE_SIZE, Pages.PAGE_SIZE);
        pool.install(page, src, readSince, r.kind());
      }
    }
  }

  private static boolean wanted(Request r, long page) {
    if (r.wanted() == null) {
      return true;
    }
    int i = (int) (page - r.first());
    return (r.wanted()[i >>> 6] & (1L << i)) != 0;
  }

  @Override
  public void close() {
    synchronized (this) {
      closed = true;
      for (Request r : queue.values()) {
        if (r.done() != null) {
          r.done().countDown();
        }
      }
      queue.clear();
      notifyAll();
    }
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    arena.close();
  }
}
