package dev.quarry.accumulo;

import dev.quarry.core.storage.StoreException;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.accumulo.core.client.rfile.RFile;
import org.apache.accumulo.core.client.rfile.RFileWriter;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;

/**
 * A bulk load into an empty store, as Accumulo means bulk loads: every table's cells sorted in this
 * process, written as one RFile per table on the instance's file system and handed to the tablet
 * servers by bulk import, which adopts files whole (no write path, no compaction of what is
 * loaded). Each quad order is pre-split at quantiles of its keys first, so the load and the first
 * queries spread over the tablet servers. The pair counts and statistics come from the same sorted
 * runs. All cells carry the load's transaction, so nothing of it is read until its commit.
 */
final class RFileImport {
  private static final byte[] NONE = new byte[0];

  private final AccumuloBackend backend;
  private final long txn;
  private final long ts;
  private final FileSystem fs;
  private final Path root;
  private final int tablets;
  private final List<byte[]> graphCounts = new ArrayList<>(); // rows 'g' g s, values alongside
  private final List<Long> graphCountValues = new ArrayList<>();
  private final List<byte[]> objectCounts = new ArrayList<>();
  private final List<Long> objectCountValues = new ArrayList<>();
  private final List<byte[]> subjectCounts = new ArrayList<>();
  private final List<Long> subjectCountValues = new ArrayList<>();
  private final TreeMap<Long, long[]> predicates = new TreeMap<>(Long::compareUnsigned);
  private final TreeMap<Long, long[]> graphs = new TreeMap<>(Long::compareUnsigned);
  private final Map<String, Duration> phases = new LinkedHashMap<>();
  private long sortNanos;
  private long writeNanos;

  RFileImport(AccumuloBackend backend, long txn, String bulkDir, int tablets) {
    this.backend = backend;
    this.txn = txn;
    this.ts = ReadPoint.timestamp(txn, 1);
    this.tablets = tablets;
    try {
      this.fs = FileSystem.get(URI.create(bulkDir), new Configuration());
      this.root = new Path(bulkDir, "quarry-load-" + txn + "-" + UUID.randomUUID());
    } catch (IOException e) {
      throw new StoreException("cannot use the bulk directory " + bulkDir + ": " + e, e);
    }
  }

  /**
   * Imports {@code n} quads ({@code quads[4i..4i+3]} = g, s, p, o; duplicates allowed) and the new
   * terms ({record, id}); returns the quads imported (without duplicates).
   */
  long run(long[] quads, int n, List<Object[]> terms, long termsBefore) {
    try {
      long loaded = 0;
      for (Order order : Order.values()) {
        long t0 = System.nanoTime();
        long[][] rows = sorted(order, quads, n);
        loaded = rows.length;
        figures(order, rows);
        long t1 = System.nanoTime();
        split(order, rows);
        write(backend.tables.quads.get(order), rows, order);
        sortNanos += t1 - t0;
        writeNanos += System.nanoTime() - t1;
      }
      long t2 = System.nanoTime();
      writeCounts();
      writeStats(termsBefore + terms.size());
      writeTerms(terms);
      writeNanos += System.nanoTime() - t2;
      phases.put("sort and count", Duration.ofNanos(sortNanos));
      phases.put("split, write RFiles", Duration.ofNanos(writeNanos));
      long t3 = System.nanoTime();
      for (String table : backend.tables.versioned()) {
        Path dir = new Path(root, table);
        if (fs.exists(dir)) {
          backend.client.tableOperations().importDirectory(dir.toString()).to(table).load();
        }
      }
      phases.put("bulk import", Duration.ofNanos(System.nanoTime() - t3));
      return loaded;
    } catch (Exception e) {
      throw new StoreException("the bulk import failed: " + e.getMessage(), e);
    } finally {
      try {
        fs.delete(root, true);
      } catch (IOException ignored) {
        // what is left in the bulk directory is no part of the store
      }
    }
  }

  /** How long each part of the import took. */
  Map<String, Duration> phases() {
    return phases;
  }

  /** The quads as rows of {@code order}'s parts, sorted by key and each once. */
  private static long[][] sorted(Order order, long[] quads, int n) {
    long[][] rows = new long[n][];
    for (int i = 0; i < n; i++) {
      long[] r = new long[4];
      for (int k = 0; k < 4; k++) {
        r[k] = quads[i * 4 + order.parts[k]];
      }
      rows[i] = r;
    }
    Arrays.parallelSort(rows, Arrays::compareUnsigned);
    int m = 0;
    for (int i = 0; i < n; i++) {
      if (m == 0 || !Arrays.equals(rows[m - 1], rows[i])) {
        rows[m++] = rows[i];
      }
    }
    return Arrays.copyOf(rows, m);
  }

