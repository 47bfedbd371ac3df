package dev.quarry.core;

import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
import dev.quarry.core.storage.StorageKind;
import dev.quarry.core.storage.StoreDirectory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

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
 * <p>{@code store.backend} chooses the backend among the {@link StoreProvider}s on the class path:
 * {@code paged}, the engine in store-core, whose {@code store.storage} chooses its page store,
 * {@code file} (a directory) or {@code memory}.
 */
public final class Quarry {
  private Quarry() {}

  /** Opens the store the configuration describes ({@code store.*} options). */
  public static Store open(Config config) {
    String backend = config.getString("store.backend").trim();
    List<String> known = new ArrayList<>();
    for (StoreProvider p : ServiceLoader.load(StoreProvider.class, Quarry.class.getClassLoader())) {
      if (p.name().equals(backend)) {
        return p.open(config);
      }
      known.add(p.name());
    }
    throw new ConfigException(
        "option 'store.backend' is '" + backend + "'; the backends here are " + known);
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

  /**
   * True if the store the configuration describes exists already: its directory holds a store (a
   * memory store never exists before it is opened).
   */
  public static boolean exists(Config config) {
    boolean file = StorageKind.parse(config.getString("store.storage")) == StorageKind.FILE;
    return file && exists(Path.of(config.getString("store.location")));
  }

  /** True if {@code directory} holds a Quarry store. */
  public static boolean exists(Path directory) {
    return StoreDirectory.isStore(directory);
  }
}
