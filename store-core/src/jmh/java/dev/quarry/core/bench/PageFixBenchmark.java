package dev.quarry.core.bench;

import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.buffer.BufferPoolConfig;
import dev.quarry.core.storage.MemoryPageStore;
import dev.quarry.core.storage.Pages;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
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

/**
 * The buffer pool's hit path: fix a resident page for an optimistic read, read a word, validate.
 * Target: 20 million per second per core, and two threads on one hot page at least 1.8x one
 * thread (no shared-memory writes on the path, so no cache-line ping-pong).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class PageFixBenchmark {
  static final int PAGES = 1000;
  MemoryPageStore store;
  BufferPool pool;

  @Setup(Level.Trial)
  public void setUp() {
    store = new MemoryPageStore();
    pool = BufferPool.open(store, BufferPoolConfig.ofFrames(2048));
    for (long p = 0; p < PAGES; p++) {
      int f = pool.create(p);
      pool.memory().set(ValueLayout.JAVA_LONG_UNALIGNED, pool.offset(f) + Pages.HEADER_SIZE, p);
      pool.unfixExclusive(f, true);
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    pool.close();
    store.close();
  }

  private long read(long page) {
    for (; ; ) {
      long t = pool.readOptimistic(page);
      long v = pool.memory().get(ValueLayout.JAVA_LONG_UNALIGNED, pool.offset(BufferPool.frameOf(t)) + Pages.HEADER_SIZE);
      if (pool.validate(t)) {
        return v;
      }
    }
  }

  @Benchmark
  @Threads(1)
  public long hotPage1Thread() {
    return read(7);
  }

  @Benchmark
  @Threads(2)
  public long hotPage2Threads() {
    return read(7);
  }

  @Benchmark
  @Threads(1)
  public long randomResidentPage1Thread() {
    return read(ThreadLocalRandom.current().nextInt(PAGES));
  }

  @Benchmark
  @Threads(2)
  public long randomResidentPage2Threads() {
    return read(ThreadLocalRandom.current().nextInt(PAGES));
  }
}
