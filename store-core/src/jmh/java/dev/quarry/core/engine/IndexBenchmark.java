package dev.quarry.core.engine;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.btree.BTree;
import dev.quarry.core.btree.Cursor;
import dev.quarry.core.btree.RowSort;
import dev.quarry.core.config.Config;
import dev.quarry.core.dict.InlineValues;
import dev.quarry.core.index.QuadIndexes;
import dev.quarry.core.index.QuadOrder;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.jena.graph.NodeFactory;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The index layer on BSBM-shaped data (3,000 products, about 1.1 million quads), resident: a point
 * lookup in PSOG; 1,024 sorted lookups as single lookups and as one vectored batch, for keys spread
 * over the whole index, for keys clustered (one in six rows of a stretch of the index), and for
 * the keys a join sends (one predicate, every second subject in order); and
 * 1,024 (P, S, O in a range) probes as one batch and as one cursor each.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx4g"})
public class IndexBenchmark {
  static final int BATCH = 1024;

  Store store;
  BTree psog;
  long root;
  long[] sample; // rows of PSOG
  int sampleCount;
  long[] randomKeys = new long[BATCH * 4];
  long[] clusteredKeys = new long[BATCH * 4];
  long[] joinKeys = new long[BATCH * 4]; // one predicate, every second subject in order
  long[] rangeLo = new long[BATCH * 4];
  long[] rangeHi = new long[BATCH * 4];
  int next;
  long found;

  @Setup(Level.Trial)
  public void load() {
    store = Quarry.open(Config.defaults().with("store.storage", "memory").with("store.buffers", "1GB"));
    try (Store.BulkLoad bulk = store.bulkLoad()) {
      BsbmLikeData.generate(3000, 1, bulk::add);
      bulk.commit();
    }
    PagedStore ps = (PagedStore) store;
    QuadIndexes ix = ps.indexes();
    psog = ix.tree(QuadOrder.PSOG);
    var state = ps.transactions().current();
    root = ix.root(state.roots().values(), QuadOrder.PSOG);
    long hashRoot = ps.dictionary().hashRoot(state);
    sampleCount = (int) Math.min(200_000, ps.statsTrees().read(state).quads());
    sample = new long[sampleCount * 4];
    Random rnd = new Random(3);
    int n = 0;
    try (Cursor c = psog.scan(root, new long[4], new long[] {-1L, -1L, -1L, -1L})) {
      while (c.next() && n < sampleCount) {
        if (rnd.nextInt(6) == 0) {
          System.arraycopy(c.rows(), c.offset(), sample, n * 4, 4);
          n++;
        }
      }
    }
    sampleCount = n;
    for (int i = 0; i < BATCH; i++) {
      System.arraycopy(sample, rnd.nextInt(sampleCount) * 4, randomKeys, i * 4, 4);
    }
    RowSort.sort(randomKeys, BATCH, 4);
    int start = rnd.nextInt(sampleCount - BATCH);
    System.arraycopy(sample, start * 4, clusteredKeys, 0, BATCH * 4);
    // (productPropertyNumeric1, product, O in [100, 1000]) for 1,024 products.
    long p1 = ps.dictionary().getId(BsbmLikeData.v("productPropertyNumeric1"), hashRoot);
    long lo = InlineValues.encode(BsbmLikeData.integer(100));
    long hi = InlineValues.encode(BsbmLikeData.integer(1000));
    // What a join sends: the (numeric1, product) rows of every second product, in key order.
    try (Cursor c = psog.scan(root, new long[] {p1, 0, 0, 0}, new long[] {p1, -1L, -1L, -1L})) {
      for (int i = 0, k = 0; k < BATCH && c.next(); i++) {
        if (i % 2 == 0) {
          System.arraycopy(c.rows(), c.offset(), joinKeys, 4 * k++, 4);
        }
      }
    }
    for (int i = 0; i < BATCH; i++) {
      long prod = ps.dictionary().getId(NodeFactory.createURI(BsbmLikeData.NS + "instances/dataFromProducer" + (i / 100) + "/Product" + i), hashRoot);
      long[] l = {p1, prod, lo, 0};
      long[] h = {p1, prod, hi, -1L};
      System.arraycopy(l, 0, rangeLo, i * 4, 4);
      System.arraycopy(h, 0, rangeHi, i * 4, 4);
    }
    RowSort.sort(rangeLo, BATCH, 4);
    RowSort.sort(rangeHi, BATCH, 4);
  }

