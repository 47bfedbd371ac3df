package dev.quarry.lubm;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.io.Loader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.jena.graph.NodeFactory;

/**
 * The LUBM benchmark (not part of the build's tests): generates LUBM(N), loads it into a fresh file
 * store, then times each of the 14 queries in the open-coded and physical forms, cold (the first
 * run after the store is reopened) and warm (the median of five further runs), and prints a
 * Markdown table. The inference form waits for query-time inference.
 *
 * <pre>
 * ./mvnw -q install -DskipTests
 * ./mvnw -q -pl lubm-tests exec:java -Dexec.mainClass=dev.quarry.lubm.LubmBenchmark -Dexec.args="10"
 * </pre>
 */
public final class LubmBenchmark {
  private LubmBenchmark() {}

  public static void main(String[] args) throws IOException {
    int universities = args.length > 0 ? Integer.parseInt(args[0]) : 1;
    Path dir = Files.createTempDirectory("quarry-lubm");
    Path data = dir.resolve("lubm.nt.gz");
    System.err.printf("Generating LUBM(%d) ...%n", universities);
    long triples = LubmGenerator.generate(universities, 0, data, true);
    Config config =
        Config.defaults().with("store.location", dir.resolve("store")).with("store.buffers", "2GB");
    long loadStart = System.nanoTime();
    try (Store store = Quarry.open(config)) {
      Loader.Result r =
          Loader.loadFiles(
              store,
              List.of(data),
              NodeFactory.createURI(LubmQueries.LUBM_GRAPH),
              (n, t) -> System.err.printf("\r  loading: %,d triples", n));
      System.err.println();
      EmbeddedTarget t = new EmbeddedTarget(store);
      t.update(LubmQueries.CLOSURE_STEP);
      System.out.printf(
          "LUBM(%d): %,d triples generated, loaded in %.1f s (%,.0f triples/s)%n%n",
          universities, triples, r.elapsed().toNanos() / 1e9, r.statementsPerSecond());
    }
    double loadSeconds = (System.nanoTime() - loadStart) / 1e9;
    double[][] open = time(config, LubmQueries.Form.OPEN_CODED, false);
    try (Store store = Quarry.open(config)) {
      LubmQueries.entailmentInserts().forEach(new EmbeddedTarget(store)::update);
    }
    double[][] physical = time(config, LubmQueries.Form.PHYSICAL, true);
    System.out.println(
        "| query | rows | open-coded cold ms | open-coded warm ms | physical cold ms | physical warm ms |");
    System.out.println("| --- | ---: | ---: | ---: | ---: | ---: |");
    for (int q = 1; q <= 14; q++) {
      System.out.printf(
          "| Q%d | %d | %.1f | %.1f | %.1f | %.1f |%n",
          q,
          (long) open[q - 1][2],
          open[q - 1][0],
          open[q - 1][1],
          physical[q - 1][0],
          physical[q - 1][1]);
    }
    System.out.printf(
        "%n(load and the closure step: %.1f s; inference form: not yet supported)%n", loadSeconds);
  }

  /** Per query: cold ms, warm median ms, rows. */
  private static double[][] time(Config config, LubmQueries.Form form, boolean physical) {
    double[][] out = new double[14][3];
    try (Store store = Quarry.open(config)) {
      EmbeddedTarget t = new EmbeddedTarget(store);
      for (int q = 1; q <= 14; q++) {
        String query = LubmQueries.query(q, form);
        // Counting in an outer query keeps result writing out of the timing; FROM moves outside.
        String inner = query.substring(query.indexOf("SELECT")).replace(" FROM <lubm>", "");
        String count = "SELECT (COUNT(*) AS ?n) FROM <lubm> { " + inner + " }";
        String prologue = query.substring(0, query.indexOf("SELECT"));
        String timed = prologue + count;
        long start = System.nanoTime();
        long rows = t.count(timed);
        out[q - 1][0] = (System.nanoTime() - start) / 1e6;
        double[] warm = new double[5];
        for (int i = 0; i < warm.length; i++) {
          long s = System.nanoTime();
          t.count(timed);
          warm[i] = (System.nanoTime() - s) / 1e6;
        }
        Arrays.sort(warm);
        out[q - 1][1] = warm[2];
        out[q - 1][2] = rows;
      }
    }
    return out;
  }
}
