package dev.quarry.core;

import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
import dev.quarry.core.storage.StoreDirectory;
import dev.quarry.core.storage.StoreFormats;
import java.io.IOException;
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
    return provider(backendOf(config)).open(config);
  }

  /**
   * The backend the configuration chooses: {@code store.backend}, or {@code accumulo} when {@code
   * store.storage} says so (the store then lives in an Accumulo instance, not in pages).
   */
  static String backendOf(Config config) {
    if (config.getString("store.storage").trim().equalsIgnoreCase(ACCUMULO)) {
      return ACCUMULO;
    }
    return config.getString("store.backend").trim();
  }

  private static final String ACCUMULO = "accumulo";

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
    return provider(backendOf(config)).exists(config);
  }

  /**
   * Builds a new store in {@code directory} (which must hold none) from the physical backup {@code
   * file} and the backups it follows, found beside it ({@link Backup}); returns the manifest of the
   * state restored. On failure the directory holds an unusable partial store: delete it.
   */
  public static Backup.Manifest restore(Path file, Path directory) throws IOException {
    Config config =
        Config.defaults().with("store.storage", "file").with("store.location", directory);
    return provider(config.getString("store.backend").trim()).restore(file, config);
  }

  /** The backup files of the default backend (the paged engine's: the one that takes backups). */
  public static Backup.Files backupFiles() {
    return provider(Config.defaults().getString("store.backend").trim()).backupFiles();
  }

  private static StoreProvider provider(String backend) {
    List<String> known = new ArrayList<>();
    for (StoreProvider p : ServiceLoader.load(StoreProvider.class, Quarry.class.getClassLoader())) {
      if (p.name().equals(backend)) {
        return p;
      }
      known.add(p.name());
    }
    throw new ConfigException(
        "option 'store.backend' is '" + backend + "'; the backends here are " + known);
  }

  /**
   * Upgrades the store in {@code directory} in place to this Quarry's format, if it is in an older
   * one this Quarry upgrades in place (see {@code StoreFormats}); with {@code copyAside}, first
   * copies its files there (a directory that must not exist), which the older Quarry still opens.
   * Returns the format it was in. The store must not be open.
   */
  public static String upgrade(Path directory, Path copyAside) throws IOException {
    return StoreDirectory.upgradeInPlace(directory, copyAside);
  }

  /** The on-disk format this Quarry reads and writes. */
  public static final String FORMAT = StoreFormats.CURRENT;

  /** The on-disk format of the store in {@code directory}, or null if it holds none. */
  public static String formatOf(Path directory) throws IOException {
    return StoreDirectory.formatOf(directory);
  }

  /** True if {@code directory} holds a Quarry store. */
  public static boolean exists(Path directory) {
    return StoreDirectory.isStore(directory);
  }
}
