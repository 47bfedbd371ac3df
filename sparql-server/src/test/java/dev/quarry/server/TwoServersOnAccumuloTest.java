package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.accumulo.MiniCluster;
import dev.quarry.core.Quarry;
import dev.quarry.core.config.Config;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.sse.SSE;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two Quarry servers, each with its own connection, over the same tables of one Accumulo instance
 * (a MiniAccumuloCluster with two tablet servers): what one commits the other answers with, and
 * writes through either wait for each other (the instance-wide writer lock), losing nothing.
 */
@Tag("accumulo")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class TwoServersOnAccumuloTest {
  private static final String ASK = "ASK { <http://ex/s> <http://ex/p> %s }";

  private static boolean ask(TestServer server, String object) throws Exception {
    HttpResponse<String> r =
        server.query(String.format(ASK, object), "application/sparql-results+json");
    assertEquals(200, r.statusCode(), r.body());
    return r.body().contains("true");
  }

  @Test
  void eachServerSeesTheOthersCommits() throws Exception {
    Config shared = MiniCluster.newStoreConfig();
    try (TestServer a = new TestServer(Quarry.open(shared), "update.enabled=true");
        TestServer b = new TestServer(Quarry.open(shared), "update.enabled=true")) {
      assertFalse(ask(b, "1"));
      assertEquals(2, a.update("INSERT DATA { <http://ex/s> <http://ex/p> 1 }").statusCode() / 100);
      assertTrue(ask(b, "1"), "b answers with a's commit");
      assertEquals(2, b.update("INSERT DATA { <http://ex/s> <http://ex/p> 2 }").statusCode() / 100);
      assertTrue(ask(a, "2"), "a answers with b's commit");
      assertEquals(2, b.update("DELETE DATA { <http://ex/s> <http://ex/p> 1 }").statusCode() / 100);
      assertFalse(ask(a, "1"), "a sees b's delete");

      // A write held open on a's store: b neither sees it nor writes until it commits.
      DatasetGraph dsg = a.store.dataset();
      dsg.begin(ReadWrite.WRITE);
      dsg.add(SSE.parseQuad("(_ <http://ex/s> <http://ex/p> 3)"));
      // a reads its own write: its cells are in the tables now, under a transaction not committed
      assertTrue(dsg.contains(SSE.parseQuad("(_ <http://ex/s> <http://ex/p> 3)")));
      CompletableFuture<Integer> bWrites =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return b.update("INSERT DATA { <http://ex/s> <http://ex/p> 4 }").statusCode();
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      assertFalse(ask(b, "3"), "an uncommitted write is seen by no one else");
      Thread.sleep(500);
      assertFalse(bWrites.isDone(), "b's write waits for the writer lock a holds");
      dsg.commit();
      dsg.end();
      assertEquals(2, bWrites.get(60, TimeUnit.SECONDS) / 100);
      for (TestServer s : new TestServer[] {a, b}) {
        assertTrue(ask(s, "3") && ask(s, "4") && ask(s, "2") && !ask(s, "1"));
      }
    }
  }
}
