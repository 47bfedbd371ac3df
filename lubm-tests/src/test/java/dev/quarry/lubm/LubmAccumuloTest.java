package dev.quarry.lubm;

import dev.quarry.accumulo.MiniCluster;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;

/**
 * The 45 checks through the Jena API on a store whose tables are in Accumulo (a MiniAccumuloCluster
 * with two tablet servers on loopback): the same executor and inference over another backend.
 */
@Tag("accumulo")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class LubmAccumuloTest extends AbstractLubmSuite {
  static Store store;
  static EmbeddedTarget target;

  @BeforeAll
  static void open() {
    store = Quarry.open(MiniCluster.newStoreConfig());
    target = new EmbeddedTarget(store);
  }

  @AfterAll
  static void close() {
    store.close();
  }

  @Override
  protected LubmTarget target() {
    return target;
  }
}
