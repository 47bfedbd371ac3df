package dev.quarry.server.train;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.io.Loader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AOT cache's training workload trains on what it claims to: every query of queries.rq parses,
 * runs on the generated catalogue and, over a few draws of its parameters, finds something (a
 * training query that always comes back empty would leave the joins after its first pattern
 * untrained); and the whole run, server and HTTP included, succeeds and cleans up after itself.
 */
@Timeout(120)
class TrainingRunTest {
  @TempDir Path dir;

  @Test
  void everyTrainingQueryRunsOnTheCatalogueAndFindsSomething() throws Exception {
    TrainingData data = new TrainingData(300);
    Path file = dir.resolve("catalogue.nt");
    long triples = data.write(file);
    List<String> lines = Files.readAllLines(file);
    assertEquals(triples, lines.size());
    Config c =
        Config.defaults().with("store.storage", "file").with("store.location", dir.resolve("s"));
    TrainingRun run = new TrainingRun(data, 1, Duration.ZERO);
    List<String> templates = TrainingRun.templates();
    assertTrue(templates.size() >= 20, templates.size() + " queries");
    try (Store store = Quarry.open(c)) {
      Loader.loadFiles(store, List.of(file), null, Loader.Progress.NONE);
      // a product may draw a feature twice: the store holds each triple once
      assertEquals(lines.stream().distinct().count(), store.stats().quads());
      SplittableRandom r = new SplittableRandom(1);
      for (String template : templates) {
        long found = 0;
        for (int draw = 0; draw < 20; draw++) {
          String text = run.fill(template, r);
          assertTrue(!text.contains("%"), "every parameter filled: " + text);
          Query q = QueryFactory.create(text);
          found += Txn.calculateRead(store.dataset(), () -> count(store, q));
        }
        assertTrue(found > 0, "nothing found in 20 draws of\n" + template);
      }
    }
  }

  @Test
  void theRunServesAndQueriesOverHttpAndLeavesNothingBehind() throws Exception {
    Path tmp = dir.resolve("tmp");
    Files.createDirectories(tmp);
    String before = System.getProperty("java.io.tmpdir");
    System.setProperty("java.io.tmpdir", tmp.toString());
    try {
      TrainingRun.Result r = new TrainingRun(new TrainingData(200), 2, Duration.ofSeconds(2)).run();
      assertTrue(r.triples() > 10_000, r.triples() + " triples");
      assertTrue(r.requests() > 50, r.requests() + " requests"); // each one answered 2xx
      assertTrue(r.bytes() > 0);
    } finally {
      System.setProperty("java.io.tmpdir", before);
    }
    try (var left = Files.list(tmp)) {
      assertEquals(List.of(), left.toList(), "the temporary store is removed");
    }
  }

  private static long count(Store store, Query q) {
    try (QueryExec qe = QueryExec.dataset(store.dataset()).query(q).build()) {
      if (q.isSelectType()) {
        long n = 0;
        for (var rows = qe.select(); rows.hasNext(); rows.next()) {
          n++;
        }
        return n;
      }
      if (q.isAskType()) {
        return qe.ask() ? 1 : 0;
      }
      return q.isDescribeType() ? qe.describe().size() : qe.construct().size();
    }
  }
}
