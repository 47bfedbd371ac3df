package dev.quarry.accumulo;

import dev.quarry.core.storage.StoreException;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.client.rfile.RFileWriter;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;

/**
 * A bulk load into an empty store, as Accumulo means bulk loads: each quad order's rows, sorted and
 * each once ({@link ImportRuns}: in memory, or merged from sorted runs on disk), streamed into an
 * RFile per table on the instance's file system, the orders at once on {@code threads} threads, and
 * handed to the tablet servers by bulk import, which adopts files whole (no write path, no
 * compaction of what is loaded). The pair counts stream from the same rows into counts files, and
 * each order's table is split at quantiles of its rows before the import, so the first queries
 * spread over the tablet servers. Memory: the runs' read buffers and the per-predicate and
 * per-graph figures, whatever the load's size. All cells carry the load's transaction, so nothing
 * of it is read until its commit. (The terms went in with the writer's batches as they came.)
 */
final class RFileImport {
  private static final byte[] NONE = new byte[0];

  private final AccumuloBackend backend;
  private final long ts;
  private final FileSystem fs;
  private final Path root;
  private final int tablets;
  private final int threads;
  private final Map<Order, TreeMap<Long, long[]>> figures = new EnumMap<>(Order.class);
  private final Map<String, Duration> phases = new LinkedHashMap<>();

  RFileImport(AccumuloBackend backend, long txn, String bulkDir, int tablets, int threads) {
    this.backend = backend;
    this.ts = ReadPoint.timestamp(txn, 1);
    this.tablets = tablets;
    this.threads = Math.max(1, Math.min(threads, Order.values().length));
    try {
      this.fs = FileSystem.get(URI.create(bulkDir), new Configuration());
      this.root = new Path(bulkDir, "quarry-load-" + txn + "-" + UUID.randomUUID());
    } catch (IOException e) {
      throw new StoreException("cannot use the bulk directory " + bulkDir + ": " + e, e);
    }
  }

  /** Imports the runs' quads; {@code allTerms}: the store's terms after it. Returns the quads. */
  long run(ImportRuns runs, long allTerms) {
    try {
      long t0 = System.nanoTime();
      runs.finish();
      // Orders read from disk go at once; sorted in memory, one at a time (one sort's memory).
      ExecutorService pool =
          runs.spilled()
              ? Executors.newFixedThreadPool(threads)
              : Executors.newSingleThreadExecutor();
      Map<Order, Future<Long>> written = new EnumMap<>(Order.class);
      try {
        for (Order order : Order.values()) {
          written.put(order, pool.submit(() -> writeOrder(runs, order)));
        }
        for (Future<Long> f : written.values()) {
          f.get();
        }
      } finally {
        pool.shutdownNow();
      }
      writeStats(allTerms);
      phases.put("sort, count, write RFiles", Duration.ofNanos(System.nanoTime() - t0));
      long t1 = System.nanoTime();
      importAll();
      phases.put("bulk import", Duration.ofNanos(System.nanoTime() - t1));
      return written.get(Order.PSOG).get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw new StoreException("the bulk import failed: " + cause.getMessage(), cause);
    } catch (Exception e) {
      throw new StoreException("the bulk import failed: " + e.getMessage(), e);
    } finally {
      runs.close();
      try {
        fs.delete(root, true);
      } catch (IOException ignored) {
        // what is left in the bulk directory is no part of the store
      }
    }
  }

