package dev.quarry.core;

import dev.quarry.core.config.Config;
import dev.quarry.core.interim.InMemoryStore;
import dev.quarry.core.interim.JournaledMemoryStore;
import java.nio.file.Path;

/**
 * Opens Quarry stores. The entry point for embedding:
 *
 * <pre>{@code
 * try (Store store = Quarry.open(Path.of("data"))) {
 *   DatasetGraph dsg = store.dataset();
 *   ...
 * }
 * }</pre>
 *
 * <p>The backend behind {@link Store} is chosen here and nowhere else. Until the paged engine lands
 * (store-core's storage, buffer, btree and index layers), {@code storage: file} is the interim
 * {@link JournaledMemoryStore} and {@code storage: memory} is Jena's in-memory transactional
 * dataset.
 */
public final class Quarry {
  private Quarry() {}

  /**
   * Opens the store the configuration describes ({@code store.storage}, {@code store.location}).
   */
  public static Store open(Config config) {
    return switch (StorageKind.parse(config.getString("store.storage"))) {
      case FILE -> openDirectory(Path.of(config.getString("store.location")));
      case MEMORY -> openMemory();
    };
  }

  /** Opens (creating if needed) the persistent store in {@code directory}. */
  public static Store open(Path directory) {
    return openDirectory(directory);
  }

  /** A new, empty, in-memory store. */
  public static Store openMemory() {
    return new InMemoryStore();
  }

  /** True if {@code directory} holds a Quarry store. */
  public static boolean exists(Path directory) {
    return StoreDirectory.isStore(directory);
  }

  private static Store openDirectory(Path directory) {
    return JournaledMemoryStore.open(directory);
  }
}
