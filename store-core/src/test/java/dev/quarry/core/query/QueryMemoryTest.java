package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.query.memory.MemoryPool;
import dev.quarry.core.query.memory.QueryMemory;
import dev.quarry.core.query.memory.QueryMemoryExceeded;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.QueryExecBuilder;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Queries bounded in memory: ORDER BY, DISTINCT, GROUP BY and hash joins over a million rows, under
 * a 16 MB and a 1 MB budget, give ARQ's answers (ORDER BY in ARQ's order), spill to disk doing so,
 * and leave no memory reserved and no file behind; what cannot spill fails naming the limit.
 */
@Tag("slow") // ./mvnw verify -Pslow; CI runs it
@Timeout(600)
class QueryMemoryTest {
  private static final String EX = "http://ex/";
  private static final int SUBJECTS = 20_000;
  private static final int TYPES = 400; // 50 subjects a type: a self-join on type gives 1M rows
  private static final int KINDS = 2_000; // 10 a kind: 200,000 rows

  private static Store store;
  private static DatasetGraph oracle;
  @TempDir static Path spillDir;

  @BeforeAll
  static void load() {
    Random rnd = new Random(7);
    List<Quad> quads = new ArrayList<>();
    for (int s = 0; s < SUBJECTS; s++) {
      Node subject = NodeFactory.createURI(EX + "s" + s);
      quads.add(triple(subject, "kind", NodeFactory.createURI(EX + "K" + rnd.nextInt(KINDS))));
      quads.add(triple(subject, "type", NodeFactory.createURI(EX + "T" + rnd.nextInt(TYPES))));
      quads.add(
          triple(subject, "name", NodeFactory.createLiteralString("name " + rnd.nextInt(500))));
      quads.add(
          triple(
              subject,
              "price",
              rnd.nextBoolean()
                  ? NodeFactory.createLiteralDT(
                      Integer.toString(rnd.nextInt(1000)), XSDDatatype.XSDinteger)
                  : NodeFactory.createLiteralDT(rnd.nextInt(1000) + ".5", XSDDatatype.XSDdecimal)));
      if (s >= 5) { // s0..s4 have no link: an OPTIONAL leaves ?x unbound for them
        quads.add(triple(subject, "link", NodeFactory.createURI(EX + "s" + rnd.nextInt(SUBJECTS))));
      }
    }
    oracle = DatasetGraphFactory.createTxnMem();
    Txn.executeWrite(oracle, () -> quads.forEach(oracle::add));
    store = Quarry.openMemory();
    DatasetGraph dsg = store.dataset();
    Txn.executeWrite(dsg, () -> quads.forEach(dsg::add));
  }

  private static Quad triple(Node s, String p, Node o) {
    return Quad.create(Quad.defaultGraphIRI, s, NodeFactory.createURI(EX + p), o);
  }

  @AfterAll
  static void close() {
    store.close();
  }

  private static final String PREFIX = "PREFIX : <" + EX + "> ";

  private static final Map<String, Answers> ORACLE = new ConcurrentHashMap<>();

  /** Each heavy operator over about a million rows; ordered ones are compared in order. */
  private static final List<String> QUERIES =
      List.of(
          "SELECT ?a ?b { ?a :type ?t . ?b :type ?t } ORDER BY ?b DESC(?a)",
          "SELECT ?a ?p { ?a :type ?t . ?b :type ?t . ?b :price ?p } ORDER BY ?p ?a ?b",
          "SELECT ?a ?n { ?a :kind ?k . ?b :kind ?k . ?b :name ?n } ORDER BY (STRLEN(?n) + 0) ?a ?n",
          "SELECT DISTINCT ?a ?n { ?a :type ?t . ?b :type ?t . ?b :name ?n }",
          "SELECT ?a ?p (COUNT(*) AS ?c) (MIN(STR(?b)) AS ?m) { ?a :kind ?k . ?b :kind ?k . ?b :price"
              + " ?p } GROUP BY ?a ?p",
          "SELECT ?a (SUM(?p) AS ?sum) (COUNT(DISTINCT ?b) AS ?n) { ?a :type ?t . ?b :type ?t . ?b"
              + " :price ?p } GROUP BY ?a",
          "SELECT * { ?a :name ?n { SELECT ?a ?b { ?a :type ?t . ?b :type ?t } } }",
          "SELECT * { ?s :type ?t OPTIONAL { ?s :link ?x } { SELECT ?x (COUNT(*) AS ?c) { ?y :link ?x }"
              + " GROUP BY ?x } }");

