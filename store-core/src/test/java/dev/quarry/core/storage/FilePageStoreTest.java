package dev.quarry.core.storage;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

class FilePageStoreTest {
  @Nested
  class OneFile extends AbstractPageStoreTest {
    @TempDir Path dir;

    @Override
    protected PageStore open() throws Exception {
      return FilePageStore.open(List.of(dir), false);
    }

    @Override
    protected PageStore reopen() throws Exception {
      store.close();
      return open();
    }
  }

  @Nested
  class DirectIo extends AbstractPageStoreTest {
    @TempDir Path dir;

    @Override
    protected PageStore open() throws Exception {
      // Where the file system refuses O_DIRECT (tmpfs), this runs buffered: the same contract.
      return FilePageStore.open(List.of(dir), FilePageStore.directSupported(dir));
    }

    @Override
    protected PageStore reopen() throws Exception {
      store.close();
      return open();
    }
  }

  @Nested
  class StripedOverThreeFiles extends AbstractPageStoreTest {
    @TempDir Path dir;

    private List<Path> dirs() {
      return List.of(dir.resolve("a"), dir.resolve("b"), dir.resolve("c"));
    }

    @Override
    protected PageStore open() throws Exception {
      return FilePageStore.open(dirs(), false);
    }

    @Override
    protected PageStore reopen() throws Exception {
      store.close();
      return open();
    }
  }
}
