package dev.quarry.core;

import dev.quarry.core.config.Config;
import dev.quarry.core.paged.PagedStore;
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
 * <p>Every store is the paged engine ({@link PagedStore}); {@code store.storage} chooses its page
 * store: {@code file} (a directory) or {@code memory}.
 */
public final class Quarry {
  private Quarry() {}

  /** Opens the store the configuration describes ({@code store.*} options). */
  public static Store open(Config config) {
    return PagedStore.open(config);
  }

  /** Opens (creating if needed) the persistent store in {@code directory}, default options. */
  public static Store open(Path directory) {
    return open(Config.defaults().with("store.storage", "file").with("store.location", directory));
  }

  /**
   * A new, empty, in-memory store. Its pages are in memory already, so its buffer pool is small
   * ({@code store.buffers} of the defaults is for file stores).
   */
  public static Store openMemory() {
    Config c = Config.defaults().with("store.storage", "memory");
    if (c.getString("store.buffers").equals("auto")) {
      c = c.with("store.buffers", "32MB");
    }
    return open(c);
  }

  /** True if {@code directory} holds a Quarry store. */
  public static boolean exists(Path directory) {
    return StoreDirectory.isStore(directory);
  }
}
