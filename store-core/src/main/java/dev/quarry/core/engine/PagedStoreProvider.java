package dev.quarry.core.engine;

import dev.quarry.core.Backup;
import dev.quarry.core.Store;
import dev.quarry.core.StoreProvider;
import dev.quarry.core.config.Config;
import java.io.IOException;
import java.nio.file.Path;

/** Registers the paged engine with {@link dev.quarry.core.Quarry} (as backend {@code paged}). */
public final class PagedStoreProvider implements StoreProvider {
  @Override
  public String name() {
    return "paged";
  }

  @Override
  public Store open(Config config) {
    return PagedStore.open(config);
  }

  @Override
  public Backup.Manifest restore(Path file, Config config) throws IOException {
    return BackupRestore.restore(file, config);
  }

  @Override
  public Backup.Files backupFiles() {
    return new BackupFormat();
  }
}
