package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.CheckReport;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process killed with SIGKILL while a bulk load past its memory merges its sorted runs and builds
 * the indexes: after a restart the store is its previous commit exactly (each load there whole or
 * not at all), and the indexes agree. See {@link CrashWorker#bigLoad}.
 */
@Tag("slow") // ./mvnw verify -Pslow; CI runs it
@Timeout(600)
class LoadCrashTest {
  @TempDir Path dir;

  private static Store open(Path store) {
    return Quarry.open(Config.defaults().with("store.location", store).with("store.buffers", 512));
  }

  @Test
  void aKillDuringTheMergeOrBuildLeavesThePreviousCommit() throws Exception {
    Path store = dir.resolve("store");
    try (Store s = open(store);
        Store.BulkLoad base = s.bulkLoad()) {
      for (int i = 0; i < 5_000; i++) {
        base.add(
            Quad.create(
                Quad.defaultGraphIRI,
                CrashWorker.subject(i),
                CrashWorker.P,
                NodeFactory.createLiteralString("base " + i)));
      }
      base.commit();
    }
    Random rnd = new Random(24);
    long expected = 5_000;
    int killedInFinish = 0;
    Path said = dir.resolve("worker-out.txt");
    for (int round = 0; round < 6; round++) {
      Files.deleteIfExists(said);
      Process worker =
          CrashRecoveryTest.worker(store, "bigload", Integer.toString(round))
              .redirectOutput(said.toFile()) // read after the kill, which closes a pipe
              .start();
      List<String> lines = List.of();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (lines.isEmpty() && System.nanoTime() < deadline && worker.isAlive()) {
        Thread.sleep(5);
        lines = Files.readAllLines(said);
      }
      assertTrue(
          !lines.isEmpty() && lines.get(0).startsWith("finishing "),
          "round " + round + ": " + lines);
      assertTrue(Long.parseLong(lines.get(0).substring(10)) > 0, "the load spilled: " + lines);
      Thread.sleep(rnd.nextInt(400)); // somewhere in the merge, the build or the commit
      worker.destroyForcibly(); // SIGKILL
      assertTrue(worker.waitFor(30, TimeUnit.SECONDS));
      boolean committed = Files.readAllLines(said).contains("committed");
      try (Store s = open(store)) {
        CheckReport report = s.check();
        assertTrue(report.sound(), "round " + round + ": " + report);
        DatasetGraph dsg = s.dataset();
        Node g = NodeFactory.createURI("http://crash/g" + round);
        long inGraph =
            Txn.calculateRead(dsg, () -> Iter.count(dsg.find(g, Node.ANY, Node.ANY, Node.ANY)));
        // Acknowledged: in the store. Not acknowledged: whole or absent (a kill between the commit
        // point and the acknowledgement leaves it whole).
        assertTrue(
            inGraph == CrashWorker.BIG_LOAD || (!committed && inGraph == 0),
            "round " + round + ": " + inGraph + " quads of the load, acknowledged: " + committed);
        killedInFinish += inGraph == 0 ? 1 : 0;
        expected += inGraph;
        assertEquals(expected, s.stats().quads(), "round " + round);
      }
    }
    assertTrue(killedInFinish >= 2, "only " + killedInFinish + " kills landed before the commit");
  }
}
