package dev.quarry.core.engine;

import dev.quarry.core.query.Explain;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import java.util.concurrent.TimeUnit;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.system.Txn;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Representative joins through Quarry's executor on BSBM-shaped data (3,000 products, about 1.1
 * million quads, resident), vectored (a chunk of rows becomes one sorted batch lookup) and not
 * ({@code quarry.exec.vectored=false}: one index descent per row, as before vectoring): a
 * selective star, a range filter over a numeric property, a 3-way join through offers and vendors,
 * and a star of two large sides (merge-joined unless {@code quarry.exec.merge=false}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx4g"})
public class JoinBenchmark {
  private static final String PREFIXES =
      "PREFIX bsbm: <" + BsbmLikeData.NS + "vocabulary/>\n"
          + "PREFIX inst: <" + BsbmLikeData.NS + "instances/>\n"
          + "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n";

  /** Products of one type (1 in 150), four properties each. */
  static final String STAR =
      PREFIXES
          + "SELECT * { ?p a inst:ProductType7 ; rdfs:label ?l ; bsbm:productPropertyNumeric1 ?n1 ;"
          + " bsbm:productPropertyNumeric2 ?n2 ; bsbm:producer ?producer }";

  /** Products with a feature whose numeric property lies in a tenth of its range. */
  static final String RANGE =
      PREFIXES
          + "SELECT ?p ?l { ?p bsbm:productFeature inst:ProductFeature5 ;"
          + " bsbm:productPropertyNumeric1 ?n ; rdfs:label ?l . FILTER(?n > 500 && ?n <= 700) }";

  /** The offers of a feature's products and their vendors: feature -> product -> offer -> vendor. */
  static final String THREE_WAY =
      PREFIXES
          + "SELECT ?p ?offer ?vendor { ?p bsbm:productFeature inst:ProductFeature5 ."
          + " ?offer bsbm:product ?p . ?offer bsbm:vendor ?vendor }";

  /** Every offer (60,000) with its product: two large sides sharing the subject. */
  static final String LARGE_STAR =
      PREFIXES + "SELECT ?o ?p { ?o a bsbm:Offer . ?o bsbm:product ?p }";

  /** The same two sides counted: the join alone, no rows leave the executor. */
  static final String LARGE_STAR_COUNT =
      PREFIXES + "SELECT (COUNT(*) AS ?n) { ?o a bsbm:Offer . ?o bsbm:product ?p }";

  @Param({"star", "range", "threeWay", "largeStar", "largeStarCount"})
  String query;

  @Param({"true", "false"})
  String vectored;

  /** {@code quarry.exec.merge}: false plans no merge joins (compare with -p merge=true,false). */
  @Param({"true"})
  String merge;

  Store store;
  String text;
  long rows;

  @Setup(Level.Trial)
  public void load() {
    System.setProperty("quarry.exec.vectored", vectored);
    System.setProperty("quarry.exec.merge", merge);
    store =
        Quarry.open(Config.defaults().with("store.storage", "memory").with("store.buffers", "1GB"));
    try (Store.BulkLoad bulk = store.bulkLoad()) {
      BsbmLikeData.generate(3000, 1, bulk::add);
      bulk.commit();
    }
    text =
        switch (query) {
          case "star" -> STAR;
          case "range" -> RANGE;
          case "largeStar" -> LARGE_STAR;
          case "largeStarCount" -> LARGE_STAR_COUNT;
          default -> THREE_WAY;
        };
    rows = run();
    if (rows == 0) {
      throw new IllegalStateException(query + " found nothing: the benchmark would measure nothing");
    }
    // The plan measured, so that a figure can be read against how the query ran.
    System.out.println(
        Txn.calculateRead(
            store.dataset(),
            () -> Explain.run(QueryExec.dataset(store.dataset()).query(text))));
    System.out.printf("%n%s: %d rows%n", query, rows);
  }

  @TearDown(Level.Trial)
  public void close() {
    store.close();
    System.clearProperty("quarry.exec.vectored");
    System.clearProperty("quarry.exec.merge");
  }

  @Benchmark
  public long join() {
    return run();
  }

  private long run() {
    return Txn.calculateRead(
        store.dataset(),
        () -> {
          long n = 0;
          try (QueryExec qe = QueryExec.dataset(store.dataset()).query(text).build()) {
            RowSet rs = qe.select();
            while (rs.hasNext()) {
              rs.next();
              n++;
            }
          }
          return n;
        });
  }
}
