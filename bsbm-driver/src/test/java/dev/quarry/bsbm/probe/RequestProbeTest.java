package dev.quarry.bsbm.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.server.QuarryServer;
import dev.quarry.server.ServerConfig;
import java.net.URI;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The request probe against the real server on loopback, over raw keep-alive connections. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RequestProbeTest {
  static Store store;
  static QuarryServer server;

  @BeforeAll
  static void start() throws Exception {
    store = Quarry.openMemory();
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(
        dsg,
        () -> {
          for (int i = 0; i < 300; i++) {
            dsg.add(
                Quad.defaultGraphIRI,
                NodeFactory.createURI("http://ex/s" + i),
                NodeFactory.createURI("http://ex/p"),
                NodeFactory.createLiteralString("value \"" + i + "\" \n é"));
          }
        });
    server = QuarryServer.start(store, ServerConfig.from(Config.defaults().with("server.port", 0)));
  }

  @AfterAll
  static void stop() {
    server.close();
    store.close();
  }

  @Test
  void everyProbeIsMeasuredAndReadToTheEnd() throws Exception {
    RequestProbe probe = new RequestProbe("application/sparql-results+json", 3, 20, 4);
    long oneRow = 0;
    for (RequestProbe.Probe p : RequestProbe.PROBES) {
      for (int connections : new int[] {1, 3}) {
        RequestProbe.Figure f = probe.measure("quarry", server.endpoint(), p, connections);
        assertEquals(connections * (p.large() ? 5 : 20), f.requests(), p.name());
        assertTrue(f.p50Ms() > 0 && f.p99Ms() >= f.p50Ms(), p.name());
        assertTrue(f.requestsPerSecond() > 0);
        assertTrue(f.bytes() > 0);
        if (p.name().equals("1 row")) {
          oneRow = f.bytes();
        }
        if (p.name().equals("100 rows")) {
          assertTrue(f.bytes() > 50 * oneRow / 2, "100 rows read whole: " + f.bytes());
        }
      }
    }
  }

  @Test
  void queriesFromAFileAreProbedByName() throws Exception {
    List<RequestProbe.Probe> probes =
        RequestProbe.read(
            List.of(
                "# a comment",
                "",
                "count\tSELECT (COUNT(*) AS ?n) { ?s ?p ?o }",
                "ASK { ?s ?p ?o }"));
    assertEquals(2, probes.size());
    assertEquals("count", probes.get(0).name());
    assertEquals("ASK { ?s ?p ?o }", probes.get(1).name());
    RequestProbe probe = new RequestProbe("application/sparql-results+json", 1, 5, 1);
    RequestProbe.Figure f = probe.measure("quarry", server.endpoint(), probes.get(0), 1);
    assertEquals(5, f.requests());
    assertTrue(f.bytes() > 0);
    assertThrows(IllegalArgumentException.class, () -> RequestProbe.read(List.of("#")));
  }

  @Test
  void anErrorStatusFailsTheProbe() {
    RequestProbe probe = new RequestProbe("application/sparql-results+json", 1, 1, 1);
    URI wrong = URI.create("http://127.0.0.1:" + server.port() + "/nothing-here");
    ExecutionException e =
        assertThrows(
            ExecutionException.class,
            () -> probe.measure("quarry", wrong, RequestProbe.PROBES.getFirst(), 1));
    assertTrue(e.getCause().getMessage().contains("404"), e.getCause().getMessage());
  }
}
