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
    assertTrue(auto >= 8192 && auto <= 131072, "auto gives 64 MB to 1 GB here: " + auto);
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
  void tooSmallAPoolIsRefused() {
    assertThrows(
        ConfigException.class,
        () -> BufferPoolConfig.from(Config.defaults().withOverride("store.buffers=4")));
  }
}
