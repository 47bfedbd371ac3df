package dev.quarry.core.index;

import dev.quarry.core.btree.BTree;
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
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * A bulk load's quads as ids, bounded in memory: they are held up to {@link #capacity} quads; past
 * that the held quads are sorted in each index's order (the orders in parallel) and written to disk
 * as one sorted run per order, compact (each row as the column where it first differs from the row
 * before, that column's difference and the columns after it, as varints). At the end each order's
 * rows are the merge of its runs, repeats dropped, read as one ascending stream ({@link #merged}).
 * A load that never filled its memory never touches the disk ({@link #sortedInMemory}).
 */
final class QuadRuns implements AutoCloseable {
  private final int capacity;
  private final Path dir;
  private final ExecutorService sorters;
  private long[] held = new long[4 * 4096];
  private int count;
  private long total;
  private final List<Path[]> runs = new ArrayList<>(); // per run, one file per order
  private long spilledBytes;

  /**
   * @param capacity quads held in memory at most (each 32 bytes, plus a sort buffer of as much for
   *     each order sorted at once)
   * @param dir where runs go, created when the first one is written
   * @param sorters threads that sort the orders of a run at once
   */
  QuadRuns(int capacity, Path dir, ExecutorService sorters) {
    this.capacity = Math.max(1024, capacity);
    this.dir = dir;
    this.sorters = sorters;
  }

  /** Adds {@code n} quads {@code (g, s, p, o)} from {@code quads}; may write a run. */
  synchronized void add(long[] quads, int n) {
    int from = 0;
    while (from < n) {
      int take = Math.min(n - from, capacity - count);
      ensure(count + take);
      System.arraycopy(quads, from * 4, held, count * 4, take * 4);
      count += take;
      total += take;
      from += take;
      if (count == capacity) {
        spill();
      }
    }
  }

  private void ensure(int quads) {
    if (held.length < quads * 4) {
      held =
          Arrays.copyOf(held, (int) Math.min((long) capacity * 4, Math.max(quads, count * 2L) * 4));
    }
  }

  /** Quads added (repeats included). */
  synchronized long total() {
    return total;
  }

  /** Whether some quads went to disk: then the rows come from {@link #merged}. */
  synchronized boolean spilled() {
    return !runs.isEmpty();
  }

  synchronized long spilledBytes() {
    return spilledBytes;
  }

  /** The held quads (none spilled), for callers that read them as quads. */
  synchronized long[] heldQuads() {
    return held;
  }

  synchronized int heldCount() {
    return count;
  }

  /** The held quads as {@code order}'s sorted rows without repeats, in {@code into} (4 x held). */
  int sortedInMemory(QuadOrder order, long[] into) {
    return QuadWriter.sortRows(order, held, count, null, into);
  }

  /** Writes the held quads as a run: each order sorted (in parallel) and written to its file. */
  synchronized void spill() {
    if (count == 0) {
      return;
    }
    try {
      Files.createDirectories(dir);
      QuadOrder[] orders = QuadOrder.values();
      Path[] files = new Path[orders.length];
      List<Future<Long>> done = new ArrayList<>();
      for (QuadOrder order : orders) {
        Path file = dir.resolve("run-" + runs.size() + "-" + order.name().toLowerCase() + ".bin");
        files[order.ordinal()] = file;
        done.add(sorters.submit(() -> writeRun(order, file)));
      }
      for (Future<Long> f : done) {
        spilledBytes += f.get();
      }
      runs.add(files);
      count = 0;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write a load's sorted run: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while writing a load's sorted run", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e);
    }
  }

  private long writeRun(QuadOrder order, Path file) throws IOException {
    int width = order.width();
    long[] rows = new long[count * width];
    int n = sortedInMemory(order, rows);
    try (DataOutputStream out =
        new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16))) {
      varint(out, n);
      for (int i = 0; i < n; i++) {
        int at = i * width;
        int c = 0;
        if (i > 0) {
          while (c < width - 1 && rows[at + c] == rows[at - width + c]) {
            c++;
          }
        }
        out.writeByte(c);
        varint(out, i > 0 ? rows[at + c] - rows[at - width + c] : rows[at + c]);
        for (int k = c + 1; k < width; k++) {
          varint(out, rows[at + k]);
        }
      }
      return out.size();
    }
  }

  /** The rows of {@code order} from every run, merged, ascending, without repeats. */
  BTree.RowSource merged(QuadOrder order) {
    List<RunReader> readers = new ArrayList<>();
    for (Path[] files : runs) {
      readers.add(new RunReader(files[order.ordinal()], order.width()));
    }
    int width = order.width();
    PriorityQueue<RunReader> heads = new PriorityQueue<>((a, b) -> compare(a.row, b.row, width));
    for (RunReader r : readers) {
      if (r.next()) {
        heads.add(r);
      }
    }
    long[] last = new long[width];
    boolean[] any = {false};
    return row -> {
      while (!heads.isEmpty()) {
        RunReader r = heads.poll();
        System.arraycopy(r.row, 0, row, 0, width);
        if (r.next()) {
          heads.add(r);
        } else {
          r.close();
        }
        if (!any[0] || compare(row, last, width) != 0) {
          any[0] = true;
          System.arraycopy(row, 0, last, 0, width);
          return true;
        }
      }
      return false;
    };
  }

  private static int compare(long[] a, long[] b, int width) {
    for (int c = 0; c < width; c++) {
      if (a[c] != b[c]) {
        return Long.compareUnsigned(a[c], b[c]);
      }
    }
    return 0;
  }

  /** Deletes the runs. */
  @Override
  public synchronized void close() {
    for (Path[] files : runs) {
      for (Path f : files) {
        try {
          Files.deleteIfExists(f);
        } catch (IOException e) {
          // swept with the directory at the next load
        }
      }
    }
    runs.clear();
    held = null;
  }

  private static void varint(DataOutputStream out, long v) throws IOException {
    while ((v & ~0x7FL) != 0) {
      out.writeByte((int) (v & 0x7F) | 0x80);
      v >>>= 7;
    }
    out.writeByte((int) v);
  }

  /** Reads one run file row by row. */
  private static final class RunReader implements AutoCloseable {
    private final DataInputStream in;
    private final int width;
    final long[] row;
    private long left;
    private boolean first = true;

    RunReader(Path file, int width) {
      try {
        this.in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16));
        this.width = width;
        this.row = new long[width];
        this.left = varint(in);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read a load's sorted run: " + e.getMessage(), e);
      }
    }

    boolean next() {
      if (left == 0) {
        return false;
      }
      try {
        int c = in.readUnsignedByte();
        long v = varint(in);
        row[c] = first ? v : row[c] + v;
        first = false;
        for (int k = c + 1; k < width; k++) {
          row[k] = varint(in);
        }
        left--;
        return true;
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read a load's sorted run: " + e.getMessage(), e);
      }
    }

    private static long varint(DataInputStream in) throws IOException {
      long v = 0;
      int shift = 0;
      while (true) {
        int b = in.read();
        if (b < 0) {
          throw new EOFException("a load's sorted run ends early");
        }
        v |= (long) (b & 0x7F) << shift;
        if (b < 0x80) {
          return v;
        }
        shift += 7;
      }
    }

    @Override
    public void close() {
      try {
        in.close();
      } catch (IOException e) {
        // read to its end already
      }
    }
  }
}
