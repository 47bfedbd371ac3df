package dev.quarry.core.dict;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * What a batch of term records costs to read ahead when the OS cache holds them (Linux): the hint
 * then the read of each (posix_fadvise(WILLNEED), then preadv2: {@code hintThenRead}, the path
 * before 2026-12-03) against one read each that would have started the device read had it missed
 * ({@code readIfCached}, {@link TermBatches#willNeed} since). Records of 20-120 bytes at random in
 * a 60 MB term file written by the set-up, so in the OS cache; {@code batch} of them per call, in
 * the file's order; {@code readOnly}: the reads alone. Per call, microseconds.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class TermReadAheadBenchmark {
  @Param({"16"})
  public int batch;

  Path dir;
  TermTable table;
  RandomReads hints; // a descriptor of its own for the hints, as the term file had
  long[] offsets;
  long[] picked;
  Random random = new Random(3);

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    dir = Files.createTempDirectory("term-read-ahead");
    Path file = dir.resolve("terms.dat");
    table = new TermTable(TermFile.open(file), 0);
    offsets = new long[800_000];
    Random r = new Random(1);
    for (int i = 0; i < offsets.length; i++) {
      byte[] b = new byte[20 + r.nextInt(100)];
      for (int j = 0; j < b.length; j++) {
        b[j] = (byte) ('a' + r.nextInt(26));
      }
      offsets[i] = table.appendLoading(b);
    }
    table.commit();
    table.force();
    hints = RandomReads.open(file);
    if (hints == null || table.readIfCached(offsets[0]) == null) {
      throw new IllegalStateException("needs Linux's posix_fadvise and preadv2(RWF_NOWAIT)");
    }
    picked = new long[batch];
  }

  private void pick() {
    for (int i = 0; i < batch; i++) {
      picked[i] = offsets[random.nextInt(offsets.length)];
    }
    Arrays.sort(picked);
  }

  @Benchmark
  public void hintThenRead(Blackhole bh) {
    pick();
    for (long o : picked) {
      bh.consume(hints.willNeed(o, 64));
    }
    for (long o : picked) {
      bh.consume(table.read(o));
    }
  }

  @Benchmark
  public void readIfCached(Blackhole bh) {
    pick();
    for (long o : picked) {
      byte[] b = table.readIfCached(o);
      bh.consume(b != null ? b : table.read(o));
    }
  }

  /** The reads alone, as a store whose term file is in the OS cache makes them (no read-ahead). */
  @Benchmark
  public void readOnly(Blackhole bh) {
    pick();
    for (long o : picked) {
      bh.consume(table.read(o));
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    hints.close();
    table.close();
    try (var files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
