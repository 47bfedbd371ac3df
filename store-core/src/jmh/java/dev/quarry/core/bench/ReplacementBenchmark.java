package dev.quarry.core.bench;

import java.util.Arrays;
import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.buffer.BufferPoolConfig;
import dev.quarry.core.buffer.BufferPoolMetrics;
import dev.quarry.core.storage.MemoryPageStore;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Which replacement policy: the pool's CLOCK against exact LRU and FIFO on the same skewed trace
 * (Zipf over 20,000 pages, a pool of 10% of them, with a 20% share of one-off scan pages mixed
 * in). Hit ratios are the secondary results, in per-mille; the primary result is the pool's time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class ReplacementBenchmark {
  static final int PAGES = 20_000;
  static final int FRAMES = 2_000;
  static final int ACCESSES = 400_000;

  @Param({"0.8", "1.0"})
  public double zipf;

  long[] trace;

  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class HitRatios {
    public long clockPerMille;
    public long lruPerMille;
    public long fifoPerMille;
  }

  @Setup(Level.Trial)
  public void trace() {
    Random rnd = new Random(11);
    double[] cdf = new double[PAGES];
    double sum = 0;
    for (int i = 0; i < PAGES; i++) {
      sum += 1 / Math.pow(i + 1, zipf);
      cdf[i] = sum;
    }
    // Scatter the popular pages over the page space, so popularity is not page order.
    int[] perm = new int[PAGES];
    for (int i = 0; i < PAGES; i++) {
      perm[i] = i;
    }
    for (int i = PAGES - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    trace = new long[ACCESSES];
    long scan = PAGES;
    for (int i = 0; i < ACCESSES; i++) {
      if (rnd.nextInt(5) == 0) {
        trace[i] = scan++; // a page read once by a scan
      } else {
        int k = Arrays.binarySearch(cdf, rnd.nextDouble() * sum);
        trace[i] = perm[k < 0 ? -k - 1 : k];
      }
    }
  }

  @Benchmark
  public long clockInThePool(HitRatios r) {
    try (MemoryPageStore store = new MemoryPageStore();
        BufferPool pool = BufferPool.open(store, BufferPoolConfig.ofFrames(FRAMES).withExtentReadAhead(false))) {
      long sum = 0;
      for (long page : trace) {
        long t = pool.readOptimistic(page);
        sum += BufferPool.frameOf(t);
        pool.validate(t);
      }
      BufferPoolMetrics.Snapshot m = pool.metrics().snapshot();
      r.clockPerMille = 1000 * m.hits() / (m.hits() + m.misses());
      r.lruPerMille = lru();
      r.fifoPerMille = fifo();
      return sum;
    }
  }

  private long lru() {
    Map<Long, Boolean> lru =
        new LinkedHashMap<>(FRAMES * 2, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<Long, Boolean> e) {
            return size() > FRAMES;
          }
        };
    long hits = 0;
    for (long page : trace) {
      if (lru.get(page) != null) {
        hits++;
      } else {
        lru.put(page, Boolean.TRUE);
      }
    }
    return 1000 * hits / trace.length;
  }

  private long fifo() {
    ArrayDeque<Long> queue = new ArrayDeque<>();
    HashSet<Long> resident = new HashSet<>();
    long hits = 0;
    for (long page : trace) {
      if (resident.contains(page)) {
        hits++;
        continue;
      }
      if (queue.size() == FRAMES) {
        resident.remove(queue.removeFirst());
      }
      queue.addLast(page);
      resident.add(page);
    }
    return 1000 * hits / trace.length;
  }
}
