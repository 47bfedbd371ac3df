package dev.quarry.core.query.exec;

import dev.quarry.core.query.memory.QueryMemory;
import dev.quarry.core.query.memory.SpillFile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Sorts id rows of one width within the query's memory: rows gather in one array, which grows only
 * while the query may reserve more; when it may not, the array is sorted and written to a spill
 * file as a run, and at the end the runs are merged, {@value #FAN_IN} at a time. The sort is
 * stable: rows that compare equal come out in the order they went in.
 */
final class RowSorter implements AutoCloseable {
  /** How rows compare, and how a buffer of them is sorted. */
  interface RowOrder {
    int compare(long[] a, int aOff, long[] b, int bOff);

    /**
     * What the merge compares a row by, made once per row as it reaches the head of its run (e.g.
     * the decoded values of its sort keys); null: rows are compared with {@link #compare}.
     */
    default Object key(long[] row, int off) {
      return null;
    }

    /** Compares two keys made by {@link #key}. */
    default int compareKeys(Object a, Object b) {
      throw new UnsupportedOperationException();
    }

    /** The positions of rows 0..n-1 of {@code data} in order; ties keep their position. */
    default int[] sort(long[] data, int width, int n) {
      return stableSort(n, (i, j) -> compare(data, i * width, data, j * width));
    }
  }

  /** Rows in the order of their ids, column after column: a total order, for grouping copies. */
  static RowOrder byAllColumns(int width) {
    return (a, ao, b, bo) -> Arrays.compare(a, ao, ao + width, b, bo, bo + width);
  }

  /** Batches of rows in order; null at the end. */
  interface RowStream {
    Rows next();
  }

  static final int FAN_IN = 64;
  private static final int FIRST_ROWS = 4096;
  private static final int MERGE_BLOCK_ROWS = 256;

  /** Bytes per row beyond its ids: the sort's permutation and keys. */
  private static final int SORT_BYTES = 16;

  private final int width;
  private final RowOrder order;
  private final QueryMemory memory;
  private final Runnable checkpoint;
  private final List<SpillFile> runs = new ArrayList<>();
  private long[] buf;
  private int n;
  private long held;
  private int runsWritten;

  RowSorter(int width, RowOrder order, QueryMemory memory, Runnable checkpoint) {
    if (width < 1) {
      throw new IllegalArgumentException("rows to sort need a column");
    }
    this.width = width;
    this.order = order;
    this.memory = memory;
    this.checkpoint = checkpoint;
    long first = (long) FIRST_ROWS * rowBytes();
    held = memory.tryReserve(first) ? first : 0; // the first block is allowed even when refused
    buf = new long[FIRST_ROWS * width];
  }

  private long rowBytes() {
    return width * 8L + SORT_BYTES;
  }

  /** Adds the row at {@code data[off .. off + width - 1]}. */
  void add(long[] data, int off) {
    if ((n + 1) * width > buf.length) {
      makeRoom();
    }
    System.arraycopy(data, off, buf, n * width, width);
    n++;
  }

  /** Adds every row of {@code rows} (of this width). */
  void addAll(Rows rows) {
    for (int r = 0; r < rows.size; r++) {
      add(rows.data, r * rows.width);
    }
  }

  /** Sorted runs written to disk (before merging). */
  int runsWritten() {
    return runsWritten;
  }

  /** True once rows have gone to disk. */
  boolean spilled() {
    return !runs.isEmpty();
  }

  private void makeRoom() {
    int rows = buf.length / width;
    long more = (long) rows * rowBytes();
    if (rows < Integer.MAX_VALUE / (2 * width) && memory.tryReserve(more)) {
      held += more;
      buf = Arrays.copyOf(buf, rows * 2 * width);
    } else {
      spillRun();
    }
  }

  private void spillRun() {
    checkpoint.run();
    int[] perm = order.sort(buf, width, n);
    SpillFile f = memory.newSpillFile();
    for (int p : perm) {
      f.write(buf, p * width, width);
    }
    f.finish();
    runs.add(f);
    runsWritten++;
    n = 0;
  }

  /** Ends adding: the rows in order. Close the sorter when done with them. */
  RowStream sorted() {
    if (runs.isEmpty()) {
      int[] perm = order.sort(buf, width, n);
      return new InMemory(perm);
    }
    if (n > 0) {
      spillRun();
    }
    buf = null; // the merge reads from disk: the buffer's memory goes back
    memory.release(held);
    held = 0;
    while (runs.size() > FAN_IN) {
      // One pass: each group of FAN_IN neighbouring runs becomes one, in their order (stability).
      List<SpillFile> next = new ArrayList<>();
      for (int from = 0; from < runs.size(); from += FAN_IN) {
        List<SpillFile> group = runs.subList(from, Math.min(from + FAN_IN, runs.size()));
        if (group.size() == 1) {
          next.add(group.getFirst());
          continue;
        }
        SpillFile merged = memory.newSpillFile();
        Merge m = new Merge(group);
        for (Rows r = m.next(); r != null; r = m.next()) {
          merged.write(r.data, 0, r.size * width);
        }
        merged.finish();
        group.forEach(SpillFile::close);
        next.add(merged);
      }
      runs.clear();
      runs.addAll(next);
    }
    return new Merge(runs);
  }

  private final class InMemory implements RowStream {
    private final int[] perm;
    private int pos;

    InMemory(int[] perm) {
      this.perm = perm;
    }

    @Override
    public Rows next() {
      if (pos >= perm.length) {
        return null;
      }
      Rows out = new Rows(width, Math.min(Rows.BATCH, perm.length - pos));
      while (pos < perm.length && out.size < Rows.BATCH) {
        int at = out.append();
        System.arraycopy(buf, perm[pos++] * width, out.data, at, width);
      }
      return out;
    }
  }

  /** A k-way merge of sorted runs; a tie goes to the earlier run, which keeps the sort stable. */
  private final class Merge implements RowStream {
    private final PriorityQueue<Cursor> heap;

    Merge(List<SpillFile> files) {
      heap =
          new PriorityQueue<>(
              Math.max(1, files.size()),
              (a, b) -> {
                int c =
                    a.key != null
                        ? order.compareKeys(a.key, b.key)
                        : order.compare(a.block, a.pos * width, b.block, b.pos * width);
                return c != 0 ? c : Integer.compare(a.run, b.run);
              });
      for (int i = 0; i < files.size(); i++) {
        Cursor c = new Cursor(files.get(i), i);
        if (c.advance()) {
          heap.add(c);
        }
      }
    }

    @Override
    public Rows next() {
      if (heap.isEmpty()) {
        return null;
      }
      checkpoint.run();
      Rows out = new Rows(width, Rows.BATCH);
      while (!heap.isEmpty() && out.size < Rows.BATCH) {
        Cursor c = heap.poll();
        int at = out.append();
        System.arraycopy(c.block, c.pos * width, out.data, at, width);
        if (c.advance()) {
          heap.add(c);
        }
      }
      return out;
    }
  }

  /** One run, read a block of rows at a time. */
  private final class Cursor {
    final SpillFile.Reader reader;
    final int run;
    final long[] block = new long[MERGE_BLOCK_ROWS * width];
    int pos = -1;
    int count;

    Cursor(SpillFile file, int run) {
      this.reader = file.reader();
      this.run = run;
    }

    Object key; // the head row's key, if the order makes keys

    /** Moves to the next row; false at the end of the run. */
    boolean advance() {
      if (++pos >= count) {
        count = reader.read(block, 0, block.length) / width;
        pos = 0;
        if (count == 0) {
          return false;
        }
      }
      key = order.key(block, pos * width);
      return true;
    }
  }

  @Override
  public void close() {
    runs.forEach(SpillFile::close);
    runs.clear();
    buf = null;
    memory.release(held);
    held = 0;
  }

  /** Compares two row positions. */
  interface PositionOrder {
    int compare(int i, int j);
  }

  /** A stable merge sort of the positions 0..n-1. */
  static int[] stableSort(int n, PositionOrder cmp) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    int[] tmp = new int[n];
    for (int w = 1; w < n; w *= 2) {
      for (int lo = 0; lo < n - w; lo += 2 * w) {
        int mid = lo + w;
        int hi = Math.min(lo + 2 * w, n);
        if (cmp.compare(a[mid - 1], a[mid]) <= 0) {
          continue; // already in order
        }
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
          tmp[k++] = cmp.compare(a[j], a[i]) < 0 ? a[j++] : a[i++];
        }
        while (i < mid) {
          tmp[k++] = a[i++];
        }
        while (j < hi) {
          tmp[k++] = a[j++];
        }
        System.arraycopy(tmp, lo, a, lo, hi - lo);
      }
    }
    return a;
  }
}
