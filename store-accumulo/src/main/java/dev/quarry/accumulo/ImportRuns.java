package dev.quarry.accumulo;

import dev.quarry.core.storage.StoreException;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.stream.Stream;

/**
 * An import's quads as ids, bounded in memory: up to {@code capacity} quads are held; past that
 * they are sorted in each {@link Order} (one order at a time) and written to disk as one sorted run
 * per order, each row as the column where it first differs from the row before, that column's
 * increase and the columns after it (varints). {@link #rows} gives an order's rows, sorted and each
 * once: the held quads sorted in memory if nothing was written, else the merge of the runs.
 */
final class ImportRuns implements AutoCloseable {
  private static final int BUFFER = 1 << 16;

  private final int capacity;
  private final Path dir;
  private long[] held = new long[4 * 4096];
  private int count;
  private long total;
  private final List<Map<Order, Path>> runs = new ArrayList<>();
  private long spilledBytes;

  ImportRuns(int capacity, Path dir) {
    this.capacity = Math.max(1024, capacity);
    this.dir = dir;
  }

  /** Quads at most held for a budget of {@code bytes}: 32 bytes each, and a sort of one order. */
  static int capacityFor(long bytes) {
    return (int) Math.min(Integer.MAX_VALUE / 8, Math.max(1024, bytes / 96));
  }

  /** Adds {@code n} quads {@code (g, s, p, o)} from {@code quads}; may write a run. */
  void add(long[] quads, int n) {
    int from = 0;
    while (from < n) {
      int take = Math.min(n - from, capacity - count);
      if (held.length < 4 * (count + take)) {
        held = Arrays.copyOf(held, 4 * Math.min(capacity, Math.max(count + take, count * 2)));
      }
      System.arraycopy(quads, 4 * from, held, 4 * count, 4 * take);
      count += take;
      total += take;
      from += take;
      if (count == capacity) {
        spill();
      }
    }
  }

  /** Quads added, repeats included. */
  long total() {
    return total;
  }

  /** Bytes written to runs so far. */
  long spilledBytes() {
    return spilledBytes;
  }

  boolean spilled() {
    return !runs.isEmpty();
  }

  /**
   * Writes what is held as a run, so that every order can be read from disk at once (by several
   * threads, none holding a sort in memory). Nothing to do if nothing was ever written: then the
   * rows are sorted in memory.
   */
  void finish() {
    if (spilled() && count > 0) {
      spill();
    }
  }

  private void spill() {
    Map<Order, Path> run = new EnumMap<>(Order.class);
    try {
      Files.createDirectories(dir);
      for (Order order : Order.values()) {
        Path file = dir.resolve("run-" + runs.size() + "-" + order.suffix());
        try (DataOutputStream out =
            new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), BUFFER))) {
          long[] prev = new long[4];
          boolean first = true;
          for (long[] row : sortedHeld(order)) {
            write(out, row, prev, first);
            prev = row;
            first = false;
          }
        }
        spilledBytes += Files.size(file);
        run.put(order, file);
      }
    } catch (IOException e) {
      throw new StoreException("writing an import's sorted run in " + dir + ": " + e, e);
    }
    runs.add(run);
    count = 0;
    held = new long[4 * 4096];
  }

  /** The held quads as {@code order}'s rows, sorted, without repeats. */
  private List<long[]> sortedHeld(Order order) {
    long[][] rows = new long[count][];
    for (int i = 0; i < count; i++) {
      long[] r = new long[4];
      for (int k = 0; k < 4; k++) {
        r[k] = held[4 * i + order.parts[k]];
      }
      rows[i] = r;
    }
    Arrays.parallelSort(rows, Arrays::compareUnsigned);
    int m = 0;
    for (int i = 0; i < rows.length; i++) {
      if (m == 0 || !Arrays.equals(rows[m - 1], rows[i])) {
        rows[m++] = rows[i];
      }
    }
    return Arrays.asList(rows).subList(0, m);
  }

  private static void write(DataOutputStream out, long[] row, long[] prev, boolean first)
      throws IOException {
    int c = 0;
    while (!first && c < 3 && row[c] == prev[c]) {
      c++;
    }
    out.writeByte(c);
    varint(out, first ? row[0] : row[c] - prev[c]);
    for (int k = c + 1; k < 4; k++) {
      varint(out, row[k]);
    }
  }

  private static void varint(DataOutputStream out, long v) throws IOException {
    while ((v & ~0x7FL) != 0) {
      out.writeByte((int) ((v & 0x7F) | 0x80));
      v >>>= 7;
    }
    out.writeByte((int) v);
  }

  /**
   * {@code order}'s rows, ascending (unsigned), each once. Close the stream when done: it holds the
   * runs' files open.
   */
  Stream<long[]> rows(Order order) {
    if (!spilled()) {
      return sortedHeld(order).stream();
    }
    List<RunReader> readers = new ArrayList<>();
    for (Map<Order, Path> run : runs) {
      readers.add(new RunReader(run.get(order)));
    }
    Iterator<long[]> merged = new Merge(readers);
    Iterable<long[]> once = () -> merged;
    return java.util.stream.StreamSupport.stream(once.spliterator(), false)
        .onClose(() -> readers.forEach(RunReader::close));
  }

  /** The runs merged, repeats across runs dropped. */
  private static final class Merge implements Iterator<long[]> {
    private final PriorityQueue<RunReader> heads =
        new PriorityQueue<>(Comparator.comparing(r -> r.row, Arrays::compareUnsigned));
    private long[] next;
    private long[] last;

    Merge(List<RunReader> readers) {
      for (RunReader r : readers) {
        if (r.advance()) {
          heads.add(r);
        }
      }
      step();
    }

    private void step() {
      next = null;
      while (next == null && !heads.isEmpty()) {
        RunReader r = heads.poll();
        long[] row = r.row.clone();
        if (r.advance()) {
          heads.add(r);
        }
        if (last == null || !Arrays.equals(last, row)) {
          next = row;
          last = row;
        }
      }
    }

    @Override
    public boolean hasNext() {
      return next != null;
    }

    @Override
    public long[] next() {
      if (next == null) {
        throw new NoSuchElementException();
      }
      long[] r = next;
      step();
      return r;
    }
  }

  /** One run file, row by row. */
  private static final class RunReader implements AutoCloseable {
    private final DataInputStream in;
    final long[] row = new long[4];
    private boolean first = true;

    RunReader(Path file) {
      try {
        in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), BUFFER));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    boolean advance() {
      try {
        int c;
        try {
          c = in.readUnsignedByte();
        } catch (EOFException end) {
          return false;
        }
        long v = varint();
        row[c] = first ? v : row[c] + v;
        first = false;
        for (int k = c + 1; k < 4; k++) {
          row[k] = varint();
        }
        return true;
      } catch (IOException e) {
        throw new UncheckedIOException("reading an import's sorted run: " + e, e);
      }
    }

    private long varint() throws IOException {
      long v = 0;
      for (int shift = 0; ; shift += 7) {
        int b = in.readUnsignedByte();
        v |= (long) (b & 0x7F) << shift;
        if ((b & 0x80) == 0) {
          return v;
        }
      }
    }

    @Override
    public void close() {
      try {
        in.close();
      } catch (IOException ignored) {
        // read to its end or abandoned: nothing to keep
      }
    }
  }

  /** Deletes the runs. */
  @Override
  public void close() {
    try (Stream<Path> files = Files.exists(dir) ? Files.list(dir) : Stream.empty()) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Files.deleteIfExists(f);
      }
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the import's runs in " + dir, e);
    }
  }
}
