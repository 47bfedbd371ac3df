package dev.quarry.accumulo;

import dev.quarry.core.Store;
import dev.quarry.core.StoreProvider;
import dev.quarry.core.config.Config;

/** Registers the Accumulo backend ({@code store.storage: accumulo}) with Quarry. */
public final class AccumuloStoreProvider implements StoreProvider {
  @Override
  public String name() {
    return "accumulo";
  }

  @Override
  public Store open(Config config) {
    return AccumuloStore.open(config);
  }

  @Override
  public boolean exists(Config config) {
    return AccumuloStore.exists(config);
  }
}
