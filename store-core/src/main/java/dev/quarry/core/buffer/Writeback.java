package dev.quarry.core.buffer;

import dev.quarry.core.storage.Pages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes dirty pages back: a background thread that keeps the dirty count under half its limit, and
 * the same code for writers over the limit and for {@link BufferPool#flush}.
 *
 * <p>A page is copied under a shared fix (so no writer changes it mid-copy, while optimistic
 * readers carry on) and written from the copy after the fix is released, so a writer waiting for
 * the page waits for a copy, not for the disk. The dirty flag is cleared before the copy: a change
 * made after it marks the page dirty again, and it is written again later. Until the copy is on
 * disk the frame is flagged WRITING and is not evicted, so nobody can read the old page back.
 */
final class Writeback implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Writeback.class);

  private final BufferPool pool;
  private final Thread thread;
  private final long intervalNanos;
  private final ThreadLocal<MemorySegment> copies =
      ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(Pages.PAGE_SIZE, Pages.ALIGNMENT));
  private volatile boolean closed;
  private int cursor;

  Writeback(BufferPool pool, Duration interval) {
    this.pool = pool;
    this.intervalNanos = Math.max(1, interval.toNanos());
    this.thread = Thread.ofPlatform().daemon().name("quarry-writeback").start(this::run);
  }

  private void run() {
    while (!closed) {
      LockSupport.parkNanos(intervalNanos);
      try {
        int target = pool.config().dirtyLimit() / 2;
        while (!closed && pool.dirtyCount() > target) {
          if (writeSome(64) == 0) {
            break;
          }
        }
      } catch (RuntimeException e) {
        LOG.error("background write-back failed; will retry", e);
      }
    }
  }

  /** Writes up to {@code max} dirty frames, continuing round the pool; returns how many. */
  int writeSome(int max) {
    Frames frames = pool.frames();
    int written = 0;
    int start;
    synchronized (this) {
      start = cursor;
      cursor = (cursor + max * 4) % frames.count;
    }
    for (int i = 0; i < frames.count && written < max; i++) {
      int f = (start + i) % frames.count;
      if (pool.isDirty(f) && writeFrame(f)) {
        written++;
      }
    }
    return written;
  }

  /** Writes frame {@code f} back if it is dirty and can be fixed shared now; true if written. */
  boolean writeFrame(int f) {
    Frames frames = pool.frames();
    if (!frames.tryLockShared(f)) {
      return false; // a writer holds it: it is not done changing
    }
    long page;
    MemorySegment copy = copies.get();
    try {
      page = frames.pageOf(f);
      if (page == Frames.NO_PAGE || !pool.isDirty(f)) {
        return false;
      }
      frames.addFlags(f, Frames.WRITING); // until the copy is on disk, the frame stays
      pool.clearDirty(f);
      MemorySegment.copy(frames.memory, frames.offset(f), copy, 0, Pages.PAGE_SIZE);
    } finally {
      frames.unlockShared(f);
    }
    try {
      pool.writePage(page, copy);
      return true;
    } catch (IOException e) {
      pool.markDirtyAgain(f);
      throw new UncheckedIOException("cannot write back page " + page + ": " + e.getMessage(), e);
    } finally {
      frames.clearFlags(f, Frames.WRITING);
    }
  }

  @Override
  public void close() {
    closed = true;
    LockSupport.unpark(thread);
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
