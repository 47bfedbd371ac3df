package dev.quarry.core.storage;

import dev.quarry.core.config.ConfigException;
import java.util.Locale;

/** Where a store keeps its data: the {@code store.storage} option. */
public enum StorageKind {
  /** Persistent, in a directory. */
  FILE,
  /** In memory, gone when the store is closed. */
  MEMORY;

  public static StorageKind parse(String s) {
    return switch (s.trim().toLowerCase(Locale.ROOT)) {
      case "file" -> FILE;
      case "memory" -> MEMORY;
      default ->
          throw new ConfigException(
              "option 'store.storage' must be file or memory, got '" + s + "'");
    };
  }
}
