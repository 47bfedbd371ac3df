package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Store;
import dev.quarry.core.query.memory.MemoryPool;
import dev.quarry.core.query.memory.QueryMemory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Counting aggregates over one pattern, answered without rows (from the statistics and the indexes'
 * key prefixes) or by a scan that counts on ids, split across threads or not: each equal to ARQ's
 * answer over Jena's in-memory dataset, on random data, after inserts, deletes and bulk loads.
 */
class ScanAggregateTest {
  private static final String[] FROM_STATISTICS = {
    "SELECT (COUNT(*) AS ?n) { ?s ?p ?o }",
    "SELECT (COUNT(DISTINCT ?s) AS ?n) { ?s ?p ?o }",
    "SELECT (COUNT(DISTINCT ?p) AS ?n) { ?s ?p ?o }",
    "SELECT (COUNT(DISTINCT ?o) AS ?n) { ?s ?p ?o }",
    "SELECT (COUNT(*) AS ?n) { ?s <http://ex/p1> ?o }",
    "SELECT (COUNT(DISTINCT ?s) AS ?n) { ?s <http://ex/p2> ?o }",
    "SELECT (COUNT(DISTINCT ?o) AS ?n) { ?s <http://ex/p3> ?o }",
    "SELECT ?p (COUNT(*) AS ?n) { ?s ?p ?o } GROUP BY ?p",
    "SELECT ?p (COUNT(DISTINCT ?s) AS ?n) { ?s ?p ?o } GROUP BY ?p",
    "SELECT ?p (COUNT(DISTINCT ?o) AS ?n) { ?s ?p ?o } GROUP BY ?p",
  };

  private static final String[] SCANNED = {
    "SELECT ?s (COUNT(*) AS ?n) { ?s ?p ?o } GROUP BY ?s",
    "SELECT ?o (COUNT(?s) AS ?n) (COUNT(DISTINCT ?p) AS ?d) { ?s ?p ?o } GROUP BY ?o",
    "SELECT ?s (COUNT(DISTINCT ?o) AS ?n) { ?s <http://ex/p1> ?o } GROUP BY ?s",
    "SELECT ?o (COUNT(*) AS ?n) { ?s <http://ex/p2> ?o } GROUP BY ?o",
    "SELECT (COUNT(*) AS ?n) (COUNT(DISTINCT ?s) AS ?d) (COUNT(DISTINCT ?o) AS ?e) { ?s ?p ?o }",
    "SELECT ?p (COUNT(DISTINCT ?p) AS ?n) { ?s ?p ?o } GROUP BY ?p",
    "SELECT ?s (COUNT(*) AS ?n) { ?s <http://ex/none> ?o } GROUP BY ?s",
    "SELECT ?s (COUNT(*) AS ?n) FROM <http://ex/g1> { ?s ?p ?o } GROUP BY ?s",
    "SELECT (COUNT(DISTINCT ?o) AS ?n) FROM <http://ex/g1> { ?s ?p ?o }",
  };

  private TwinStores twins;

  @AfterEach
  void close() {
    System.clearProperty("quarry.exec.parallel-quads");
    System.clearProperty("quarry.exec.scan-threads");
    if (twins != null) {
      twins.close();
    }
  }

