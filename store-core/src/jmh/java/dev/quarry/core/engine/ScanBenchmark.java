package dev.quarry.core.engine;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.core.index.spi.QuadScan;
import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.index.spi.ReadView;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * A full scan of the quad indexes, resident, on BSBM-shaped data (9,000 products, about 3.3 million
 * quads): every quad of the default graph read in column batches ({@link QuadView#scan}), one
 * predicate's range after another, as the executor's scans and counting aggregates read them. The
 * {@code quads} counter is quads read per second: ns per quad is 1000 / its ops/us. With two
 * threads each reads every second predicate (the split a parallel aggregate makes), so the counter
 * is the two threads' sum.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx4g"})
public class ScanBenchmark {
  Store store;
  ReadView view;
  long[] predicates;

  @Setup(Level.Trial)
  public void load() {
    store =
        Quarry.open(Config.defaults().with("store.storage", "memory").with("store.buffers", "2GB"));
    try (Store.BulkLoad bulk = store.bulkLoad()) {
      BsbmLikeData.generate(9000, 1, bulk::add);
      bulk.commit();
    }
    view = store.quadBackend().beginRead();
    predicates = view.predicates();
  }

  @TearDown(Level.Trial)
  public void close() {
    view.end();
    store.close();
  }

  /** Quads read, per thread; JMH sums and rates them. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Counted {
    public long quads;
    int thread;
    int threads;
    final long[] s = new long[1024];
    final long[] o = new long[1024];

    @Setup(Level.Trial)
    public void setUp(ThreadParams params) {
      thread = params.getThreadIndex();
      threads = params.getThreadCount();
    }
  }

  /** One pass over this thread's share of the predicates; returns a sum so nothing is elided. */
  private long pass(Counted c) {
    long sum = 0;
    for (int i = c.thread; i < predicates.length; i += c.threads) {
      QuadScan scan = view.scan(view.defaultGraph(), QuadView.NONE, predicates[i], QuadView.NONE);
      for (int n = scan.read(null, c.s, null, c.o, 1024); n > 0; n = scan.read(null, c.s, null, c.o, 1024)) {
        for (int k = 0; k < n; k++) {
          sum += c.s[k] ^ c.o[k];
        }
        c.quads += n;
      }
    }
    return sum;
  }

  @Benchmark
  @Threads(1)
  public long scanOneThread(Counted c) {
    return pass(c);
  }

  @Benchmark
  @Threads(2)
  public long scanTwoThreads(Counted c) {
    return pass(c);
  }
}
