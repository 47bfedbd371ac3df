package dev.quarry.core.storage;

import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Opens the page store the configuration describes: {@code store.storage} and its options. */
public final class PageStores {
  private PageStores() {}

  public static PageStore open(Config c) throws IOException {
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
        yield FilePageStore.open(dirs, direct(c.getString("store.direct-io"), dirs.get(0)));
      }
    };
  }

  /** {@code true}, {@code false}, or {@code auto}: direct where the file system allows it. */
  static boolean direct(String option, Path dir) {
    return switch (option.trim().toLowerCase(Locale.ROOT)) {
      case "true", "yes", "on" -> true;
      case "false", "no", "off" -> false;
      case "auto" -> FilePageStore.directSupported(dir);
      default ->
          throw new ConfigException(
              "option 'store.direct-io' must be true, false or auto, got '" + option + "'");
    };
  }
}
