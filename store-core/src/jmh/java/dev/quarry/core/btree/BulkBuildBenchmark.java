package dev.quarry.core.btree;

import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.buffer.BufferPoolConfig;
import dev.quarry.core.storage.MemoryPageStore;
import dev.quarry.core.storage.SpaceMap;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Bulk build of one index: 2 million sorted quad-shaped rows (P of 40 values, S ascending slowly,
 * O varied, G constant) encoded into compressed leaves and inner levels, written through the
 * buffer pool. Reported per row (so the score's inverse is rows per second for one index).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx2g"})
public class BulkBuildBenchmark {
  static final int ROWS = 2_000_000;
  long[] rows;
  MemoryPageStore store;
  BufferPool pool;

  @Setup(Level.Trial)
  public void rows() {
    Random rnd = new Random(3);
    rows = new long[ROWS * 4];
    long s = 1 << 20;
    for (int i = 0; i < ROWS; i++) {
      s += rnd.nextInt(3) == 0 ? rnd.nextInt(64) : 0;
      rows[i * 4] = 1 + rnd.nextInt(40);
      rows[i * 4 + 1] = s;
      rows[i * 4 + 2] = (1L << 20) + rnd.nextInt(1 << 24);
      rows[i * 4 + 3] = 0x0100_0000_0000_0001L;
    }
    RowSort.sort(rows, ROWS, 4);
  }

  @Setup(Level.Invocation)
  public void freshPool() {
    store = new MemoryPageStore();
    pool = BufferPool.open(store, BufferPoolConfig.ofFrames(32_768));
  }

  @TearDown(Level.Invocation)
  public void closePool() {
    pool.close();
    store.close();
  }

  @Benchmark
  @OperationsPerInvocation(ROWS)
  public long build() {
    SpaceMap space = SpaceMap.create();
    PageAllocator alloc =
        new PageAllocator() {
          @Override
          public long allocate() {
            return space.allocate(2);
          }

          @Override
          public long allocateNear(long page) {
            return space.allocateNear(2, page);
          }

          @Override
          public boolean isNew(long page) {
            return true;
          }

          @Override
          public void release(long page) {
            space.free(page);
          }

          @Override
          public long generation() {
            return 1;
          }
        };
    BTree tree = new BTree(pool, 4, 2);
    int[] i = {0};
    return tree.bulkBuild(
        alloc,
        row -> {
          if (i[0] == ROWS) {
            return false;
          }
          System.arraycopy(rows, i[0] * 4, row, 0, 4);
          i[0]++;
          return true;
        });
  }
}
