package dev.quarry.core.dict;

import java.io.RandomAccessFile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Coding term records one at a time with a {@link SymbolTable}: the time to decode a record (what
 * a query pays per term it reads from the file) and to encode one (what a load pays). Records are
 * the short ones (under 256 bytes) of an uncoded term file ({@code terms}: a store made with
 * {@code -Dquarry.store.coded-records=false}, 64 MB from 600 MB on), or labels of a 16-word
 * vocabulary if none is given (which code far better than real ones). The table is trained as a store trains it: on 512 records of its first megabyte.
 * Prints the ratio it reached. Target: decoding well under a microsecond, where a 4 KB block
 * compressed with deflate or zstd took 17-20 us.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SymbolTableBenchmark {
  @Param({""})
  public String terms;

  SymbolTable table;
  byte[][] records;
  byte[][] coded;
  int next;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    List<byte[]> all = terms.isEmpty() ? SymbolTableTest.labels(50_000, 2) : fromFile(terms);
    Random r = new Random(1);
    List<byte[]> sample = new ArrayList<>();
    for (int i = 0; i < 512; i++) {
      sample.add(all.get(r.nextInt(Math.min(all.size(), 12_000)))); // about the first megabyte
    }
    table = SymbolTable.train(sample);
    records = new byte[4096][];
    coded = new byte[4096][];
    long raw = 0;
    long packed = 0;
    for (int i = 0; i < records.length; i++) {
      records[i] = all.get(r.nextInt(all.size()));
      coded[i] = table.encode(records[i]);
      raw += records[i].length;
      packed += coded[i].length;
    }
    System.out.printf("%n%,d records, mean %.1f bytes, coded %.2fx%n", records.length,
        (double) raw / records.length, (double) raw / packed);
  }

  private static List<byte[]> fromFile(String path) throws Exception {
    byte[] buf = new byte[64 << 20];
    try (RandomAccessFile f = new RandomAccessFile(path, "r")) {
      f.seek(600L << 20);
      f.readFully(buf);
    }
    List<byte[]> out = new ArrayList<>();
    for (int p = recordStart(buf); p < buf.length - 5; ) {
      int[] at = lengthAt(buf, p);
      if (at == null || at[1] + at[0] > buf.length) {
        break;
      }
      if (at[0] > 0 && at[0] < TermTable.LONG_RECORD) {
        out.add(Arrays.copyOfRange(buf, at[1], at[1] + at[0]));
      }
      p = at[1] + at[0];
    }
    return out;
  }

  /** The first offset from which 2,000 records parse, each starting with a term kind (1-7). */
  private static int recordStart(byte[] b) {
    for (int s = 0; s < 4096; s++) {
      int p = s;
      int ok = 0;
      for (int[] at; ok < 2000; ok++, p = at[1] + at[0]) {
        at = lengthAt(b, p);
        if (at == null || (at[0] > 0 && (b[at[1]] < 1 || b[at[1]] > 7))) {
          break;
        }
      }
      if (ok == 2000) {
        return s;
      }
    }
    throw new IllegalStateException("no record start in " + b.length + " bytes");
  }

  /** The record length whose varint starts at {@code p} and where its bytes start; null if none. */
  private static int[] lengthAt(byte[] b, int p) {
    int len = 0;
    for (int shift = 0; shift < 35 && p < b.length; shift += 7) {
      int x = b[p++];
      len |= (x & 0x7F) << shift;
      if (x >= 0) {
        return len > 1 << 20 ? null : new int[] {len, p};
      }
    }
    return null;
  }

  @Benchmark
  public byte[] decode() {
    byte[] c = coded[next++ & 4095];
    return table.decode(c, 0, c.length);
  }

  @Benchmark
  public byte[] encode() {
    return table.encode(records[next++ & 4095]);
  }
}
