package dev.quarry.bsbm.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.server.QuarryServer;
import dev.quarry.server.ServerConfig;
import java.util.concurrent.TimeUnit;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The load generator against the real server on loopback: it counts answers and 503s apart, keeps
 * the latencies of the answers, and reads a process's resident memory.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClosedLoopLoadTest {
  private static Store store() {
    Store store = Quarry.openMemory();
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(
        dsg,
        () -> {
          for (int i = 0; i < 300; i++) {
            dsg.add(
                Quad.defaultGraphIRI,
                NodeFactory.createURI("http://ex/s" + i),
                NodeFactory.createURI("http://ex/p"),
                NodeFactory.createLiteralString("v" + i));
          }
        });
    return store;
  }

  private static QuarryServer serve(Store store, String... options) throws Exception {
    Config c = Config.defaults().with("server.port", 0);
    for (String o : options) {
      c = c.withOverride(o);
    }
    return QuarryServer.start(store, ServerConfig.from(c));
  }

  @Test
  void answersAreCountedAndTimedAndMemoryRead() throws Exception {
    try (Store store = store();
        QuarryServer server = serve(store)) {
      ClosedLoopLoad load =
          new ClosedLoopLoad(
              server.endpoint(), "application/sparql-results+json", ProcessHandle.current().pid());
      ClosedLoopLoad.Figure f = load.run("SELECT ?p ?o WHERE { <http://ex/s1> ?p ?o }", 3, 0.5);
      assertEquals(3, f.clients());
      assertTrue(f.ok() > 10, "answers: " + f.ok());
      assertEquals(0, f.wrong(), "every answer is the reference answer");
      assertEquals(0, f.busy());
      assertEquals(0, f.otherStatus());
      assertEquals(0, f.failedConnections());
      assertTrue(f.p50Ms() > 0 && f.p50Ms() <= f.p99Ms(), f.toString());
      assertTrue(f.throughput() > 0);
      assertTrue(f.rssBeforeKb() > 0 && f.rssAfterKb() > 0, "this process's RSS was read");
    }
  }

  @Test
  void anAnswerThatIsNotTheReferenceIsCountedWrong() throws Exception {
    try (Store store = store();
        QuarryServer server = serve(store)) {
      ClosedLoopLoad load = new ClosedLoopLoad(server.endpoint(), "text/csv", 0);
      // The answer is the moment of asking: after the reference's millisecond, never the same.
      ClosedLoopLoad.Figure f = load.run("SELECT (NOW() AS ?t) { }", 2, 0.5);
      assertTrue(f.ok() > 10, f.toString());
      assertTrue(f.wrong() > f.ok() / 2, f.toString());
    }
  }

  @Test
  void pastTheServersQueueTheBusyAnswersAreCountedApart() throws Exception {
    try (Store store = store();
        QuarryServer server = serve(store, "server.query-threads=1", "server.queued-requests=1")) {
      ClosedLoopLoad load = new ClosedLoopLoad(server.endpoint(), "text/csv", 0);
      // 90,000 rows to count: long enough that eight clients overrun one thread and one slot.
      ClosedLoopLoad.Figure f = load.run("SELECT (COUNT(*) AS ?n) { ?a ?p ?b . ?c ?q ?d }", 8, 1.0);
      assertTrue(f.ok() > 0, "some answered: " + f);
      assertTrue(f.busy() > 0, "some were turned away with 503: " + f);
      assertEquals(0, f.wrong());
      assertEquals(0, f.otherStatus());
      assertEquals(-1, f.rssBeforeKb(), "no process id given: no RSS");
    }
  }
}
