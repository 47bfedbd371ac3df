package dev.quarry.core.index;

import dev.quarry.core.btree.RowSort;
import dev.quarry.core.index.spi.QuadProbes;
import dev.quarry.core.index.spi.QuadSink;
import dev.quarry.core.index.spi.QuadView;
import java.util.Arrays;

/**
 * A batch of quad probes as key ranges of PSOG and POGS, each sorted and read with one descent per
 * index ({@link dev.quarry.core.btree.BTree#lookupBatch}): a probe whose subject is bound, or whose
 * object is free, reads PSOG {@code (p, s, o, g)}; the rest (object bound or a range, subject free)
 * read POGS {@code (p, o, g, s)}. Equal probes are read once and each gets the rows. Rows outside a
 * probe's bound parts (a graph after a free column) are filtered out here.
 */
final class VectoredLookup {
  private static final long ANY = QuadView.NONE;
  private static final int KEY = 4;

  /**
   * A probe as one sortable row: its key range (lo, hi), its parts (g, s, oLo, oHi; p is the key's
   * first column), and last its number. Sorted, equal probes are adjacent.
   */
  private static final int G = 2 * KEY;

  private static final int S = G + 1;
  private static final int O_LO = G + 2;
  private static final int O_HI = G + 3;
  private static final int NUMBER = G + 4;
  private static final int WIDTH = NUMBER + 1;

  private VectoredLookup() {}

  /**
   * A thread's arrays for {@link #read}, reused for batches of up to {@link #KEPT} probes: made per
   * batch, they and the sort's were about a tenth of a BSBM server's allocation. A larger batch, or
   * one started by a sink while a batch is under way (none does), has arrays of its own.
   */
  private static final class Scratch {
    long[] rows = new long[0];
    long[] los = new long[0];
    long[] his = new long[0];
    int[] first = new int[0];
    final RowSort.Buffers sort = new RowSort.Buffers();
    boolean busy;

    Scratch sizedFor(int n) {
      if (rows.length < n * WIDTH) {
        rows = new long[n * WIDTH];
        los = new long[n * KEY];
        his = new long[n * KEY];
        first = new int[n + 1];
      }
      return this;
    }
  }

  private static final int KEPT = 2048;
  private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

  static void run(QuadIndexes ix, long[] roots, QuadProbes probes, QuadSink sink) {
    int n = probes.size();
    int[] psog = new int[n];
    int[] pogs = new int[n];
    int np = 0;
    int no = 0;
    for (int i = 0; i < n; i++) {
      if (probes.s(i) != ANY || probes.objectFree(i)) {
        psog[np++] = i;
      } else {
        pogs[no++] = i;
      }
    }
    Scratch kept = SCRATCH.get();
    Scratch scratch = kept.busy ? new Scratch() : kept;
    scratch.busy = true;
    try {
      if (read(ix, roots, QuadOrder.PSOG, probes, psog, np, sink, scratch)) {
        read(ix, roots, QuadOrder.POGS, probes, pogs, no, sink, scratch);
      }
    } finally {
      scratch.busy = false;
    }
  }

  /**
   * Reads probes {@code which[0..n)} from {@code order}, in the arrays of {@code kept} unless they
   * are more than {@link #KEPT}; false if the sink stopped.
   */
  private static boolean read(
      QuadIndexes ix,
      long[] roots,
      QuadOrder order,
      QuadProbes probes,
      int[] which,
      int n,
      QuadSink sink,
      Scratch kept) {
    if (n == 0) {
      return true;
    }
    Scratch scratch = (n > KEPT ? new Scratch() : kept).sizedFor(n);
    long[] rows = scratch.rows;
    for (int i = 0; i < n; i++) {
      int p = which[i];
      int at = i * WIDTH;
      order.range(
          probes.g(p),
          probes.s(p),
          probes.p(p),
          probes.objectLo(p),
          probes.objectHi(p),
          rows,
          at,
          rows,
          at + KEY);
      rows[at + G] = probes.g(p);
      rows[at + S] = probes.s(p);
      rows[at + O_LO] = probes.objectLo(p);
      rows[at + O_HI] = probes.objectHi(p);
      rows[at + NUMBER] = p;
    }
    // The rows are in order of NUMBER, their last column.
    RowSort.sortByFirstDifference(rows, n, WIDTH, scratch.sort);
    // first[u]: where the sorted probes of unique probe u start.
    long[] los = scratch.los;
    long[] his = scratch.his;
    int[] first = scratch.first;
    int unique = 0;
    for (int i = 0; i < n; i++) {
      int at = i * WIDTH;
      if (i > 0 && Arrays.equals(rows, at, at + NUMBER, rows, at - WIDTH, at - WIDTH + NUMBER)) {
        continue;
      }
      first[unique] = i;
      System.arraycopy(rows, at, los, unique * KEY, KEY);
      System.arraycopy(rows, at + KEY, his, unique * KEY, KEY);
      unique++;
    }
    first[unique] = n;
    int gc = order.columnOf(QuadOrder.G);
    int sc = order.columnOf(QuadOrder.S);
    int pc = order.columnOf(QuadOrder.P);
    int oc = order.columnOf(QuadOrder.O);
    boolean[] stopped = {false};
    ix.tree(order)
        .lookupBatch(
            ix.root(roots, order),
            los,
            his,
            unique,
            (u, found, at) -> {
              long g = found[at + gc];
              long s = found[at + sc];
              long o = found[at + oc];
              if (!matches(rows, first[u] * WIDTH, g, s, o)) {
                return true; // the probes of u are equal: none of them wants this row
              }
              long p = found[at + pc];
              for (int i = first[u]; i < first[u + 1]; i++) {
                if (!sink.accept((int) rows[i * WIDTH + NUMBER], g, s, p, o)) {
                  stopped[0] = true;
                  return false;
                }
              }
              return true;
            });
    return !stopped[0];
  }

  /** Whether a found quad fits the parts of the probe row at {@code rows[at..]}. */
  private static boolean matches(long[] rows, int at, long g, long s, long o) {
    long pg = rows[at + G];
    long ps = rows[at + S];
    if ((pg != ANY && pg != g) || (ps != ANY && ps != s)) {
      return false;
    }
    long lo = rows[at + O_LO];
    long hi = rows[at + O_HI];
    if (lo == ANY && hi == ANY) {
      return true;
    }
    return Long.compareUnsigned(o, lo) >= 0 && Long.compareUnsigned(o, hi) <= 0;
  }
}
