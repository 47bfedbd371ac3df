package dev.quarry.core.query.plan;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.query.Explain;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;

/**
 * The planner's counts are kept across queries for the commit they were made on only: after a
 * commit, and in a writer's own state, a pattern is estimated from the quads that state holds.
 */
class KeptCountsTest {
  private static final Node S = NodeFactory.createURI("http://ex/s");
  private static final Node P = NodeFactory.createURI("http://ex/p");
  private static final String QUERY = "SELECT ?o { <http://ex/s> <http://ex/p> ?o }";

  @Test
  void aCountIsReadOnlyForTheCommitItWasMadeOn() {
    try (Store store = Quarry.openMemory()) {
      DatasetGraph ds = store.dataset();
      add(ds, 0, 3);
      for (int i = 0; i < 3; i++) { // made once, then kept
        assertEstimated(3, Txn.calculateRead(ds, () -> explain(ds)));
      }
      add(ds, 3, 2);
      assertEstimated(5, Txn.calculateRead(ds, () -> explain(ds)));
      Txn.executeWrite(
          ds,
          () -> {
            ds.add(Quad.defaultGraphIRI, S, P, NodeFactory.createURI("http://ex/o-writer"));
            assertEstimated(6, explain(ds));
            ds.add(Quad.defaultGraphIRI, S, P, NodeFactory.createURI("http://ex/o-writer2"));
            assertEstimated(7, explain(ds)); // a writer's state changes: nothing of it is kept
          });
      assertEstimated(7, Txn.calculateRead(ds, () -> explain(ds)));
    }
  }

  private static String explain(DatasetGraph ds) {
    return Explain.run(QueryExec.dataset(ds).query(QUERY));
  }

  private static void assertEstimated(int rows, String explained) {
    assertTrue(explained.contains("[" + rows + " / " + rows + "]"), explained);
  }

  private static void add(DatasetGraph ds, int from, int n) {
    Txn.executeWrite(
        ds,
        () -> {
          for (int i = from; i < from + n; i++) {
            ds.add(Quad.defaultGraphIRI, S, P, NodeFactory.createURI("http://ex/o" + i));
          }
        });
  }
}
