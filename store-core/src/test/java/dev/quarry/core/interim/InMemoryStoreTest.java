package dev.quarry.core.interim;

import dev.quarry.core.AbstractStoreContractTest;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;

class InMemoryStoreTest extends AbstractStoreContractTest {
  @Override
  protected Store newStore() {
    return Quarry.openMemory();
  }
}
