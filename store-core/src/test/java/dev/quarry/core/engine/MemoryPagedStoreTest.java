package dev.quarry.core.engine;

import dev.quarry.core.AbstractStoreContractTest;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;

class MemoryPagedStoreTest extends AbstractStoreContractTest {
  @Override
  protected Store newStore() {
    return Quarry.openMemory();
  }
}
