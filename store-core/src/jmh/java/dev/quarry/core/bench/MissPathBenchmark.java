package dev.quarry.core.bench;

import java.util.Comparator;
import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.buffer.BufferPoolConfig;
import dev.quarry.core.storage.FilePageStore;
import dev.quarry.core.storage.Pages;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
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
 * The miss path: a pool of 256 frames over 64 MB of pages read at random, so nearly every fix
 * reads a page. Buffered: from the OS page cache (warm after the first pass). Direct: O_DIRECT,
 * from the device every time. Reported as pages per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 4, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class MissPathBenchmark {
  static final int PAGES = 8192; // 64 MB

  @Param({"buffered", "direct"})
  public String io;

  Path dir;
  FilePageStore store;
  BufferPool pool;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    dir = Files.createTempDirectory("quarry-miss");
    try (FilePageStore w = FilePageStore.open(List.of(dir), false);
        BufferPool wp = BufferPool.open(w, BufferPoolConfig.ofFrames(1024))) {
      for (long p = 0; p < PAGES; p++) {
        int f = wp.create(p);
        wp.memory().set(ValueLayout.JAVA_LONG_UNALIGNED, wp.offset(f) + Pages.HEADER_SIZE, p);
        wp.unfixExclusive(f, true);
      }
    }
    store = FilePageStore.open(List.of(dir), io.equals("direct"));
    pool = BufferPool.open(store, BufferPoolConfig.ofFrames(256).withExtentReadAhead(false));
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    pool.close();
    store.close();
    try (var files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  @Benchmark
  public long randomPage() {
    long page = ThreadLocalRandom.current().nextInt(PAGES);
    for (; ; ) {
      long t = pool.readOptimistic(page);
      long v = pool.memory().get(ValueLayout.JAVA_LONG_UNALIGNED, pool.offset(BufferPool.frameOf(t)) + Pages.HEADER_SIZE);
      if (pool.validate(t)) {
        return v;
      }
    }
  }
}
