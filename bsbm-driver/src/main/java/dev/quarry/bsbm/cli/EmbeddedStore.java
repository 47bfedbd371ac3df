package dev.quarry.bsbm.cli;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.nio.file.Path;

/** Quarry in the driver's process, on a store directory. */
final class EmbeddedStore {
  private EmbeddedStore() {}

  /**
   * @param buffers the pool: a size ("4GB") or a number of 8 KB frames
   * @param directIo O_DIRECT, so only the pool caches pages
   */
  static Store open(Path dir, Object buffers, boolean directIo) {
    return Quarry.open(
        Config.defaults()
            .with("store.location", dir)
            .with("store.buffers", buffers)
            .with("store.direct-io", directIo));
  }
}