  private final long[] rowScratch = new long[4];

  @TearDown(Level.Trial)
  public void close() {
    store.close();
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.NANOSECONDS)
  public boolean pointLookup() {
    int i = next;
    next = (next + 1) % sampleCount;
    System.arraycopy(sample, i * 4, rowScratch, 0, 4);
    return psog.contains(root, rowScratch);
  }

  @Benchmark
  public int singleLookups1024Random() {
    return singles(randomKeys);
  }

  @Benchmark
  public long batch1024Random() {
    return batch(randomKeys, randomKeys);
  }

  @Benchmark
  public int singleLookups1024Clustered() {
    return singles(clusteredKeys);
  }

  @Benchmark
  public long batch1024Clustered() {
    return batch(clusteredKeys, clusteredKeys);
  }

  @Benchmark
  public int singleLookups1024JoinShaped() {
    return singles(joinKeys);
  }

  @Benchmark
  public long batch1024JoinShaped() {
    return batch(joinKeys, joinKeys);
  }

  @Benchmark
  public long batch1024RangeOnO() {
    return batch(rangeLo, rangeHi);
  }

  @Benchmark
  public long singleScans1024RangeOnO() {
    long found = 0;
    long[] lo = new long[4];
    long[] hi = new long[4];
    for (int i = 0; i < BATCH; i++) {
      System.arraycopy(rangeLo, i * 4, lo, 0, 4);
      System.arraycopy(rangeHi, i * 4, hi, 0, 4);
      try (Cursor c = psog.scan(root, lo, hi)) {
        while (c.next()) {
          found++;
        }
      }
    }
    return found;
  }

  private int singles(long[] keys) {
    int hits = 0;
    long[] k = new long[4];
    for (int i = 0; i < BATCH; i++) {
      System.arraycopy(keys, i * 4, k, 0, 4);
      hits += psog.contains(root, k) ? 1 : 0;
    }
    return hits;
  }

  private long batch(long[] lo, long[] hi) {
    long[] n = {0};
    psog.lookupBatch(root, lo, hi, BATCH, (probe, rows, at) -> {
      n[0]++;
      return true;
    });
    return n[0];
  }

  /** Bytes per quad in each index, and the bulk load's time, as secondary results. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Sizes {
    public double psogBytesPerQuad;
    public double pogsBytesPerQuad;
    public double spBytesPerRow;
    public double quadsLoadedPerSecond;
  }

  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  @Warmup(iterations = 0)
  @Measurement(iterations = 1)
  public long bulkLoad3000Products(Sizes sizes) {
    try (Store s = Quarry.open(Config.defaults().with("store.storage", "memory").with("store.buffers", "1GB"))) {
      long start = System.nanoTime();
      long quads;
      try (Store.BulkLoad bulk = s.bulkLoad()) {
        BsbmLikeData.generate(3000, 1, bulk::add);
        quads = bulk.commit();
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      PagedStore ps = (PagedStore) s;
      var state = ps.transactions().current();
      QuadIndexes ix = ps.indexes();
      long stored = ps.statsTrees().read(state).quads();
      sizes.psogBytesPerQuad = pages(ps, QuadOrder.PSOG) * 8192.0 / stored;
      sizes.pogsBytesPerQuad = pages(ps, QuadOrder.POGS) * 8192.0 / stored;
      long spRows = ix.tree(QuadOrder.SP).count(ix.root(state.roots().values(), QuadOrder.SP));
      sizes.spBytesPerRow = pages(ps, QuadOrder.SP) * 8192.0 / spRows;
      sizes.quadsLoadedPerSecond = quads / seconds;
      return quads;
    }
  }

  private static long pages(PagedStore ps, QuadOrder o) {
    return ps.space().pagesOf(ps.indexes().tree(o).owner());
  }
}
