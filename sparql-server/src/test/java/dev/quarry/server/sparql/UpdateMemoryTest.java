package dev.quarry.server.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.query.memory.MemoryPool;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import org.apache.jena.update.UpdateFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An update's WHERE runs within the server's query memory, spilling past it like a query. */
class UpdateMemoryTest {
  @TempDir Path dir;

  @Test
  void anUpdatesWhereSpillsPastItsShareAndGivesItBack() {
    MemoryPool pool = new MemoryPool(1L << 30, dir.resolve("spill"));
    try (Store store = Quarry.openMemory()) {
      StringBuilder data = new StringBuilder("PREFIX : <http://ex/> INSERT DATA {");
      for (int i = 0; i < 2_000; i++) {
        data.append(" :s").append(i).append(" :type :T").append(i % 4).append(" .");
      }
      UpdateService updates =
          new UpdateService(
              store,
              false,
              false,
              List.of(),
              Duration.ZERO,
              new MemoryLimits(pool, 1 << 20),
              TextLimits.DEFAULTS);
      updates.execute(UpdateFactory.create(data.append(" }").toString()), 0);
      // 4 types of 500 subjects: a million pairs, sorted before they are inserted.
      updates.execute(
          UpdateFactory.create(
              "PREFIX : <http://ex/> INSERT { ?a :before ?b } WHERE { SELECT ?a ?b { ?a :type ?t ."
                  + " ?b :type ?t FILTER(STR(?a) < STR(?b)) } ORDER BY ?a ?b LIMIT 300000 }"),
          0);
      assertTrue(pool.spilled() > 0, "the WHERE's sort spilled past 1 MB");
      assertEquals(0, pool.used(), "the update gave its memory back");
      DatasetGraph dsg = store.dataset();
      long n =
          Txn.calculateRead(
              dsg,
              () -> {
                Object v =
                    QueryExec.dataset(dsg)
                        .query("SELECT (COUNT(*) AS ?n) { ?a <http://ex/before> ?b }")
                        .select()
                        .next()
                        .get("n")
                        .getLiteralValue();
                return ((Number) v).longValue();
              });
      assertEquals(300_000, n, "every row of the sorted WHERE was inserted");
    }
  }
}
