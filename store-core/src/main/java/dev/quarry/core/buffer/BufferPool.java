package dev.quarry.core.buffer;

import dev.quarry.core.storage.CorruptPageException;
import dev.quarry.core.storage.PageStore;
import dev.quarry.core.storage.Pages;
import dev.quarry.core.storage.ThreadIo;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The buffer pool: pages of a {@link PageStore} cached in off-heap frames. Everything above the
 * storage layer reads and writes pages through it.
 *
 * <p>Three ways to use a page:
 *
 * <ul>
 *   <li><b>Optimistic read</b> (the hot path, for B+tree inner pages and point lookups): {@link
 *       #readOptimistic} returns a token; read the frame's bytes; {@link #validate} the token. If
 *       it fails, what was read may be torn: start again. Takes no latch and writes nothing shared
 *       (bar a CLOCK bit set at most once per sweep), so readers of one hot page never serialize.
 *   <li><b>Shared fix</b> ({@link #fixShared}/{@link #unfixShared}): holds the page still, for a
 *       reader that must keep it across I/O or a long scan.
 *   <li><b>Exclusive fix</b> ({@link #fixExclusive}/{@link #unfixExclusive}; {@link #create} for a
 *       new page): for writers. Releasing invalidates every overlapping optimistic read.
 * </ul>
 *
 * A fixed frame is never evicted. Replacement is CLOCK (second chance). Dirty pages are written
 * back by a background writer, by writers that push the dirty count over its limit, by eviction,
 * and by {@link #flush}. Every page written carries a CRC32C, checked when it is read back.
 */
public final class BufferPool implements AutoCloseable {
  private final PageStore store;
  private final BufferPoolConfig config;
  private final Frames frames;
  private final PageTable table;
  private final byte[] referenced; // CLOCK bits: racy by design, a lost update only costs a chance
  private final FreeFrames free;
  private final AtomicLong hand = new AtomicLong();
  private final AtomicInteger dirty = new AtomicInteger();
  private final BufferPoolMetrics metrics = new BufferPoolMetrics();
  private final Writeback writeback;
  private final ReadAhead readAhead;

  private BufferPool(PageStore store, BufferPoolConfig config, MeterRegistry registry) {
    this.store = store;
    this.config = config;
    this.frames = new Frames(config.frames());
    this.table = new PageTable(config.frames());
    this.referenced = new byte[config.frames()];
    this.free = new FreeFrames(config.frames());
    metrics.bindTo(registry, this);
    this.writeback = new Writeback(this, config.writerInterval());
    this.readAhead = new ReadAhead(this, store, config, metrics);
  }

  public static BufferPool open(PageStore store, BufferPoolConfig config, MeterRegistry registry) {
    return new BufferPool(store, config, registry);
  }

  public static BufferPool open(PageStore store, BufferPoolConfig config) {
    return open(store, config, new SimpleMeterRegistry());
  }

  // ---- optimistic reads -----------------------------------------------------------------------

  /**
   * Makes {@code page} resident and returns a token for an optimistic read of it. Read the frame
   * ({@link #frameOf}, {@link #memory}, {@link #offset}) and then {@link #validate} the token.
   */
  public long readOptimistic(long page) {
    boolean missed = false;
    for (; ; ) {
      int r = resident(page);
      missed |= r < 0;
      int f = r & ~MISSED;
      long w = frames.latchWord(f);
      if (Frames.isExclusive(w)) {
        waitWhileExclusive(f);
        continue;
      }
      if (frames.pageOf(f) != page) {
        metrics.latchRestarts.increment(); // evicted between lookup and latch
        continue;
      }
      touch(f, missed);
      return ((long) f << 32) | ((w >>> 17) & 0xFFFFFFFFL);
    }
  }

  public static int frameOf(long token) {
    return (int) (token >>> 32);
  }

  /** True if nothing changed the page since {@link #readOptimistic} returned {@code token}. */
  public boolean validate(long token) {
    int f = frameOf(token);
    boolean ok = frames.validate(f, ((token & 0xFFFFFFFFL) << 17));
    if (!ok) {
      metrics.latchRestarts.increment();
    }
    return ok;
  }

  /** All frames' memory; a frame's page is at {@link #offset}. */
  public MemorySegment memory() {
    return frames.memory;
  }

  public long offset(int frame) {
    return frames.offset(frame);
  }

  /** The frame's page as a segment (allocates a slice: not for the hottest paths). */
  public MemorySegment frame(int frame) {
    return frames.page(frame);
  }

  // ---- fixes ----------------------------------------------------------------------------------

  /** Fixes {@code page} shared: it stays resident and unchanged until {@link #unfixShared}. */
  public int fixShared(long page) {
    return fix(page, false);
  }

  public void unfixShared(int frame) {
    frames.unlockShared(frame);
  }

  /** Fixes {@code page} exclusive, for writing. */
  public int fixExclusive(long page) {
    return fix(page, true);
  }

  /** The sign bit of {@link #resident}'s answer: the page was read in (a miss). */
  private static final int MISSED = 1 << 31;

  /** The page's frame, the page read in on a miss (then with {@link #MISSED} set). */
  private int resident(long page) {
    int f = table.get(page);
    return f >= 0 ? f : load(page) | MISSED;
  }

  /**
   * Finds the page's frame (reading the page in on a miss) and locks it, shared or exclusive; if
   * the frame was evicted and reused for another page before the lock was had, tries again.
   */
  private int fix(long page, boolean exclusive) {
    boolean missed = false;
    for (; ; ) {
      int r = resident(page);
      missed |= r < 0;
      int f = r & ~MISSED;
      if (!(exclusive ? frames.tryLockExclusive(f) : frames.tryLockShared(f))) {
        if (exclusive) {
          waitForExclusive(f);
        } else {
          waitWhileExclusive(f);
        }
        continue;
      }
      if (frames.pageOf(f) != page) {
        if (exclusive) {
          frames.unlockExclusive(f);
        } else {
          frames.unlockShared(f);
        }
        continue;
      }
      touch(f, missed);
      return f;
    }
  }

  /** Releases an exclusive fix; {@code dirtied}: the page was changed and must be written back. */
  public void unfixExclusive(int frame, boolean dirtied) {
    if (dirtied && (frames.addFlags(frame, Frames.DIRTY) & Frames.DIRTY) == 0) {
      dirty.incrementAndGet();
    }
    frames.unlockExclusive(frame);
    if (dirtied && dirty.get() > config.dirtyLimit()) {
      writeback.writeSome(32); // writers that make too many dirty pages help write them
    }
  }

  /**
   * A page just allocated: not read from the store, zeroed, fixed exclusive and dirty. Release it
   * with {@link #unfixExclusive}.
   */
  public int create(long page) {
    for (; ; ) {
      int f = table.get(page);
      if (f >= 0) {
        f = fixExclusive(page);
        frames.page(f).fill((byte) 0);
        return markDirtyHeld(f);
      }
      int v = victim();
      frames.setPage(v, page);
      if (table.putIfAbsent(page, v) >= 0) {
        release(v);
        continue;
      }
      frames.page(v).fill((byte) 0);
      frames.setFlags(v, 0);
      referenced[v] = 1;
      return markDirtyHeld(v);
    }
  }

  private int markDirtyHeld(int f) {
    if ((frames.addFlags(f, Frames.DIRTY) & Frames.DIRTY) == 0) {
      dirty.incrementAndGet();
    }
    return f;
  }

  // ---- what read-ahead may install (see ChangeStamps) -----------------------------------------
  private final ChangeStamps stamps = new ChangeStamps();

  /** The stamp a read-ahead takes before it reads the disk, for {@link #install}. */
  long changeStamp() {
    return stamps.stamp();
  }

  /** Drops {@code page} from the pool without writing it (the page was freed). */
  public void discard(long page) {
    stamps.changed(page);
    int f = fixExclusiveIfResident(page);
    if (f < 0) {
      return;
    }
    if ((frames.clearFlags(f, Frames.DIRTY) & Frames.DIRTY) != 0) {
      dirty.decrementAndGet();
    }
    table.remove(page, f);
    release(f);
  }

  /**
   * Fixes {@code page} exclusive if it is resident, once no copy of it is on its way to disk: a
   * write still in flight could otherwise land after the page number has been reused, over the new
   * page's content.
   */
  private int fixExclusiveIfResident(long page) {
    for (int spins = 0; ; spins++) {
      int f = table.get(page);
      if (f < 0) {
        return -1;
      }
      if (!frames.tryLockExclusive(f)) {
        waitForExclusive(f);
        continue;
      }
      if (frames.pageOf(f) != page) {
        frames.unlockExclusive(f);
        continue;
      }
      if ((frames.flags(f) & Frames.WRITING) != 0) {
        frames.unlockExclusive(f);
        backoff(spins);
        continue;
      }
      return f;
    }
  }

  // ---- read-ahead -----------------------------------------------------------------------------

  /** Announces pages (sorted) that will be needed soon; they are read in the background. */
  public void prefetch(long[] sortedPages, int count) {
    if (!config.batchedReadAhead()) {
      return;
    }
    long[] missing = new long[count];
    int n = 0;
    for (int i = 0; i < count; i++) {
      if (table.get(sortedPages[i]) < 0) {
        missing[n++] = sortedPages[i];
      }
    }
    if (n > 0) {
      readAhead.prefetch(missing, n);
    }
  }

  /** Announces a scan over {@code count} consecutive pages from {@code first}. */
  public void prefetchRun(long first, int count) {
    if (config.sequentialReadAhead()) {
      readAhead.prefetchRun(first, count);
    }
  }

  /**
   * Reads the first {@code count} of sorted {@code pages} into the pool (warm-up), nearby ones in
   * one read as {@link #prefetch} does; with {@code await}, returns when they are in.
   */
  public void warmUp(long[] pages, int count, boolean await) {
    readAhead.warmUp(pages, count, await);
  }

  /**
   * The pages in the pool now (a snapshot while others fix and evict: near, not exact); with {@code
   * usedOnly}, those asked for at least once (not read ahead and left unused).
   */
  public long[] residentPages(boolean usedOnly) {
    long[] out = new long[frames.count];
    int n = 0;
    for (int f = 0; f < frames.count; f++) {
      long page = frames.pageOf(f);
      if (page != Frames.NO_PAGE && !(usedOnly && (frames.flags(f) & Frames.PREFETCHED) != 0)) {
        out[n++] = page;
      }
    }
    return Arrays.copyOf(out, n);
  }

  /** True if {@code page} is in the pool now. */
  public boolean isResident(long page) {
    return table.get(page) >= 0;
  }

  // ---- writing back ---------------------------------------------------------------------------

  /**
   * Writes every dirty page and syncs the store: afterwards, everything written is durable. A frame
   * another thread is writing out (the background writer, or an eviction) is waited for, so that
   * its write has completed before the sync: skipping it could pass a commit point with a page of
   * the committed state not yet on disk.
   */
  public void flush() {
    for (int f = 0; f < frames.count; f++) {
      for (int spins = 0; ; spins++) {
        long flags = frames.flags(f);
        if ((flags & Frames.WRITING) == 0) {
          if ((flags & Frames.DIRTY) == 0 || writeback.writeFrame(f)) {
            break;
          }
        }
        backoff(spins); // being written, evicted or changed by another thread: wait for it
      }
    }
    try {
      store.sync();
    } catch (IOException e) {
      throw new UncheckedIOException("sync failed: " + e.getMessage(), e);
    }
  }

  /**
   * Writes frame {@code f}'s page from {@code copy} (a private copy, or the frame itself when held
   * exclusive): stamps the checksum, writes, counts.
   */
  void writePage(long page, MemorySegment copy) throws IOException {
    Pages.stampChecksum(copy);
    store.write(page, copy);
    stamps.changed(page);
    metrics.writes.increment();
    metrics.bytesWritten.add(Pages.PAGE_SIZE);
  }

  // ---- misses and replacement -----------------------------------------------------------------

  /** Reads {@code page} into a frame (the demand miss path) and returns the frame. */
  private int load(long page) {
    int v = victim();
    frames.setPage(v, page);
    int existing = table.putIfAbsent(page, v);
    if (existing >= 0) {
      release(v); // another thread is loading it, or has
      return existing;
    }
    try {
      store.read(page, frames.page(v));
      verify(page, frames.page(v));
    } catch (IOException e) {
      table.remove(page, v);
      release(v);
      throw new UncheckedIOException(e);
    }
    frames.setFlags(v, 0);
    referenced[v] = 1;
    frames.unlockExclusive(v);
    metrics.misses.increment();
    metrics.readsSingle.increment();
    ThreadIo.add(ThreadIo.PAGES_READ, 1);
    metrics.bytesRead.add(Pages.PAGE_SIZE);
    readAhead.onDemandMiss(page);
    return v;
  }

  /**
   * Installs a page read by read-ahead, if it is not resident already and was ever written. Called
   * from I/O threads; never throws.
   */
  boolean install(long page, MemorySegment src, long readSince, ReadAheadKind kind) {
    if (table.get(page) >= 0 || Pages.isZeroPage(src) || stamps.changedSince(page, readSince)) {
      return false;
    }
    if (!Pages.checksumValid(src)) {
      return false; // a demand read will report it
    }
    int v = victim();
    frames.setPage(v, page);
    if (table.putIfAbsent(page, v) >= 0) {
      release(v);
      return false;
    }
    // Written back and evicted between the check and now?
    if (stamps.changedSince(page, readSince)) {
      table.remove(page, v);
      release(v);
      return false;
    }
    MemorySegment.copy(src, 0, frames.memory, frames.offset(v), Pages.PAGE_SIZE);
    frames.setFlags(v, Frames.prefetchedBy(kind));
    referenced[v] = kind.usedBefore() ? (byte) 1 : 0; // else it earns its place only when used
    frames.unlockExclusive(v);
    return true;
  }

  private void verify(long page, MemorySegment frame) throws CorruptPageException {
    if (!Pages.checksumValid(frame)) {
      throw new CorruptPageException(
          page, store.describe(), Pages.storedChecksum(frame), Pages.computeChecksum(frame));
    }
  }

  /** A frame with no page, held exclusive: from the free list, or by evicting a page (CLOCK). */
  private int victim() {
    for (int round = 0; ; round++) {
      int f = free.pop();
      if (f >= 0 && frames.tryLockExclusive(f)) {
        if (frames.pageOf(f) == Frames.NO_PAGE) {
          return f;
        }
        frames.unlockExclusive(f); // CLOCK took it meanwhile; it is in use now
      }
      for (int scanned = 0; scanned < 2 * frames.count; scanned++) {
        f = (int) Long.remainderUnsigned(hand.getAndIncrement(), frames.count);
        if (referenced[f] != 0) {
          referenced[f] = 0;
          continue;
        }
        if (!frames.tryLockExclusive(f)) {
          continue; // fixed, or being loaded
        }
        long page = frames.pageOf(f);
        if (page != Frames.NO_PAGE) {
          long flags = frames.flags(f);
          if ((flags & Frames.WRITING) != 0) {
            frames.unlockExclusive(f); // its copy is on its way to disk
            continue;
          }
          if ((flags & Frames.DIRTY) != 0) {
            try {
              writePage(page, frames.page(f)); // held exclusive: write from the frame itself
            } catch (IOException e) {
              frames.unlockExclusive(f);
              throw new UncheckedIOException(
                  "cannot write back page " + page + ": " + e.getMessage(), e);
            }
            dirty.decrementAndGet();
          }
          table.remove(page, f);
          frames.setPage(f, Frames.NO_PAGE);
          frames.setFlags(f, 0);
          metrics.evictions.increment();
          if ((flags & Frames.PREFETCHED) != 0) {
            metrics.countWasted(Frames.kindOf(flags));
          }
        }
        return f;
      }
      if (round > 2000) {
        throw new IllegalStateException(
            "buffer pool exhausted: all "
                + frames.count
                + " frames are fixed; give it more buffers");
      }
      LockSupport.parkNanos(50_000);
    }
  }

  /** Gives back a frame that holds no page (held exclusive by the caller). */
  private void release(int f) {
    frames.setPage(f, Frames.NO_PAGE);
    frames.setFlags(f, 0);
    frames.unlockExclusive(f);
    free.push(f);
  }

  private void touch(int f, boolean missed) {
    if (referenced[f] == 0) {
      referenced[f] = 1;
    }
    if (!missed) {
      metrics.hits.increment();
      if ((frames.flags(f) & Frames.PREFETCHED) != 0) {
        long was = frames.clearFlags(f, Frames.PREFETCHED | Frames.KIND_MASK);
        if ((was & Frames.PREFETCHED) != 0) {
          metrics.countUsed(Frames.kindOf(was));
        }
      }
    }
  }

  private void waitWhileExclusive(int f) {
    metrics.latchWaits.increment();
    long start = System.nanoTime();
    for (int spins = 0; Frames.isExclusive(frames.latchWord(f)); spins++) {
      backoff(spins);
    }
    metrics.latchWaitNanos.add(System.nanoTime() - start);
  }

  private void waitForExclusive(int f) {
    metrics.latchWaits.increment();
    long start = System.nanoTime();
    for (int spins = 0;
        (frames.latchWord(f) & (Frames.EXCLUSIVE | Frames.SHARED_MASK)) != 0;
        spins++) {
      backoff(spins);
    }
    metrics.latchWaitNanos.add(System.nanoTime() - start);
  }

  private static void backoff(int spins) {
    if (spins < 64) {
      Thread.onSpinWait();
    } else if (spins < 128) {
      Thread.yield();
    } else {
      LockSupport.parkNanos(10_000);
    }
  }

  // ---- state ----------------------------------------------------------------------------------

  Frames frames() {
    return frames;
  }

  boolean isDirty(int f) {
    return (frames.flags(f) & Frames.DIRTY) != 0;
  }

  void clearDirty(int f) {
    if ((frames.clearFlags(f, Frames.DIRTY) & Frames.DIRTY) != 0) {
      dirty.decrementAndGet();
    }
  }

  void markDirtyAgain(int f) {
    if ((frames.addFlags(f, Frames.DIRTY) & Frames.DIRTY) == 0) {
      dirty.incrementAndGet();
    }
  }

  public int frameCount() {
    return frames.count;
  }

  public int dirtyCount() {
    return dirty.get();
  }

  public BufferPoolMetrics metrics() {
    return metrics;
  }

  public BufferPoolConfig config() {
    return config;
  }

  public PageStore store() {
    return store;
  }

  /** Writes everything back, stops the background threads, frees the memory. */
  @Override
  public void close() {
    readAhead.close();
    try {
      flush();
    } finally {
      writeback.close();
      frames.close();
    }
  }
}
