package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Explain shows the reads each operator made itself: on a store reopened with a pool far smaller
 * than its pages and no warm-up, the pattern reads pages and the string filter reads term records
 * from the term file; on the same query again, the terms come from the term cache.
 */
class ExplainReadsTest {
  @TempDir Path dir;

  private Store open() {
    return Quarry.open(
        Config.defaults()
            .with("store.location", dir.toString())
            .with("store.buffers", 256)
            .with("store.warm-up", false));
  }

  @Test
  void eachOperatorShowsTheReadsItMade() {
    try (Store store = open()) {
      DatasetGraph dsg = store.dataset();
      Txn.executeWrite(
          dsg,
          () -> {
            for (int i = 0; i < 80_000; i++) {
              dsg.add(
                  Quad.create(
                      Quad.defaultGraphIRI,
                      NodeFactory.createURI("http://ex/s" + i),
                      NodeFactory.createURI("http://ex/p"),
                      NodeFactory.createLiteralString("v" + i + " some words to fill pages")));
            }
          });
    }
    String query = "SELECT ?s { ?s <http://ex/p> ?o FILTER(STRSTARTS(?o, \"v79\")) }";
    try (Store store = open()) {
      DatasetGraph dsg = store.dataset();
      String cold = Txn.calculateRead(dsg, () -> Explain.run(QueryExec.dataset(dsg).query(query)));
      assertTrue(line(cold, "pattern").matches(".*\\(\\d+ pages read.*"), cold);
      assertTrue(line(cold, "filter").matches(".*\\d+ term reads\\)"), cold);
      String again = Txn.calculateRead(dsg, () -> Explain.run(QueryExec.dataset(dsg).query(query)));
      assertFalse(line(again, "filter").contains("term reads"), again);
    }
  }

  /** The plan line that starts with {@code operator}. */
  private static String line(String plan, String operator) {
    return Arrays.stream(plan.split("\n"))
        .filter(l -> l.strip().startsWith(operator))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + operator + " in " + plan));
  }
}
