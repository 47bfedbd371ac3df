package dev.quarry.core.index;

import dev.quarry.core.index.spi.QuadProbes;
import dev.quarry.core.index.spi.QuadSink;
import dev.quarry.core.index.spi.QuadView;

/**
 * A batch of quad probes as key ranges of PSOG and POGS, each sorted and read with one descent per
 * index ({@link dev.quarry.core.btree.BTree#lookupBatch}): a probe whose subject is bound, or whose
 * object is free, reads PSOG {@code (p, s, o, g)}; the rest (object bound or a range, subject free)
 * read POGS {@code (p, o, g, s)}. Probes asking for the same quads are read once and each gets the
 * rows. Rows outside a probe's bound parts (a graph after a free column) are filtered out here.
 */
final class VectoredLookup {
  private static final long ANY = QuadView.NONE;
  private static final long MAX = -1L;
  private static final int KEY = 4;

  private VectoredLookup() {}

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
    if (read(ix, roots, QuadOrder.PSOG, probes, psog, np, sink)) {
      read(ix, roots, QuadOrder.POGS, probes, pogs, no, sink);
    }
  }

  /** Reads probes {@code which[0..n)} from {@code order}; false if the sink stopped. */
  private static boolean read(
      QuadIndexes ix,
      long[] roots,
      QuadOrder order,
      QuadProbes probes,
      int[] which,
      int n,
      QuadSink sink) {
    if (n == 0) {
      return true;
    }
    long[] keys = new long[n * 2 * KEY]; // lo then hi, per probe in `which` order
    for (int i = 0; i < n; i++) {
      keyRange(order, probes, which[i], keys, i * 2 * KEY);
    }
    int[] sorted = ProbeSort.sort(keys, n, 2 * KEY);
    // Probes with equal ranges and equal parts are read once: first[u] is where the sorted probes
    // of unique range u start.
    long[] los = new long[n * KEY];
    long[] his = new long[n * KEY];
    int[] first = new int[n + 1];
    int unique = 0;
    for (int i = 0; i < n; i++) {
      int k = sorted[i];
      if (i > 0 && same(keys, k, sorted[i - 1], probes, which)) {
        continue;
      }
      first[unique] = i;
      System.arraycopy(keys, k * 2 * KEY, los, unique * KEY, KEY);
      System.arraycopy(keys, k * 2 * KEY + KEY, his, unique * KEY, KEY);
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
            (u, rows, at) -> {
              long g = rows[at + gc];
              long s = rows[at + sc];
              long p = rows[at + pc];
              long o = rows[at + oc];
              for (int i = first[u]; i < first[u + 1]; i++) {
                int probe = which[sorted[i]];
                if (matches(probes, probe, g, s, o) && !sink.accept(probe, g, s, p, o)) {
                  stopped[0] = true;
                  return false;
                }
              }
              return true;
            });
    return !stopped[0];
  }

  /** The key range of probe {@code i} in {@code order}: bound prefix, a range, then open. */
  private static void keyRange(QuadOrder order, QuadProbes probes, int i, long[] keys, int at) {
    long oLo = probes.objectLo(i);
    long oHi = probes.objectHi(i);
    long[] quad = {probes.g(i), probes.s(i), probes.p(i), oLo};
    boolean open = false;
    for (int c = 0; c < KEY; c++) {
      int part = partAt(order, c);
      if (open) {
        keys[at + c] = 0;
        keys[at + KEY + c] = MAX;
      } else if (part == QuadOrder.O && !probes.objectFree(i)) {
        keys[at + c] = oLo;
        keys[at + KEY + c] = oHi;
        open = oLo != oHi; // after a range, everything
      } else {
        long v = quad[part];
        open = v == ANY;
        keys[at + c] = open ? 0 : v;
        keys[at + KEY + c] = open ? MAX : v;
      }
    }
  }

  private static int partAt(QuadOrder order, int column) {
    for (int part = 0; part < 4; part++) {
      if (order.columnOf(part) == column) {
        return part;
      }
    }
    throw new IllegalStateException();
  }

  private static boolean same(long[] keys, int a, int b, QuadProbes probes, int[] which) {
    for (int c = 0; c < 2 * KEY; c++) {
      if (keys[a * 2 * KEY + c] != keys[b * 2 * KEY + c]) {
        return false;
      }
    }
    int pa = which[a];
    int pb = which[b];
    return probes.g(pa) == probes.g(pb)
        && probes.s(pa) == probes.s(pb)
        && probes.objectLo(pa) == probes.objectLo(pb)
        && probes.objectHi(pa) == probes.objectHi(pb);
  }

  private static boolean matches(QuadProbes probes, int i, long g, long s, long o) {
    long pg = probes.g(i);
    long ps = probes.s(i);
    if ((pg != ANY && pg != g) || (ps != ANY && ps != s)) {
      return false;
    }
    if (probes.objectFree(i)) {
      return true;
    }
    return Long.compareUnsigned(o, probes.objectLo(i)) >= 0
        && Long.compareUnsigned(o, probes.objectHi(i)) <= 0;
  }
}
