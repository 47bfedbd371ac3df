package dev.quarry.core.jena;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.sse.SSE;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;

class UnionDefaultGraphTest {
  private static long count(Store store, String query) {
    DatasetGraph dsg = store.dataset();
    return Txn.calculateRead(
        dsg,
        () -> {
          try (QueryExecution qe =
              QueryExecution.dataset(DatasetFactory.wrap(dsg)).query(query).build()) {
            return qe.execSelect().next().getLiteral("n").getLong();
          }
        });
  }

  private static void fill(Store store) {
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(
        dsg,
        () -> {
          dsg.add(SSE.parseQuad("(<http://g1> <http://s> <http://p> 1)"));
          dsg.add(SSE.parseQuad("(<http://g2> <http://s> <http://p> 1)")); // the same triple again
          dsg.add(SSE.parseQuad("(<http://g2> <http://s> <http://p> 2)"));
          dsg.add(SSE.parseQuad("(_ <http://s> <http://p> 3)"));
        });
  }

  @Test
  void patternsOutsideGraphMatchTheConfiguredDefaultGraph() {
    try (Store plain = Quarry.openMemory();
        Store union =
            Quarry.open(
                Config.defaults()
                    .with("store.storage", "memory")
                    .with("store.default-graph", "union"))) {
      fill(plain);
      fill(union);
      String q = "SELECT (COUNT(*) AS ?n) { ?s ?p ?o }";
      assertEquals(1, count(plain, q), "the default graph's own triple");
      assertEquals(2, count(union, q), "each distinct triple of the named graphs once");
      String named = "SELECT (COUNT(*) AS ?n) { GRAPH ?g { ?s ?p ?o } }";
      assertEquals(3, count(union, named));
    }
  }

  @Test
  void anyOtherValueIsRefused() {
    assertThrows(
        ConfigException.class,
        () ->
            Quarry.open(
                Config.defaults()
                    .with("store.storage", "memory")
                    .with("store.default-graph", "all")));
  }
}
