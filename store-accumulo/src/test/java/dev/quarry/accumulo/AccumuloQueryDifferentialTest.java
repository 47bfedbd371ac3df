package dev.quarry.accumulo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.quarry.core.Store;
import dev.quarry.core.query.QueryDifferentialTest;
import java.util.concurrent.TimeUnit;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.sse.SSE;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Random queries on the Accumulo backend answer as ARQ does on Jena's in-memory dataset: Quarry's
 * executor on ids, unchanged, over tables on a real instance (the queries are the inherited tests).
 */
@Tag("accumulo")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class AccumuloQueryDifferentialTest extends QueryDifferentialTest {
  @Override
  protected Store newStore() {
    return AccumuloStore.open(MiniCluster.newStoreConfig());
  }

  /** The stores the inherited tests compare are Accumulo's: what they write is in its tables. */
  @Test
  void theDifferentialRunsOnAccumulo() {
    try (Store store = newStore()) {
      AccumuloStore acc = assertInstanceOf(AccumuloStore.class, store);
      Quad q = SSE.parseQuad("(<http://ex/g> <http://ex/s> <http://ex/p> <http://ex/o>)");
      Txn.executeWrite(store.dataset(), () -> store.dataset().add(q));
      long cells = 0;
      try (var scan =
          acc.client().createScanner(acc.tables().quads.get(Order.PSOG), Authorizations.EMPTY)) {
        for (var e : scan) {
          cells++;
        }
      } catch (TableNotFoundException e) {
        throw new AssertionError(e);
      }
      assertEquals(1, cells, "the quad is a cell of the instance's PSOG table");
      acc.drop();
    }
  }
}