  /** Hands every table's files to the tablet servers, the tables at once (each a manager job). */
  private void importAll() throws Exception {
    try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
      List<Future<?>> done = new ArrayList<>();
      for (String table : backend.tables.versioned()) {
        Path dir = new Path(root, table);
        if (fs.exists(dir)) {
          done.add(
              pool.submit(
                  () -> {
                    backend
                        .client
                        .tableOperations()
                        .importDirectory(dir.toString())
                        .to(table)
                        .load();
                    return null;
                  }));
        }
      }
      for (Future<?> f : done) {
        f.get();
      }
    }
  }

  /** How long each part of the import took. */
  Map<String, Duration> phases() {
    return phases;
  }

  /**
   * Streams {@code order}'s rows into its table's RFile (and, for PSOG, POGS and GSPO, the pair
   * counts into one of the counts table's), then splits the table at quantiles of what it wrote.
   * Returns the rows written.
   */
  private long writeOrder(ImportRuns runs, Order order) throws Exception {
    Value present = new Value(ReadPoint.PRESENT);
    long expected = Math.max(1, runs.total()); // repeats included: the quantiles are near enough
    List<byte[]> splits = new ArrayList<>();
    PairCounts pairs = PairCounts.of(order);
    long n = 0;
    try (Stream<long[]> rows = runs.rows(order);
        RFileWriter w = writer(backend.tables.quads.get(order), "load.rf");
        RFileWriter counts =
            pairs == null ? null : writer(backend.tables.counts, (char) pairs.kind + ".rf")) {
      for (long[] r : (Iterable<long[]>) rows::iterator) {
        byte[] key = rowKey(r);
        w.append(new Key(key, NONE, NONE, NONE, ts), present);
        if (pairs != null) {
          pairs.add(r, counts, ts);
        }
        n++;
        if (tablets > 1
            && splits.size() < tablets - 1
            && n * tablets >= expected * (splits.size() + 1)) {
          splits.add(key);
        }
      }
      if (pairs != null) {
        pairs.end(counts, ts);
        synchronized (figures) {
          figures.put(order, pairs.figures);
        }
      }
    }
    if (splits.size() > 0 && n >= 2L * tablets) {
      TreeSet<Text> at = new TreeSet<>();
      splits.forEach(k -> at.add(new Text(k)));
      backend.client.tableOperations().addSplits(backend.tables.quads.get(order), at);
    }
    return n;
  }

  private static byte[] rowKey(long[] row) {
    byte[] k = new byte[32];
    for (int i = 0; i < 4; i++) {
      Bytes.putLong(k, 8 * i, row[i]);
    }
    return k;
  }

  /**
   * The quads per leading pair of an order's rows ((p, s) from PSOG, (p, o) from POGS, (g, s) from
   * GSPO), written as the rows go by, and the per-predicate or per-graph figures they add up to.
   */
  private static final class PairCounts {
    final byte kind;
    final TreeMap<Long, long[]> figures = new TreeMap<>(Long::compareUnsigned);
    private final Order order;
    private long a;
    private long b;
    private long count;

    private PairCounts(Order order) {
      this.order = order;
      this.kind = order.pairKind();
    }

    static PairCounts of(Order order) {
      return order.pairKind() == 0 ? null : new PairCounts(order);
    }

    void add(long[] r, RFileWriter out, long ts) throws IOException {
      if (count > 0 && (r[0] != a || r[1] != b)) {
        end(out, ts);
      }
      a = r[0];
      b = r[1];
      count++;
    }

    /** Writes the pair that ended: its count, and what it adds to its first part's figures. */
    void end(RFileWriter out, long ts) throws IOException {
      if (count == 0) {
        return;
      }
      out.append(
          new Key(Bytes.tagged(kind, a, b), NONE, NONE, NONE, ts), new Value(Bytes.ofLong(count)));
      long[] f = figures.computeIfAbsent(a, k -> new long[order == Order.GSPO ? 2 : 3]);
      if (order != Order.POGS) {
        f[0] += count;
      }
      f[order == Order.POGS ? 2 : 1]++;
      count = 0;
    }
  }

  private RFileWriter writer(String table, String name) throws IOException {
    Path file = new Path(new Path(root, table), name);
    RFileWriter w = RFile.newWriter().to(file.toString()).withFileSystem(fs).build();
    w.startDefaultLocalityGroup();
    return w;
  }

  /**
   * The statistics table: graphs ('g'), predicates ('p'), each by id, then the terms ('t'). A
   * predicate's quads and subjects come from PSOG, its objects from POGS.
   */
  private void writeStats(long allTerms) throws IOException {
    TreeMap<Long, long[]> predicates = figures.getOrDefault(Order.PSOG, new TreeMap<>());
    figures
        .getOrDefault(Order.POGS, new TreeMap<>())
        .forEach((p, f) -> predicates.computeIfAbsent(p, k -> new long[3])[2] = f[2]);
    try (RFileWriter w = writer(backend.tables.stats, "load.rf")) {
      for (var e : figures.getOrDefault(Order.GSPO, new TreeMap<>()).entrySet()) {
        w.append(
            new Key(Bytes.tagged(Stats.GRAPH, e.getKey()), NONE, NONE, NONE, ts),
            new Value(Stats.bytes(e.getValue())));
      }
      for (var e : predicates.entrySet()) {
        w.append(
            new Key(Bytes.tagged(Stats.PREDICATE, e.getKey()), NONE, NONE, NONE, ts),
            new Value(Stats.bytes(e.getValue())));
      }
      w.append(
          new Key(Bytes.tagged(Stats.TERMS, 0), NONE, NONE, NONE, ts),
          new Value(Bytes.ofLong(allTerms)));
    }
  }
}