  @ParameterizedTest
  @ValueSource(ints = {16384, 1024})
  void heavyOperatorsUnderABudgetGiveARQsAnswersAndSpill(int kilobytes) throws IOException {
    MemoryPool pool = new MemoryPool(1L << 30, spillDir.resolve("pool-" + kilobytes));
    for (String q : QUERIES) {
      String query = PREFIX + q;
      boolean ordered = query.contains("ORDER BY");
      long spilledBefore = pool.spilled();
      Answers got;
      try (QueryMemory memory = pool.open((long) kilobytes << 10)) {
        got =
            answers(
                store.dataset(),
                () ->
                    QueryExec.dataset(store.dataset()).query(query).set(Store.QUERY_MEMORY, memory),
                ordered);
        assertEquals(0, memory.reserved(), "the plan gave its memory back: " + q);
      }
      // ARQ's answers, computed once for both budgets (about half the test's time).
      Answers want =
          ORACLE.computeIfAbsent(
              query, k -> answers(oracle, () -> QueryExec.dataset(oracle).query(k), ordered));
      assertEquals(want, got, q);
      assertTrue(want.rows > 10_000, "the query is heavy: " + want.rows + " rows: " + q);
      // At 16 MB, a sort of 200,000 rows and a join with 13,000 groups fit.
      if (kilobytes <= 1024 || !(q.contains("STRLEN") || q.contains("OPTIONAL"))) {
        assertTrue(pool.spilled() > spilledBefore, "the query spilled: " + q);
      }
      assertEquals(0, pool.used(), "nothing is left reserved in the pool");
      assertEquals(List.of(), filesLeft(pool), "no spill file is left: " + q);
    }
  }

  /**
   * A deadline reached inside a heavy operator (while it sorts, builds its set, groups or
   * partitions, in memory or on disk) stops the query within a second of it, and the query's memory
   * and files are given back. The queries take seconds; the deadline is 200 ms.
   */
  @ParameterizedTest
  @ValueSource(ints = {16384, 1024})
  void aDeadlineStopsEachHeavyOperatorWithinASecond(int kilobytes) throws IOException {
    MemoryPool pool = new MemoryPool(1L << 30, spillDir.resolve("deadline-" + kilobytes));
    for (String q : QUERIES) {
      if (q.contains("OPTIONAL") || q.contains("STRLEN")) {
        continue; // too quick to meet a deadline
      }
      long start = System.nanoTime();
      try (QueryMemory memory = pool.open((long) kilobytes << 10)) {
        assertThrows(
            QueryCancelledException.class,
            () ->
                answers(
                    store.dataset(),
                    () ->
                        QueryExec.dataset(store.dataset())
                            .query(PREFIX + q)
                            .timeout(200, TimeUnit.MILLISECONDS)
                            .set(Store.QUERY_MEMORY, memory),
                    false),
            q);
        assertEquals(0, memory.reserved(), "the stopped plan gave its memory back: " + q);
      }
      long ms = (System.nanoTime() - start) / 1_000_000;
      assertTrue(ms < 1_200, "stopped " + (ms - 200) + " ms after its deadline: " + q);
      assertEquals(0, pool.used(), "nothing is left reserved in the pool");
      assertEquals(List.of(), filesLeft(pool), "no spill file is left: " + q);
    }
  }

