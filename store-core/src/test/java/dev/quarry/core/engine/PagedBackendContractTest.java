package dev.quarry.core.engine;

import dev.quarry.core.Quarry;
import dev.quarry.core.config.Config;
import dev.quarry.core.index.spi.AbstractQuadBackendContractTest;
import dev.quarry.core.index.spi.QuadBackend;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

/** The index SPI's contract on the paged engine, over both page stores. */
class PagedBackendContractTest {
  @Nested
  class Memory extends AbstractQuadBackendContractTest {
    private PagedStore store;

    @Override
    protected QuadBackend open() {
      store = (PagedStore) Quarry.openMemory();
      return store.engine();
    }

    @Override
    protected void close() {
      store.close();
    }
  }

  @Nested
  class File extends AbstractQuadBackendContractTest {
    @TempDir Path dir;
    private PagedStore store;

    @Override
    protected QuadBackend open() {
      store =
          (PagedStore)
              Quarry.open(
                  Config.defaults()
                      .with("store.location", dir.resolve("s"))
                      .with("store.buffers", 256));
      return store.engine();
    }

    @Override
    protected void close() {
      store.close();
    }
  }
}
