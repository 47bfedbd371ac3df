package dev.quarry.core.query.exec;

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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A pattern read whole and probed by many rows, as BSBM BI Q1 at 10M does (285,000 reviews, their
 * reviewer each, probed by 114,000 reviews): ns per probe into the hash table ({@link LongChains})
 * row by row or located sixteen at a time before any is read ({@code firstOfEach}, as {@code
 * WholePattern.serve} does), and into it or the bucket directory ({@link SortedKeys}) with the
 * build counted in, as each query pays it; and into the directory in groups of 64, as a pattern
 * with an object range read whole serves its rows.
 *
 * <pre>./mvnw -q -Pjmh -pl store-core test-compile exec:exec -Djmh.args="WholeReadProbe -f 1"</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class WholeReadProbeBenchmark {
  static final int PROBES = 114_706;
  private static final int GROUP = 16;

  @Param({"284800"})
  int quads;

  /**
   * How the subjects spread: "spread" ascends with small gaps (ids numbered as terms are created);
   * "clustered" puts them in runs of 1 to 94 consecutive numbers 2^40 apart (IRIs of a prefix and a
   * number held in their ids, one prefix per BSBM producer); "clusteredGaps" numbers each run's ids
   * about 20 apart, as a vendor's offers are.
   */
  @Param({"spread", "clustered", "clusteredGaps"})
  String layout;

  private long[] subjects;
  private long[] objects;
  private LongChains chains;
  private SortedKeys sorted;
  private long[] keys;

  @Setup(Level.Trial)
  public void build() {
    Random rnd = new Random(42);
    subjects = new long[quads];
    objects = new long[quads];
    long s = 1 << 20;
    long prefix = 1;
    int left = 0;
    for (int i = 0; i < quads; i++) {
      if (layout.equals("spread")) {
        // Ascending ids with gaps (a review's other terms take ids between), one quad each.
        s += 1 + rnd.nextInt(12);
        subjects[i] = s;
      } else {
        if (left-- == 0) {
          prefix++;
          left = rnd.nextInt(94); // 47 a producer on average, as BSBM's
        }
        // A producer's products numbered one after another; a vendor's offers every 20th or so.
        long number = layout.equals("clustered") ? i + 1 : 20L * i + rnd.nextInt(20);
        subjects[i] = (3L << 56) | (prefix << 40) | number;
      }
      objects[i] = rnd.nextLong() >>> 8;
    }
    chains = new LongChains(subjects, quads);
    sorted = SortedKeys.of(subjects, quads);
    keys = new long[PROBES];
    for (int i = 0; i < PROBES; i++) {
      keys[i] = subjects[rnd.nextInt(quads)];
    }
  }

  @Benchmark
  @OperationsPerInvocation(PROBES)
  public long chainsRowByRow() {
    long sum = 0;
    for (long k : keys) {
      for (int q = chains.first(k); q >= 0; q = chains.next(q)) {
        sum += objects[q];
      }
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(PROBES)
  public long chainsGrouped() {
    return grouped(chains);
  }

  @Benchmark
  @OperationsPerInvocation(PROBES)
  public long sortedKeysGrouped() {
    return grouped(sorted);
  }

  @Benchmark
  @OperationsPerInvocation(PROBES)
  public long chainsBuiltAndProbed() {
    return grouped(new LongChains(subjects, quads));
  }

  @Benchmark
  @OperationsPerInvocation(PROBES)
  public long sortedKeysBuiltAndProbed() {
    return grouped(SortedKeys.of(subjects, quads));
  }

  @Benchmark
  @OperationsPerInvocation(PROBES)
  public long sortedKeysFirstOfEach() {
    return grouped(sorted, 64);
  }

  /** Every key's objects summed, sixteen keys located before their entries are read. */
  private long grouped(KeyedEntries t) {
    return grouped(t, GROUP);
  }

  /**
   * Every key's objects summed, {@code size} keys located at once ({@code firstOfEach}, as a
   * pattern read whole serves its rows) before their entries are read.
   */
  private long grouped(KeyedEntries t, int size) {
    long sum = 0;
    long[] group = new long[size];
    int[] heads = new int[size];
    for (int r = 0; r < keys.length; r += size) {
      int n = Math.min(size, keys.length - r);
      System.arraycopy(keys, r, group, 0, n);
      t.firstOfEach(group, n, heads);
      for (int i = 0; i < n; i++) {
        for (int q = heads[i]; q >= 0; q = t.next(q)) {
          sum += objects[q];
        }
      }
    }
    return sum;
  }
}
