package dev.quarry.core.buffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class BufferPoolConfigTest {
  @Test
  void buffersAsACountASizeOrAuto() {
    assertEquals(
        256, BufferPoolConfig.from(Config.defaults().withOverride("store.buffers=256")).frames());
    assertEquals(
        256, BufferPoolConfig.from(Config.defaults().withOverride("store.buffers=2MB")).frames());
    assertEquals(
        131072,
        BufferPoolConfig.from(Config.defaults().withOverride("store.buffers=1GB")).frames());
    int auto = BufferPoolConfig.from(Config.defaults().withOverride("store.buffers=auto")).frames();
    long heap = Runtime.getRuntime().maxMemory();
    assertTrue(auto >= 2048, "auto gives at least 16 MB: " + auto);
    assertTrue(
        auto * BufferPoolConfig.HEAP_PER_FRAME <= heap / 32 + BufferPoolConfig.HEAP_PER_FRAME,
        "auto's bookkeeping fits a 32nd of this heap: " + auto);
  }

  @Test
  void autoIsHalfTheMemoryBeyondTheHeapBoundedByTheHeap() {
    long gb = 1L << 30;
    long mb = 1L << 20;
    // A big machine with the JVM's default heap (a quarter): half of the rest, no 1 GB ceiling.
    assertEquals(9 * gb, BufferPoolConfig.autoBytes(24 * gb, 6 * gb));
    // The same process capped at 2 GB by a cgroup (default heap 512 MB): 768 MB.
    assertEquals(768 * mb, BufferPoolConfig.autoBytes(2 * gb, 512 * mb));
    // A small heap on a big machine: bounded by the bookkeeping a 32nd of the heap can hold.
    long byHeap = BufferPoolConfig.autoBytes(24 * gb, gb);
    assertEquals(gb / 32 / BufferPoolConfig.HEAP_PER_FRAME * 8192, byHeap);
    assertTrue(byHeap > gb && byHeap < 2 * gb, "about 1.6x a 1 GB heap: " + byHeap);
    // A heap as large as the memory: the floor.
    assertEquals(16 * mb, BufferPoolConfig.autoBytes(gb, gb));
    // Whole pages only.
    assertEquals(0, BufferPoolConfig.autoBytes(3 * gb + 12345, 512 * mb) % 8192);
  }

  @Test
  void theDefaultsOfQuarryYaml() {
    BufferPoolConfig c =
        BufferPoolConfig.from(Config.defaults().withOverride("store.buffers=1000"));
    assertEquals(250, c.dirtyLimit());
    assertTrue(c.extentReadAhead() && c.batchedReadAhead() && c.sequentialReadAhead());
    assertEquals(10, c.maxGap());
    assertEquals(Duration.ofSeconds(1), c.extentWindow());
  }

  @Test
  void readAheadCanBeSwitchedOff() {
    BufferPoolConfig c =
        BufferPoolConfig.from(
            Config.defaults()
                .withOverride("store.buffers=256")
                .withOverride("store.read-ahead.extent=false")
                .withOverride("store.read-ahead.batched=false"));
    assertFalse(c.extentReadAhead());
    assertFalse(c.batchedReadAhead());
  }

  @Test
  void autoExtentReadAheadRunsWhileTheStoreFitsInTwiceThePool() {
    BufferPoolConfig auto = withExtent("auto");
    assertTrue(auto.extentReadAheadFor(0), "an empty store");
    assertTrue(auto.extentReadAheadFor(2000), "2,000 pages, twice the 1,000 frames");
    assertFalse(auto.extentReadAheadFor(2001), "beyond twice the pool");
    assertTrue(auto.extentReadAheadFor(1500), "back on once the store fits again");
    assertTrue(withExtent("true").extentReadAheadFor(1_000_000), "true: whatever the store");
    assertFalse(withExtent("false").extentReadAheadFor(10), "false: never");
    assertThrows(ConfigException.class, () -> withExtent("sometimes"));
  }

  private static BufferPoolConfig withExtent(String value) {
    return BufferPoolConfig.from(
        Config.defaults()
            .withOverride("store.buffers=1000")
            .withOverride("store.read-ahead.extent=" + value));
  }

  @Test
  void tooSmallAPoolIsRefused() {
    assertThrows(
        ConfigException.class,
        () -> BufferPoolConfig.from(Config.defaults().withOverride("store.buffers=4")));
  }
}
