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
}
