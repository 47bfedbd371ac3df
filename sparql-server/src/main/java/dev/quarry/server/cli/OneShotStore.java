package dev.quarry.server.cli;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.nio.file.Path;

/**
 * A store opened by a command that does one thing and exits: no start-up warm-up of the buffer pool
 * (which reads the whole store in the background for a server, and which closing would wait on).
 */
final class OneShotStore {
  private OneShotStore() {}

  static Store open(Path dir) {
    return Quarry.open(open(Config.defaults(), dir));
  }

  /** {@code c} for the store in {@code dir}, without the warm-up. */
  static Config open(Config c, Path dir) {
    return c.with("store.storage", "file").with("store.location", dir).with("store.warm-up", false);
  }
}
