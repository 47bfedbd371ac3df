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
    assertThrows(ConfigException.class, () -> PageStores.direct("sometimes", dir));
    assertEquals(FilePageStore.directSupported(dir), PageStores.direct("auto", dir));
  }
}
