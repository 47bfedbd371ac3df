package dev.quarry.core.buffer;

import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
import dev.quarry.core.config.ProcessMemory;
import dev.quarry.core.storage.Pages;
import java.time.Duration;
import java.util.Locale;

/**
 * The buffer pool's knobs (the {@code store.buffers} and {@code store.read-ahead.*} options of
 * config/quarry.yaml).
 *
 * @param frames frames of 8 KB in the pool
 * @param dirtyLimit dirty frames above which writers help write pages back
 * @param extentReadAhead read a whole extent when two of its pages miss within {@code extentWindow}
 * @param extentOnlyWhileFits {@code auto}: only while the store's pages fit in {@link #EXTENT_FIT}
 *     pools (see {@link #extentReadAheadFor})
 * @param extentWindow see above
 * @param batchedReadAhead honour {@link BufferPool#prefetch} requests (vectored lookups)
 * @param maxGap pages of gap that still merge two reads into one
 * @param sequentialReadAhead honour {@link BufferPool#prefetchRun} requests (scans)
 * @param writerInterval how often the background writer looks for dirty pages
 */
public record BufferPoolConfig(
    int frames,
    int dirtyLimit,
    boolean extentReadAhead,
    boolean extentOnlyWhileFits,
    Duration extentWindow,
    boolean batchedReadAhead,
    int maxGap,
    boolean sequentialReadAhead,
    Duration writerInterval) {

  public BufferPoolConfig {
    if (frames < 16) {
      throw new ConfigException("the buffer pool needs at least 16 frames, got " + frames);
    }
    dirtyLimit = Math.max(1, Math.min(dirtyLimit, frames - 8));
  }

  /**
   * With {@code store.read-ahead.extent: auto}, extent read-ahead runs while the store has at most
   * this many times the pool's pages. Beyond, most extents it reads are evicted unread: BSBM 100M
   * (2.8 GB of pages) with a 768 MB pool in a 2 GB cgroup, 16 clients, used 20 % of its pages, and
   * off the server read half as much from the device for the same or more QMpH (three runs each).
   */
  public static final int EXTENT_FIT = 2;

  /** A pool of {@code frames} with every read-ahead on and the defaults of quarry.yaml. */
  public static BufferPoolConfig ofFrames(int frames) {
    return new BufferPoolConfig(
        frames,
        frames / 4,
        true,
        false,
        Duration.ofSeconds(1),
        true,
        10,
        true,
        Duration.ofMillis(200));
  }

  public BufferPoolConfig withExtentReadAhead(boolean on) {
    return new BufferPoolConfig(
        frames,
        dirtyLimit,
        on,
        false,
        extentWindow,
        batchedReadAhead,
        maxGap,
        sequentialReadAhead,
        writerInterval);
  }

  public static BufferPoolConfig from(Config c) {
    int frames = frames(c.getString("store.buffers"));
    int dirtyPercent = c.getInt("store.dirty-limit-percent");
    boolean extentAuto = c.getString("store.read-ahead.extent").trim().equalsIgnoreCase("auto");
    return new BufferPoolConfig(
        frames,
        (int) ((long) frames * dirtyPercent / 100),
        extentAuto || c.getBoolean("store.read-ahead.extent"), // else true, false or an error
        extentAuto,
        c.getDuration("store.read-ahead.extent-window"),
        c.getBoolean("store.read-ahead.batched"),
        c.getInt("store.read-ahead.max-gap"),
        c.getBoolean("store.read-ahead.sequential"),
        c.getDuration("store.writer-interval"));
  }

  /** Whether extent read-ahead runs for a store of {@code storePages} pages now. */
  public boolean extentReadAheadFor(long storePages) {
    return extentReadAhead && (!extentOnlyWhileFits || storePages <= (long) EXTENT_FIT * frames);
  }

  /**
   * {@code auto}: see {@link #autoBytes}; a bare number: that many frames; a size ({@code 512MB}):
   * as many frames as fit.
   */
  static int frames(String spec) {
    String s = spec.trim().toLowerCase(Locale.ROOT);
    if (s.equals("auto")) {
      return (int) (autoBytes(ProcessMemory.limit(), ProcessMemory.heap()) / Pages.PAGE_SIZE);
    }
    if (s.matches("\\d+")) {
      return Integer.parseInt(s);
    }
    return (int)
        Math.min(Config.parseBytes(spec, "store.buffers") / Pages.PAGE_SIZE, Integer.MAX_VALUE);
  }

  /** Heap the pool keeps per frame (its metadata line, page-table slots, clock bit, free stack). */
  static final long HEAP_PER_FRAME = 160;

  /**
   * The {@code auto} pool for a process that may use {@code memory} bytes (the machine's, or its
   * cgroup's limit: the JVM reports the smaller) with a heap of {@code heap}: half of what lies
   * beyond the heap, the other half left to the OS cache (the term file is read through it), the
   * JVM's own memory and the rest of the machine; but no more frames than a 32nd of the heap can
   * keep track of (1.6x the heap), so that a small heap is not filled by the pool's bookkeeping;
   * and at least 16 MB. On a 24 GB machine with the default heap (6 GB): 9 GB; in a 2 GB cgroup
   * with its default heap (512 MB): 768 MB.
   */
  static long autoBytes(long memory, long heap) {
    long half = Math.max(0, memory - heap) / 2;
    long byHeap = heap / 32 / HEAP_PER_FRAME * Pages.PAGE_SIZE;
    long bytes = Math.max(16L << 20, Math.min(half, byHeap));
    return bytes / Pages.PAGE_SIZE * Pages.PAGE_SIZE;
  }
}
