package dev.quarry.core.engine;

import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.config.ProcessMemory;
import dev.quarry.core.storage.Pages;
import dev.quarry.core.storage.SpaceMap;
import dev.quarry.core.txn.ReadTxn;
import dev.quarry.core.txn.Transactions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills the buffer pool at start, on a thread of its own, so the first queries find their pages in
 * memory: first the inner nodes of every tree (each lookup passes through them), then the pages the
 * pool had used when the store was last closed ({@link ResidentPages}, the last run's working set,
 * the fullest extents first), then the trees' extents in large sequential reads, the full indexes
 * first (PSOG, POGS: what lookups read), then the projections, the term hash index and the
 * statistics, until about 90% of the pool is taken. Then the term file, which queries read through
 * the OS cache (each result term is a read at its id's offset), is read through once in large
 * sequential reads, so that the OS cache holds it — at most a quarter of the machine's memory of
 * it. Queries never wait for it: its reads queue behind theirs on the I/O threads. A log line and
 * {@code quarry.buffer.warm.*} say when it was done, how much it read and how fast.
 */
final class PoolWarmUp implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(PoolWarmUp.class);
  private static final int BATCH = 16; // extents per request: at most 32 MB
  private static final int TERM_READ = 4 << 20;

  private final BufferPool pool;
  private final SpaceMap space;
  private final Transactions txns;
  private final List<Layout.Tree> trees;
  private final Path dir;
  private final long openedAt;
  private volatile boolean stopped;
  private Thread thread;

  PoolWarmUp(
      BufferPool pool,
      SpaceMap space,
      Transactions txns,
      List<Layout.Tree> trees,
      Path dir,
      long openedAt) {
    this.pool = pool;
    this.space = space;
    this.txns = txns;
    this.trees = trees;
    this.dir = dir;
    this.openedAt = openedAt;
  }

  /** Starts it on a daemon thread of its own. */
  static PoolWarmUp start(
      BufferPool pool,
      SpaceMap space,
      Transactions txns,
      List<Layout.Tree> trees,
      Path dir,
      long openedAt) {
    PoolWarmUp w = new PoolWarmUp(pool, space, txns, trees, dir, openedAt);
    Thread t = new Thread(w, "quarry-pool-warm-up");
    t.setDaemon(true);
    t.setPriority(Thread.MIN_PRIORITY);
    w.thread = t;
    t.start();
    return w;
  }

  /** Ends it (the store is closing): returns once its last read is in, before the pool closes. */
  void stop() {
    stopped = true;
    try {
      thread.join(30_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void run() {
    long budget = pool.frameCount() * 9L / 10;
    long pages = 0;
    try {
      ReadTxn r = txns.beginRead(); // the roots stay as they are while their inner nodes are read
      try {
        for (Layout.Tree t : trees) {
          long[] inner = {0};
          t.tree().forEachInnerPage(r.state().root(t.slot()), p -> inner[0]++);
          pages += inner[0];
          if (stopped || pages >= budget) {
            break;
          }
        }
      } finally {
        txns.endRead(r);
      }
      // the last run's working set, then the layout's order: PSOG, POGS, projections, terms, stats
      ResidentPages.Extent[] order = order();
      long[] batch = new long[BATCH * Pages.EXTENT_PAGES];
      for (int i = 0; i < order.length && !stopped; ) {
        int n = 0;
        int wanted = 0;
        while (i + n < order.length
            && n < BATCH
            && pages + wanted + order[i + n].count() <= budget) {
          wanted += order[i + n++].count();
        }
        if (n == 0) {
          break; // the budget is spent
        }
        ResidentPages.Extent[] extents = Arrays.copyOfRange(order, i, i + n);
        Arrays.sort(extents, Comparator.comparingLong(ResidentPages.Extent::extent)); // disk order
        int at = 0;
        for (ResidentPages.Extent e : extents) {
          at = e.copyTo(batch, at);
        }
        pool.warmUp(batch, at, true);
        pages += wanted;
        i += n;
      }
    } catch (RuntimeException e) {
      LOG.warn("the buffer pool's warm-up stopped: {}", e.toString());
      return;
    }
    long nanos = System.nanoTime() - openedAt;
    pool.metrics().recordWarmUp(pages, nanos);
    double mb = pages * (double) Pages.PAGE_SIZE / (1 << 20);
    LOG.info(
        "buffer pool warm: {} pages ({} MB) read in {} s from the store's open ({} MB/s)",
        pages,
        Math.round(mb),
        String.format(Locale.ROOT, "%.2f", nanos / 1e9),
        Math.round(mb / Math.max(nanos / 1e9, 1e-3)));
    readTerms();
  }

  /**
   * What to read: the pages the pool had used at the last close, of extents that still belong to a
   * tree, then every tree's extents whole in the layout's order, each extent once.
   */
  private ResidentPages.Extent[] order() {
    Set<Integer> owners = new HashSet<>();
    trees.forEach(t -> owners.add(t.tree().owner()));
    Map<Long, ResidentPages.Extent> order = new LinkedHashMap<>();
    for (ResidentPages.Extent e : ResidentPages.load(dir)) {
      if (owners.contains(space.ownerOf(e.extent()))) {
        order.put(e.extent(), e);
      }
    }
    for (Layout.Tree t : trees) {
      for (long e : space.extentsOf(t.tree().owner())) {
        order.putIfAbsent(e, ResidentPages.Extent.whole(e));
      }
    }
    return order.values().toArray(ResidentPages.Extent[]::new);
  }

  /** The term file read through once, into the OS cache (see the class comment). */
  private void readTerms() {
    long began = System.nanoTime();
    long read = 0;
    try (FileChannel ch =
        FileChannel.open(dir.resolve(PagedStore.TERMS_FILE), StandardOpenOption.READ)) {
      long limit = Math.min(ch.size(), ProcessMemory.limit() / 4);
      ByteBuffer buf = ByteBuffer.allocateDirect(TERM_READ);
      while (read < limit && !stopped) {
        buf.clear();
        int n = ch.read(buf, read);
        if (n <= 0) {
          break;
        }
        read += n;
      }
    } catch (IOException e) {
      LOG.warn("the term file's warm-up stopped: {}", e.toString());
      return;
    }
    pool.metrics().recordTermWarmUp(read);
    double seconds = (System.nanoTime() - began) / 1e9;
    LOG.info(
        "term file warm: {} MB read in {} s ({} MB/s)",
        read >> 20,
        String.format(Locale.ROOT, "%.2f", seconds),
        Math.round((read >> 20) / Math.max(seconds, 1e-3)));
  }
}
