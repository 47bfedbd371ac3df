package dev.quarry.core.engine;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Stores for Jena's contract tests, which make many: each gets a small pool, all are closed. */
public final class TestStores {
  private final boolean file;
  private final List<Store> open = new ArrayList<>();
  private final List<Path> dirs = new ArrayList<>();

  public TestStores(boolean file) {
    this.file = file;
  }

  public Store create() {
    Config c = Config.defaults().with("store.buffers", 512);
    if (file) {
      try {
        Path dir = Files.createTempDirectory("quarry-contract");
        dirs.add(dir);
        c = c.with("store.storage", "file").with("store.location", dir);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    } else {
      c = c.with("store.storage", "memory");
    }
    Store s = Quarry.open(c);
    open.add(s);
    return s;
  }

  public void closeAll() throws IOException {
    for (Store s : open) {
      s.close();
    }
    open.clear();
    for (Path d : dirs) {
      try (var files = Files.walk(d)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
    dirs.clear();
  }
}
