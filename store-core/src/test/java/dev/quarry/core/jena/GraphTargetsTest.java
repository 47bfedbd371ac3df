package dev.quarry.core.jena;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.sse.SSE;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Which graphs of a query run on Quarry's id executor, and which are left to ARQ. */
class GraphTargetsTest {
  private Store store;
  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

  @BeforeEach
  void open() {
    store = Quarry.openMemory();
    store.bindTo(meters);
    Txn.executeWrite(
        store.dataset(),
        () -> {
          for (int i = 0; i < 5; i++) {
            store
                .dataset()
                .add(SSE.parseQuad("(<http://g1> <http://s" + i + "> <http://p> " + i + ")"));
            store.dataset().add(SSE.parseQuad("(<http://g2> <http://s" + i + "> <http://p> 9)"));
            store.dataset().add(SSE.parseQuad("(_ <http://s" + i + "> <http://p> 7)"));
          }
        });
  }

  @AfterEach
  void close() {
    store.close();
  }

  private long operators(String executor) {
    return (long)
        meters.get("quarry.query.operators").tag("executor", executor).functionCounter().count();
  }

  /** Runs a query; returns its rows, and checks which executor its pattern ran on. */
  private long rows(String query, boolean onIds) {
    long ids = operators("ids");
    long arq = operators("arq");
    long n =
        Txn.calculateRead(
            store.dataset(),
            () -> {
              try (QueryExec qe = QueryExec.dataset(store.dataset()).query(query).build()) {
                long count = 0;
                for (var rs = qe.select(); rs.hasNext(); rs.next()) {
                  count++;
                }
                return count;
              }
            });
    assertEquals(onIds ? 1 : 0, operators("ids") - ids, query);
    // ARQ counts each operator it evaluates (the GRAPH, then its pattern), so at least one.
    assertEquals(onIds, operators("arq") - arq == 0, query);
    return n;
  }

  @Test
  void theDefaultGraphANamedGraphAndOneFromGraphRunOnIds() {
    assertEquals(5, rows("SELECT * { ?s <http://p> ?o }", true));
    assertEquals(5, rows("SELECT * { GRAPH <http://g1> { ?s <http://p> ?o } }", true));
    assertEquals(5, rows("SELECT * FROM <http://g1> { ?s <http://p> ?o }", true));
    assertEquals(
        1, rows("SELECT * FROM <http://g2> { ?s <http://p> ?o FILTER(?s = <http://s1>) }", true));
  }

  @Test
  void severalFromGraphsAndTheUnionGraphAreLeftToArq() {
    assertEquals(
        10, rows("SELECT * FROM <http://g1> FROM <http://g2> { ?s <http://p> ?o }", false));
    assertEquals(10, rows("SELECT * { GRAPH <urn:x-arq:UnionGraph> { ?s <http://p> ?o } }", false));
  }
}
