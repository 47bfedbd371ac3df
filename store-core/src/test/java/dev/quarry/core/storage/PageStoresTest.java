package dev.quarry.core.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PageStoresTest {
  @TempDir Path dir;

  @Test
  void theConfigurationChoosesTheStore() throws Exception {
    try (PageStore m = PageStores.open(Config.defaults().withOverride("store.storage=memory"))) {
      assertInstanceOf(MemoryPageStore.class, m);
    }
    Config file =
        Config.defaults()
            .with("store.location", dir.resolve("main"))
            .with("store.stripe-dirs", dir.resolve("s1") + ", " + dir.resolve("s2"));
    try (PageStore f = PageStores.open(file)) {
      assertEquals(3, f.devices());
      assertFalse(((FilePageStore) f).direct(), "buffered by default");
    }
    assertTrue(Files.exists(dir.resolve("s2").resolve(FilePageStore.FILE_NAME)));
  }

  @Test
  void directIoOptionIsChecked() {
    List<Path> dirs = List.of(dir);
    assertThrows(ConfigException.class, () -> PageStores.direct("sometimes", dirs, 0));
    assertTrue(PageStores.direct("true", dirs, Long.MAX_VALUE));
    assertFalse(PageStores.direct("off", dirs, 0));
  }

  @Test
  void autoGoesDirectOnlyForAStoreLargerThanTheOsCacheItWouldGet() throws Exception {
    Path store = dir.resolve("store");
    Files.createDirectories(store.resolve("text"));
    Files.write(store.resolve("terms.dat"), new byte[3000]);
    Files.write(store.resolve("text").resolve("segment"), new byte[1000]);
    Path stripe = dir.resolve("stripe");
    Files.createDirectories(stripe);
    Files.write(stripe.resolve(FilePageStore.FILE_NAME), new byte[4000]);
    List<Path> dirs = List.of(store, stripe, dir.resolve("not-made-yet"));
    assertEquals(8000, PageStores.bytesUnder(dirs), "every file under every directory");
    boolean supported = FilePageStore.directSupported(store);
    assertEquals(supported, PageStores.direct("auto", dirs, 7999), "larger than the room");
    assertFalse(PageStores.direct("auto", dirs, 8000), "fits");
    assertFalse(PageStores.direct("auto", List.of(dir.resolve("new")), 0), "a new store");
    assertEquals(List.of(), leftovers(store), "the probe leaves nothing behind");
  }

  private static List<Path> leftovers(Path store) throws Exception {
    try (var files = Files.list(store)) {
      return files.filter(f -> f.getFileName().toString().startsWith(".odirect")).toList();
    }
  }

  @Test
  void aStoreOpenedWithTheDefaultsInRoomyMemoryIsBuffered() throws Exception {
    Config file = Config.defaults().with("store.location", dir.resolve("main"));
    try (PageStore f = PageStores.open(file, 1 << 20)) {
      assertFalse(((FilePageStore) f).direct(), "a small store fits in the OS cache");
    }
  }
}
