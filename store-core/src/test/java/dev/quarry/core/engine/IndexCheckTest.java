package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.CheckReport;
import dev.quarry.core.Quarry;
import dev.quarry.core.btree.BTree;
import dev.quarry.core.btree.Cursor;
import dev.quarry.core.index.QuadOrder;
import dev.quarry.core.txn.WriteTxn;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.sse.SSE;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;

class IndexCheckTest {
  @Test
  void aQuadMissingFromOneIndexIsReported() {
    try (PagedStore store = (PagedStore) Quarry.openMemory()) {
      DatasetGraph dsg = store.dataset();
      Txn.executeWrite(
          dsg,
          () -> {
            for (int i = 0; i < 50; i++) {
              dsg.add(SSE.parseQuad("(<http://g> <http://s" + i + "> <http://p> " + i + ")"));
            }
          });
      assertTrue(store.check().sound());

      // Break it behind the engine's back: take one row out of POGS only.
      WriteTxn w = store.transactions().beginWrite();
      BTree pogs = store.indexes().tree(QuadOrder.POGS);
      int slot = store.indexes().slot(QuadOrder.POGS);
      long[] row = new long[4];
      try (Cursor c = pogs.scan(w.root(slot), new long[4], new long[] {-1L, -1L, -1L, -1L})) {
        c.next();
        c.copy(row);
      }
      w.setRoot(slot, pogs.delete(w.allocator(pogs.owner()), w.root(slot), row));
      w.markChanged();
      store.transactions().commit(w);

      CheckReport report = store.check();
      assertFalse(report.sound());
      assertTrue(
          report.problems().stream().anyMatch(p -> p.contains("POGS")),
          report.problems().toString());
    }
  }
}
