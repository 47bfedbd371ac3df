package dev.quarry.core.query.memory;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory all running queries together may hold in their operators (sort buffers, hash tables,
 * groups), and the directory they spill to. Each query opens its share ({@link #open}); a share can
 * grow only while the pool has room, so a few heavy queries spill instead of taking the heap from
 * the rest.
 */
public final class MemoryPool {
  private final long total;
  private final AtomicLong used = new AtomicLong();
  private final AtomicLong peak = new AtomicLong();
  private final AtomicLong spilledBytes = new AtomicLong();
  private final SpillSpace spill;

  /** {@code totalBytes} for all queries together; spill files go to {@code spillDir}. */
  public MemoryPool(long totalBytes, Path spillDir) {
    if (totalBytes <= 0) {
      throw new IllegalArgumentException("a memory pool needs a size above 0, got " + totalBytes);
    }
    this.total = totalBytes;
    this.spill = new SpillSpace(spillDir);
    spill.sweep(); // files a killed process left go at start, not at the first spill
  }

  private static volatile MemoryPool defaultPool;

  /**
   * The pool of queries run without one of their own (an embedding application's queries): half the
   * heap, spilling to a directory of this process under {@code java.io.tmpdir}.
   */
  public static MemoryPool defaultPool() {
    MemoryPool p = defaultPool;
    if (p == null) {
      synchronized (MemoryPool.class) {
        p = defaultPool;
        if (p == null) {
          p = inTempDirectory(Runtime.getRuntime().maxMemory() / 2);
          defaultPool = p;
        }
      }
    }
    return p;
  }

  /** A pool spilling to a directory of this process under {@code java.io.tmpdir}. */
  public static MemoryPool inTempDirectory(long totalBytes) {
    return new MemoryPool(totalBytes, SpillSpace.processTemp());
  }

  /** A query's share: at most {@code queryBytes}, and only while the pool has room. */
  public QueryMemory open(long queryBytes) {
    return new QueryMemory(this, Math.min(queryBytes, total));
  }

  boolean take(long bytes) {
    long now;
    do {
      now = used.get();
      if (now + bytes > total) {
        return false;
      }
    } while (!used.compareAndSet(now, now + bytes));
    peak.accumulateAndGet(now + bytes, Math::max);
    return true;
  }

  void give(long bytes) {
    used.addAndGet(-bytes);
  }

  void spilled(long bytes) {
    spilledBytes.addAndGet(bytes);
  }

  SpillSpace spillSpace() {
    return spill;
  }

  public long total() {
    return total;
  }

  /** Bytes the running queries hold now. */
  public long used() {
    return used.get();
  }

  /** The most the running queries held at once. */
  public long peak() {
    return peak.get();
  }

  /** Bytes written to spill files since the pool was made. */
  public long spilled() {
    return spilledBytes.get();
  }

  public Path spillDirectory() {
    return spill.directory();
  }
}
