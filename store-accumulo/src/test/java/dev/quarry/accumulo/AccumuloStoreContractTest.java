package dev.quarry.accumulo;

import dev.quarry.core.AbstractStoreContractTest;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;

/** What every store does, on the Accumulo backend (opened as users do, by configuration). */
@Tag("accumulo")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class AccumuloStoreContractTest extends AbstractStoreContractTest {
  @Override
  protected Store newStore() {
    Store s = Quarry.open(MiniCluster.newStoreConfig());
    Assertions.assertInstanceOf(AccumuloStore.class, s);
    return s;
  }
}
