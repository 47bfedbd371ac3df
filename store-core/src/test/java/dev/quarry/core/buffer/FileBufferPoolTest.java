package dev.quarry.core.buffer;

import dev.quarry.core.storage.FilePageStore;
import dev.quarry.core.storage.PageStore;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

class FileBufferPoolTest extends AbstractBufferPoolTest {
  @TempDir Path dir;

  @Override
  protected PageStore newStore() throws Exception {
    return FilePageStore.open(List.of(dir), FilePageStore.directSupported(dir));
  }
}
