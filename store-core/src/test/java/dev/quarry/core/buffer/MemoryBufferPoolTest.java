package dev.quarry.core.buffer;

import dev.quarry.core.storage.MemoryPageStore;
import dev.quarry.core.storage.PageStore;

class MemoryBufferPoolTest extends AbstractBufferPoolTest {
  @Override
  protected PageStore newStore() {
    return new MemoryPageStore();
  }
}
