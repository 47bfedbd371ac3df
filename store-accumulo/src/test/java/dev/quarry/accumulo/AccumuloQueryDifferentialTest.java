package dev.quarry.accumulo;

import dev.quarry.core.Store;
import dev.quarry.core.query.QueryDifferentialTest;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;

/**
 * Random queries on the Accumulo backend answer as ARQ does on Jena's in-memory dataset: Quarry's
 * executor on ids, unchanged, over tables on a real instance.
 */
@Tag("accumulo")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class AccumuloQueryDifferentialTest extends QueryDifferentialTest {
  @Override
  protected Store newStore() {
    return AccumuloStore.open(MiniCluster.newStoreConfig());
  }
}
