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
 * run after the store is reopened) and warm (the median of five further runs) in each of the three
 * forms (open-coded, query-time inference from {@code <inf>}, physical after the entailment
 * inserts), and prints a Markdown table.
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
      LubmData.loadSchema(store);
      EmbeddedTarget t = new EmbeddedTarget(store);
      t.update(LubmQueries.CLOSURE_STEP);
      System.out.printf(
          "LUBM(%d): %,d triples generated, loaded in %.1f s (%,.0f triples/s)%n%n",
          universities, triples, r.elapsed().toNanos() / 1e9, r.statementsPerSecond());
    }
    double loadSeconds = (System.nanoTime() - loadStart) / 1e9;
    double[][] open = time(config, LubmQueries.Form.OPEN_CODED);
    double[][] inferred = time(config, LubmQueries.Form.INFERENCE);
    try (Store store = Quarry.open(config)) {
      LubmQueries.entailmentInserts().forEach(new EmbeddedTarget(store)::update);
    }
    double[][] physical = time(config, LubmQueries.Form.PHYSICAL);
    System.out.println(
        "| query | rows | open-coded cold / warm ms | inference cold / warm ms"
            + " | physical cold / warm ms |");
    System.out.println("| --- | ---: | ---: | ---: | ---: |");
    for (int q = 1; q <= 14; q++) {
      double[] o = open[q - 1];
      double[] i = inferred[q - 1];
      double[] p = physical[q - 1];
      String rows =
          o[2] == i[2] && o[2] == p[2]
              ? String.valueOf((long) o[2])
              : String.format("%d / %d / %d", (long) o[2], (long) i[2], (long) p[2]);
      System.out.printf(
          "| Q%d | %s | %.1f / %.1f | %.1f / %.1f | %.1f / %.1f |%n",
          q, rows, o[0], o[1], i[0], i[1], p[0], p[1]);
    }
    System.out.printf(
        "%n(rows given as open / inference / physical where they differ: a UNION without DISTINCT"
            + " counts a match once per branch, entailment once; load, schema and the closure"
            + " step: %.1f s)%n",
        loadSeconds);
  }

  /** Per query: cold ms, warm median ms, rows. */
  private static double[][] time(Config config, LubmQueries.Form form) {
    String inference = form == LubmQueries.Form.INFERENCE ? LubmQueries.INF_GRAPH : null;
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
        long rows = t.count(timed, inference);
        out[q - 1][0] = (System.nanoTime() - start) / 1e6;
        double[] warm = new double[5];
        for (int i = 0; i < warm.length; i++) {
          long s = System.nanoTime();
          t.count(timed, inference);
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
