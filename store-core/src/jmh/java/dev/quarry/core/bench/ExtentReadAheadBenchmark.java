package dev.quarry.core.bench;

import java.util.Comparator;
import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.buffer.BufferPoolConfig;
import dev.quarry.core.buffer.BufferPoolMetrics;
import dev.quarry.core.storage.FilePageStore;
import dev.quarry.core.storage.Pages;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cold reads, random within extents: 16 extents, 128 random pages in each, the extents visited
 * in turn, from a new pool with O_DIRECT (nothing cached anywhere). With extent read-ahead the
 * second miss in an extent reads the rest of it in one request. Reports time per pass and, as
 * secondary results, the read requests issued per pass.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class ExtentReadAheadBenchmark {
  static final int EXTENTS = 16;
  static final int PER_EXTENT = 128;

  @Param({"off", "on"})
  public String extentReadAhead;

  Path dir;
  FilePageStore store;
  BufferPool pool;
  long[] pattern;

  /** Read requests per pass, as JMH secondary results. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Reads {
    public long readRequests;
    public long pagesRead;
  }

  @Setup(Level.Trial)
  public void data() throws IOException {
    dir = Files.createTempDirectory("quarry-ra");
    try (FilePageStore w = FilePageStore.open(List.of(dir), false);
        BufferPool wp = BufferPool.open(w, BufferPoolConfig.ofFrames(1024))) {
      for (long p = 0; p < (long) EXTENTS * Pages.EXTENT_PAGES; p++) {
        int f = wp.create(p);
        wp.memory().set(ValueLayout.JAVA_LONG_UNALIGNED, wp.offset(f) + Pages.HEADER_SIZE, p);
        wp.unfixExclusive(f, true);
      }
    }
    Random rnd = new Random(7);
    pattern = new long[EXTENTS * PER_EXTENT];
    for (int e = 0; e < EXTENTS; e++) {
      for (int i = 0; i < PER_EXTENT; i++) {
        pattern[e * PER_EXTENT + i] = Pages.firstPageOf(e) + rnd.nextInt(Pages.EXTENT_PAGES);
      }
    }
  }

  @Setup(Level.Invocation)
  public void coldPool() throws IOException {
    store = FilePageStore.open(List.of(dir), FilePageStore.directSupported(dir));
    pool = BufferPool.open(store, BufferPoolConfig.ofFrames(8192).withExtentReadAhead(extentReadAhead.equals("on")));
  }

  @TearDown(Level.Invocation)
  public void closePool() throws IOException {
    pool.close();
    store.close();
  }

  @TearDown(Level.Trial)
  public void deleteData() throws IOException {
    try (var files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  @Benchmark
  public long pass(Reads reads) {
    long sum = 0;
    for (long page : pattern) {
      for (; ; ) {
        long t = pool.readOptimistic(page);
        long v = pool.memory().get(ValueLayout.JAVA_LONG_UNALIGNED, pool.offset(BufferPool.frameOf(t)) + Pages.HEADER_SIZE);
        if (pool.validate(t)) {
          sum += v;
          break;
        }
      }
    }
    BufferPoolMetrics.Snapshot m = pool.metrics().snapshot();
    reads.readRequests += m.readRequests();
    reads.pagesRead += m.readsSingle() + m.readPagesBatched();
    return sum;
  }
}
