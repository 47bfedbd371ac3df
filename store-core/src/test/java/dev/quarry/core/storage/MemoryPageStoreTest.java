package dev.quarry.core.storage;

class MemoryPageStoreTest extends AbstractPageStoreTest {
  @Override
  protected PageStore open() {
    return new MemoryPageStore();
  }

  @Override
  protected PageStore reopen() {
    return null;
  }
}