  private static List<Quad> random(Random rnd, int n, boolean named) {
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Node s = NodeFactory.createURI("http://ex/s" + rnd.nextInt(n / 4 + 1));
      Node p = NodeFactory.createURI("http://ex/p" + rnd.nextInt(7));
      Node o =
          switch (rnd.nextInt(3)) {
            case 0 -> NodeFactory.createURI("http://ex/s" + rnd.nextInt(n / 4 + 1));
            case 1 ->
                NodeFactory.createLiteralDT(
                    Integer.toString(rnd.nextInt(50)), XSDDatatype.XSDinteger);
            default -> NodeFactory.createLiteralString("v" + rnd.nextInt(n / 2 + 1));
          };
      Node g =
          named && rnd.nextInt(4) == 0
              ? NodeFactory.createURI("http://ex/g1")
              : Quad.defaultGraphIRI;
      quads.add(Quad.create(g, s, p, o));
    }
    return quads;
  }

  private void allAgree(String... queries) {
    for (String q : queries) {
      twins.sameAnswers(q);
    }
  }

  @Test
  void countsFromTheStatisticsFollowInsertsDeletesAndBulkLoads() {
    Random rnd = new Random(7);
    List<Quad> first = random(rnd, 3000, false);
    twins = new TwinStores(first);
    allAgree(FROM_STATISTICS);
    for (String q : FROM_STATISTICS) {
      String plan = twins.explain(q);
      assertTrue(
          plan.contains("statistics") || plan.contains("index"), "no row read for " + q + plan);
    }
    twins.add(random(rnd, 500, false));
    allAgree(FROM_STATISTICS);
    twins.delete(first.subList(0, 1200));
    allAgree(FROM_STATISTICS);
    twins.bulkLoad(random(rnd, 2000, false));
    allAgree(FROM_STATISTICS);
    // A named graph: the per-predicate statistics span graphs, so those are counted by a scan.
    twins.bulkLoad(random(rnd, 800, true));
    allAgree(FROM_STATISTICS);
    twins.delete(first.subList(1200, 3000));
    allAgree(FROM_STATISTICS);
  }

  @Test
  void parallelCountsEqualSerialOnesAndArqs() {
    Random rnd = new Random(11);
    twins = new TwinStores(random(rnd, 6000, true));
    for (int round = 0; round < 3; round++) {
      System.setProperty("quarry.exec.parallel-quads", "0");
      System.setProperty("quarry.exec.scan-threads", "4");
      allAgree(SCANNED);
      String plan = twins.explain(SCANNED[0]);
      assertTrue(plan.contains("scan and count") && plan.contains("4 threads"), plan);
      System.setProperty("quarry.exec.parallel-quads", Long.toString(Long.MAX_VALUE));
      allAgree(SCANNED);
      plan = twins.explain(SCANNED[0]);
      assertTrue(plan.contains("scan and count") && plan.contains("1 thread"), plan);
      twins.add(random(rnd, 700, true));
      twins.delete(random(new Random(11), 2000, true));
    }
  }

  private static final String[] DISTINCT = {
    "SELECT DISTINCT ?s { ?s ?p ?o }",
    "SELECT DISTINCT ?p { ?s ?p ?o }",
    "SELECT DISTINCT ?o { ?s ?p ?o }",
    "SELECT DISTINCT ?s { ?s <http://ex/p1> ?o }",
    "SELECT DISTINCT ?o { ?s <http://ex/p2> ?o }",
    "SELECT DISTINCT ?s FROM <http://ex/g1> { ?s ?p ?o }",
    "SELECT DISTINCT ?o FROM <http://ex/g1> { ?s <http://ex/p3> ?o }",
    "SELECT DISTINCT ?o { ?s <http://ex/none> ?o }",
  };

  @Test
  void distinctOfOneVariableIsReadFromSortedKeysWithoutASet() {
    Random rnd = new Random(3);
    twins = new TwinStores(random(rnd, 4000, false));
    allAgree(DISTINCT);
    for (String q : List.of(DISTINCT).subList(0, 5)) {
      assertTrue(twins.explain(q).contains("distinct ?"), twins.explain(q));
      assertTrue(!twins.explain(q).contains("pattern"), twins.explain(q));
    }
    twins.bulkLoad(random(rnd, 1500, true)); // a named graph: the graph is filtered
    allAgree(DISTINCT);
    twins.delete(random(new Random(3), 4000, false).subList(0, 2500));
    allAgree(DISTINCT);
    // REDUCED may keep duplicates: the same set of terms as ARQ's.
    String reduced = "SELECT REDUCED ?o { ?s <http://ex/p2> ?o }";
    assertEquals(twins.oracleSet(reduced), twins.quarry(reduced).keySet());
  }

  @Test
  void aScanThatOutgrowsTheQueryMemoryIsCountedByTheGeneralGroupBy(@TempDir Path spill) {
    twins = new TwinStores(random(new Random(5), 20000, false));
    String q = "SELECT ?o (COUNT(DISTINCT ?s) AS ?n) { ?s ?p ?o } GROUP BY ?o";
    Map<Map<String, Node>, Integer> want = twins.sameAnswers(q);
    assertTrue(twins.explain(q).contains("scan and count"), twins.explain(q));
    MemoryPool pool = new MemoryPool(1L << 30, spill);
    try (QueryMemory memory = pool.open(256 << 10)) {
      DatasetGraph dsg = twins.store().dataset();
      String plan =
          Txn.calculateRead(
              dsg,
              () -> Explain.run(QueryExec.dataset(dsg).query(q).set(Store.QUERY_MEMORY, memory)));
      assertTrue(plan.contains("too large for memory, counted by the general group by"), plan);
      assertEquals(want.size(), Integer.parseInt(plan.split(" rows")[0].trim()), plan);
      assertEquals(0, memory.reserved(), "the plan gave its memory back");
    }
  }
}
