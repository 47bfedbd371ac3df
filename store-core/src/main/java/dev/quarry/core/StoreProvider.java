package dev.quarry.core;

import dev.quarry.core.config.Config;
import dev.quarry.core.storage.StorageKind;
import java.io.IOException;
import java.nio.file.Path;

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
   * True if the store the configuration describes exists already (a memory store never exists
   * before it is opened). The default: a file store whose directory holds a store.
   */
  default boolean exists(Config config) {
    boolean file = StorageKind.parse(config.getString("store.storage")) == StorageKind.FILE;
    return file && Quarry.exists(Path.of(config.getString("store.location")));
  }

  /**
   * Builds the store the configuration describes (its directory must not hold a store) from the
   * physical backup {@code file} and the chain of backups it follows, found beside it.
   */
  default Backup.Manifest restore(Path file, Config config) throws IOException {
    throw new UnsupportedOperationException("the " + name() + " backend restores no backups");
  }

  /** Reads this backend's backup files. */
  default Backup.Files backupFiles() {
    throw new UnsupportedOperationException("the " + name() + " backend takes no backups");
  }
}
