package dev.quarry.core.buffer;

import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
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

  /** A pool of {@code frames} with every read-ahead on and the defaults of quarry.yaml. */
  public static BufferPoolConfig ofFrames(int frames) {
    return new BufferPoolConfig(
        frames, frames / 4, true, Duration.ofSeconds(1), true, 10, true, Duration.ofMillis(200));
  }

  public BufferPoolConfig withExtentReadAhead(boolean on) {
    return new BufferPoolConfig(
        frames,
        dirtyLimit,
        on,
        extentWindow,
        batchedReadAhead,
        maxGap,
        sequentialReadAhead,
        writerInterval);
  }

  public static BufferPoolConfig from(Config c) {
    int frames = frames(c.getString("store.buffers"));
    int dirtyPercent = c.getInt("store.dirty-limit-percent");
    return new BufferPoolConfig(
        frames,
        (int) ((long) frames * dirtyPercent / 100),
        c.getBoolean("store.read-ahead.extent"),
        c.getDuration("store.read-ahead.extent-window"),
        c.getBoolean("store.read-ahead.batched"),
        c.getInt("store.read-ahead.max-gap"),
        c.getBoolean("store.read-ahead.sequential"),
        c.getDuration("store.writer-interval"));
  }

  /**
   * {@code auto}: half of the memory the machine has beyond the Java heap, at most 1 GB; a bare
   * number: that many frames; a size ({@code 512MB}): as many frames as fit.
   */
  static int frames(String spec) {
    String s = spec.trim().toLowerCase(Locale.ROOT);
    if (s.equals("auto")) {
      long physical = physicalMemory();
      long beyondHeap = Math.max(64L << 20, physical - Runtime.getRuntime().maxMemory());
      return (int) (Math.min(beyondHeap / 2, 1L << 30) / Pages.PAGE_SIZE); // at most 1 GB
    }
    if (s.matches("\\d+")) {
      return Integer.parseInt(s);
    }
    return (int)
        Math.min(Config.parseBytes(spec, "store.buffers") / Pages.PAGE_SIZE, Integer.MAX_VALUE);
  }

  private static long physicalMemory() {
    var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getTotalMemorySize();
    }
    return 4L << 30;
  }
}