  /**
   * The pair counts and figures that an order's sorted rows give in one pass: PSOG the (p, s)
   * counts and each predicate's quads and subjects; POGS the (p, o) counts and objects; GSPO the
   * (g, s) counts and each graph's quads and subjects.
   */
  private void figures(Order order, long[][] rows) {
    List<byte[]> out;
    List<Long> values;
    byte kind;
    switch (order) {
      case PSOG -> {
        out = subjectCounts;
        values = subjectCountValues;
        kind = 's';
      }
      case POGS -> {
        out = objectCounts;
        values = objectCountValues;
        kind = 'o';
      }
      case GSPO -> {
        out = graphCounts;
        values = graphCountValues;
        kind = 'g';
      }
      default -> {
        return;
      }
    }
    TreeMap<Long, long[]> figures = order == Order.GSPO ? graphs : predicates;
    int i = 0;
    while (i < rows.length) {
      int j = i;
      while (j < rows.length && rows[j][0] == rows[i][0] && rows[j][1] == rows[i][1]) {
        j++;
      }
      out.add(Bytes.tagged(kind, rows[i][0], rows[i][1]));
      values.add((long) (j - i));
      long[] f = figures.computeIfAbsent(rows[i][0], k -> new long[order == Order.GSPO ? 2 : 3]);
      if (order != Order.POGS) {
        f[0] += j - i;
      }
      f[order == Order.POGS ? 2 : 1]++;
      i = j;
    }
  }

  /** Pre-splits the order's table into {@code tablets} at quantiles of its keys. */
  private void split(Order order, long[][] rows) throws Exception {
    if (tablets < 2 || rows.length < tablets * 2) {
      return;
    }
    TreeSet<Text> splits = new TreeSet<>();
    for (int t = 1; t < tablets; t++) {
      long[] r = rows[(int) ((long) rows.length * t / tablets)];
      splits.add(new Text(order.key(unpermute(order, r))));
    }
    backend.client.tableOperations().addSplits(backend.tables.quads.get(order), splits);
  }

  /** A row of {@code order}'s parts back as a quad {g, s, p, o}. */
  private static long[] unpermute(Order order, long[] row) {
    long[] q = new long[4];
    for (int k = 0; k < 4; k++) {
      q[order.parts[k]] = row[k];
    }
    return q;
  }

  private RFileWriter writer(String table) throws IOException {
    Path file = new Path(new Path(root, table), "load.rf");
    RFileWriter w = RFile.newWriter().to(file.toString()).withFileSystem(fs).build();
    w.startDefaultLocalityGroup();
    return w;
  }

  private void write(String table, long[][] rows, Order order) throws IOException {
    Value present = new Value(ReadPoint.PRESENT);
    try (RFileWriter w = writer(table)) {
      for (long[] r : rows) {
        w.append(new Key(order.key(unpermute(order, r)), NONE, NONE, NONE, ts), present);
      }
    }
  }

  /** The counts table: 'g', 'o', 's' rows in that (byte) order, each kind sorted already. */
  private void writeCounts() throws IOException {
    try (RFileWriter w = writer(backend.tables.counts)) {
      append(w, graphCounts, graphCountValues);
      append(w, objectCounts, objectCountValues);
      append(w, subjectCounts, subjectCountValues);
    }
  }

  private void append(RFileWriter w, List<byte[]> rows, List<Long> values) throws IOException {
    for (int i = 0; i < rows.size(); i++) {
      w.append(new Key(rows.get(i), NONE, NONE, NONE, ts), new Value(Bytes.ofLong(values.get(i))));
    }
  }

  /** The statistics table: graphs ('g'), predicates ('p'), each by id, then the terms ('t'). */
  private void writeStats(long allTerms) throws IOException {
    try (RFileWriter w = writer(backend.tables.stats)) {
      for (var e : graphs.entrySet()) {
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

  /** The new terms, by their bytes (table terms) and by id (table ids). */
  private void writeTerms(List<Object[]> terms) throws IOException {
    if (terms.isEmpty()) {
      return;
    }
    List<Object[]> byRecord = new ArrayList<>(terms);
    byRecord.sort((a, b) -> Arrays.compareUnsigned((byte[]) a[0], (byte[]) b[0]));
    try (RFileWriter w = writer(backend.tables.terms)) {
      for (Object[] t : byRecord) {
        w.append(
            new Key((byte[]) t[0], NONE, NONE, NONE, ts), new Value(Bytes.ofLong((Long) t[1])));
      }
    }
    List<Object[]> byId = new ArrayList<>(terms);
    byId.sort((a, b) -> Long.compareUnsigned((Long) a[1], (Long) b[1]));
    try (RFileWriter w = writer(backend.tables.ids)) {
      for (Object[] t : byId) {
        w.append(
            new Key(Bytes.ofLong((Long) t[1]), NONE, NONE, NONE, ts), new Value((byte[]) t[0]));
      }
    }
  }
}
