package dev.quarry.core;

import dev.quarry.core.config.Config;

/**
 * A storage backend {@link Quarry#open} can open, found with {@link java.util.ServiceLoader}
 * ({@code META-INF/services/dev.quarry.core.StoreProvider}); {@code store.backend} names it. The
 * paged engine is {@code paged}; a backend in another module registers itself the same way, so this
 * package depends on none of them.
 */
public interface StoreProvider {
  /** The value of {@code store.backend} that chooses this backend. */
  String name();

  /** Opens (creating if needed) the store the configuration describes. */
  Store open(Config config);

  /**
   * Builds the store the configuration describes (its directory must not hold a store) from the
   * physical backup {@code file} and the chain of backups it follows, found beside it.
   */
  default Backup.Manifest restore(java.nio.file.Path file, Config config)
      throws java.io.IOException {
    throw new UnsupportedOperationException("the " + name() + " backend restores no backups");
  }
}
