package dev.quarry.core.storage;

import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
import dev.quarry.core.config.ProcessMemory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** Opens the page store the configuration describes: {@code store.storage} and its options. */
public final class PageStores {
  private PageStores() {}

  /** The page store of a store that is being written from nothing (a restore). */
  public static PageStore open(Config c) throws IOException {
    return open(c, 0);
  }

  /**
   * The page store, for a buffer pool of {@code poolBytes}: with {@code store.direct-io: auto},
   * whether it reads past the OS cache depends on what the pool and the heap leave of memory.
   */
  public static PageStore open(Config c, long poolBytes) throws IOException {
    return switch (StorageKind.parse(c.getString("store.storage"))) {
      case MEMORY -> new MemoryPageStore();
      case FILE -> {
        List<Path> dirs = new ArrayList<>();
        dirs.add(Path.of(c.getString("store.location")));
        for (String d : c.getString("store.stripe-dirs").split(",")) {
          if (!d.isBlank()) {
            dirs.add(Path.of(d.trim()));
          }
        }
        long cacheRoom = ProcessMemory.limit() - ProcessMemory.heap() - poolBytes;
        yield FilePageStore.open(dirs, direct(c.getString("store.direct-io"), dirs, cacheRoom));
      }
    };
  }

  /**
   * {@code true}, {@code false}, or {@code auto}: direct where the file system allows it and the
   * store's files (as it opens) are larger than {@code cacheRoom}, the memory left to the OS cache
   * beside the heap and the pool. There a page the pool holds would take memory twice, so the OS
   * cache is better left to the term file, which is read through it (BSBM 100M in a 2 GB cgroup, 16
   * clients: 15 % fewer bytes read from the device, 3 % more QMpH). A store that fits keeps its
   * pages in the OS cache too, where they outlive a restart.
   */
  static boolean direct(String option, List<Path> dirs, long cacheRoom) {
    return switch (option.trim().toLowerCase(Locale.ROOT)) {
      case "true", "yes", "on" -> true;
      case "false", "no", "off" -> false;
      case "auto" ->
          bytesUnder(dirs) > Math.max(0, cacheRoom) && FilePageStore.directSupported(dirs.get(0));
      default ->
          throw new ConfigException(
              "option 'store.direct-io' must be true, false or auto, got '" + option + "'");
    };
  }

  /** The bytes of the files under {@code dirs}: pages, terms, text index. */
  static long bytesUnder(List<Path> dirs) {
    long bytes = 0;
    for (Path d : dirs) {
      if (!Files.isDirectory(d)) {
        continue;
      }
      try (Stream<Path> files = Files.walk(d)) {
        bytes += files.filter(Files::isRegularFile).mapToLong(PageStores::size).sum();
      } catch (IOException | RuntimeException e) {
        // a file went while walking: this directory counts as empty, and the rule errs to buffered
      }
    }
    return bytes;
  }

  private static long size(Path f) {
    try {
      return Files.size(f);
    } catch (IOException e) {
      return 0;
    }
  }
}
