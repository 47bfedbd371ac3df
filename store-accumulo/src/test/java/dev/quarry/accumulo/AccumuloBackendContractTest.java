package dev.quarry.accumulo;

import dev.quarry.core.index.spi.AbstractQuadBackendContractTest;
import dev.quarry.core.index.spi.QuadBackend;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;

/** The index SPI's contract on the Accumulo backend, on a real instance. */
@Tag("accumulo")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class AccumuloBackendContractTest extends AbstractQuadBackendContractTest {
  private AccumuloStore store;

  @Override
  protected QuadBackend open() {
    store = AccumuloStore.open(MiniCluster.newStoreConfig());
    return store.quadBackend();
  }

  @Override
  protected void close() {
    store.drop();
    store.close();
  }
}