  @Test
  void explainSaysWhichOperatorsWentToDisk() {
    MemoryPool pool = new MemoryPool(1L << 30, spillDir.resolve("explain"));
    DatasetGraph dsg = store.dataset();
    for (int i = 0; i < 4; i++) {
      String q = PREFIX + QUERIES.get(i == 3 ? 6 : i == 2 ? 4 : i);
      String said = i == 3 ? "partitioned on disk" : i == 2 ? "grouped on disk" : "on disk";
      try (QueryMemory memory = pool.open(1L << 20)) {
        String plan =
            Txn.calculateRead(
                dsg,
                () -> Explain.run(QueryExec.dataset(dsg).query(q).set(Store.QUERY_MEMORY, memory)));
        assertTrue(plan.contains("past memory") && plan.contains(said), plan);
      }
    }
  }

  @Test
  void whatCannotSpillFailsNamingTheLimit() {
    MemoryPool pool = new MemoryPool(1L << 30, spillDir.resolve("fails"));
    String query = PREFIX + "SELECT * { ?a :type ?t MINUS { ?a :type ?t . ?b :type ?t } }";
    try (QueryMemory memory = pool.open(1L << 20)) {
      QueryMemoryExceeded e =
          assertThrows(
              QueryMemoryExceeded.class,
              () ->
                  answers(
                      store.dataset(),
                      () ->
                          QueryExec.dataset(store.dataset())
                              .query(query)
                              .set(Store.QUERY_MEMORY, memory),
                      false));
      assertTrue(e.getMessage().contains("limits.query-memory: 1 MB"), e.getMessage());
      assertTrue(e.getMessage().contains("MINUS"), e.getMessage());
    }
    assertEquals(0, pool.used(), "a failed query gives its memory back");
  }

  @Test
  void aQueryStoppedEarlyGivesItsMemoryAndFilesBack() throws IOException {
    MemoryPool pool = new MemoryPool(1L << 30, spillDir.resolve("early"));
    try (QueryMemory memory = pool.open(1L << 20)) {
      DatasetGraph dsg = store.dataset();
      Txn.executeRead(
          dsg,
          () -> {
            try (QueryExec qe =
                QueryExec.dataset(dsg)
                    .query(PREFIX + "SELECT ?a ?b { ?a :type ?t . ?b :type ?t } ORDER BY ?a ?b")
                    .set(Store.QUERY_MEMORY, memory)
                    .build()) {
              RowSet rows = qe.select();
              for (int i = 0; i < 10; i++) {
                rows.next(); // the sort has run and spilled; the rest is never read
              }
            }
          });
      assertTrue(pool.spilled() > 0, "the sort spilled");
      assertEquals(0, memory.reserved(), "closing the query closed its plan");
    }
    assertEquals(List.of(), filesLeft(pool), "no spill file is left");
  }

  /** The spill files left (none if no spill ever made the directory). */
  private static List<Path> filesLeft(MemoryPool pool) throws IOException {
    if (!Files.isDirectory(pool.spillDirectory())) {
      return List.of();
    }
    try (Stream<Path> left = Files.list(pool.spillDirectory())) {
      return left.toList();
    }
  }

  /** A result as its row count and a hash of its rows, in order or as a multiset. */
  private record Answers(long rows, long hash) {}

  private static Answers answers(
      DatasetGraph dsg, Supplier<QueryExecBuilder> exec, boolean ordered) {
    return Txn.calculateRead(
        dsg,
        () -> {
          long n = 0;
          long hash = 0;
          try (QueryExec qe = exec.get().build()) {
            RowSet rows = qe.select();
            List<Var> vars = rows.getResultVars();
            while (rows.hasNext()) {
              Binding b = rows.next();
              long h = 1;
              for (Var v : vars) {
                Node node = b.get(v);
                h = h * 1_000_003 + (node == null ? 0 : node.toString().hashCode());
              }
              h *= 0x9E3779B97F4A7C15L;
              hash = ordered ? hash * 31 + h : hash + h;
              n++;
            }
          }
          return new Answers(n, hash);
        });
  }
}
