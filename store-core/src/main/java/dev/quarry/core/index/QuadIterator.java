package dev.quarry.core.index;

import dev.quarry.core.btree.Cursor;
import dev.quarry.core.dict.NodeIds;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The quads matching a pattern, chosen index by pattern: with P bound, PSOG (S bound, or nothing
 * else) or POGS (O bound); without P, the projections give the predicates of S (SP), of O (OP), or
 * the subjects of G (GS), and each is looked up in PSOG or POGS.
 */
public abstract class QuadIterator implements Iterator<long[]> {
  private static final long ANY = NodeIds.NONE;
  private static final long MAX = -1L;
  private long[] next;

  /** The next matching quad {@code {g, s, p, o}}, or null. */
  protected abstract long[] advance();

  @Override
  public boolean hasNext() {
    if (next == null) {
      next = advance();
    }
    return next != null;
  }

  @Override
  public long[] next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    long[] q = next;
    next = null;
    return q;
  }

  static QuadIterator of(QuadIndexes ix, long[] roots, long g, long s, long p, long o) {
    if (p != ANY) {
      return byObject(s, o) ? pogs(ix, roots, g, s, p, o) : psog(ix, roots, g, s, p, o);
    }
    if (s != ANY) {
      return viaProjection(ix, roots, Roots.SP, s, pred -> psog(ix, roots, g, s, pred, o));
    }
    if (o != ANY) {
      return viaProjection(ix, roots, Roots.OP, o, pred -> pogs(ix, roots, g, s, pred, o));
    }
    if (g != ANY) {
      return viaProjection(ix, roots, Roots.GS, g, subj -> of(ix, roots, g, subj, p, o));
    }
    return psog(ix, roots, g, s, p, o);
  }

  /**
   * The quads with predicate p whose object id lies in one of the ranges {@code [ranges[2i],
   * ranges[2i+1]]} (ascending, disjoint), from POGS, one range after the other.
   */
  static QuadIterator objectIn(QuadIndexes ix, long[] roots, long g, long p, long[] ranges) {
    int[] next = {0};
    return chain(
        () -> {
          if (next[0] >= ranges.length) {
            return null;
          }
          long[] lo = {p, ranges[next[0]], 0, 0};
          long[] hi = {p, ranges[next[0] + 1], MAX, MAX};
          next[0] += 2;
          Cursor c = ix.trees[Roots.POGS].scan(roots[Roots.POGS], lo, hi);
          return filtered(c, g, ANY, p, ANY, 2, 3, 0, 1);
        });
  }

  /** With P bound: POGS serves the pattern (O bound, S free), else PSOG (S bound, or neither). */
  static boolean byObject(long s, long o) {
    return s == ANY && o != ANY;
  }

  /** PSOG over the longest bound prefix of (P, S, O, G), filtering the rest. */
  private static QuadIterator psog(QuadIndexes ix, long[] roots, long g, long s, long p, long o) {
    long[] lo = {p, s, o, g};
    long[] hi = {p, s, o, g};
    prefix(lo, hi);
    Cursor c = ix.trees[Roots.PSOG].scan(roots[Roots.PSOG], lo, hi);
    return filtered(c, g, s, p, o, 3, 1, 0, 2);
  }

  /** POGS over the longest bound prefix of (P, O, G, S). */
  private static QuadIterator pogs(QuadIndexes ix, long[] roots, long g, long s, long p, long o) {
    long[] lo = {p, o, g, s};
    long[] hi = {p, o, g, s};
    prefix(lo, hi);
    Cursor c = ix.trees[Roots.POGS].scan(roots[Roots.POGS], lo, hi);
    return filtered(c, g, s, p, o, 2, 3, 0, 1);
  }

  /** From the first unbound column on, the range is everything. */
  static void prefix(long[] lo, long[] hi) {
    boolean open = false;
    for (int i = 0; i < lo.length; i++) {
      open |= lo[i] == ANY;
      if (open) {
        lo[i] = 0;
        hi[i] = MAX;
      }
    }
  }

  /** Rows of a cursor as quads; {@code gi, si, pi, oi} are the columns of g, s, p, o in the row. */
  private static QuadIterator filtered(
      Cursor c, long g, long s, long p, long o, int gi, int si, int pi, int oi) {
    return new QuadIterator() {
      @Override
      protected long[] advance() {
        while (c.next()) {
          long[] r = c.rows();
          int at = c.offset();
          long qg = r[at + gi];
          long qs = r[at + si];
          long qp = r[at + pi];
          long qo = r[at + oi];
          if ((g == ANY || g == qg)
              && (s == ANY || s == qs)
              && (p == ANY || p == qp)
              && (o == ANY || o == qo)) {
            return new long[] {qg, qs, qp, qo};
          }
        }
        return null;
      }
    };
  }

  /**
   * For each key {@code k} with a row {@code (key, k)} in a projection, the quads of {@code then}.
   */
  private static QuadIterator viaProjection(
      QuadIndexes ix,
      long[] roots,
      int tree,
      long key,
      java.util.function.LongFunction<QuadIterator> then) {
    Cursor keys = ix.trees[tree].scan(roots[tree], new long[] {key, 0}, new long[] {key, MAX});
    return chain(() -> keys.next() ? then.apply(keys.get(1)) : null);
  }

  /** The quads of one iterator after another, each made when the last runs out; null ends. */
  private static QuadIterator chain(java.util.function.Supplier<QuadIterator> parts) {
    return new QuadIterator() {
      private QuadIterator part;

      @Override
      protected long[] advance() {
        for (; ; ) {
          if (part != null && part.hasNext()) {
            return part.next();
          }
          part = parts.get();
          if (part == null) {
            return null;
          }
        }
      }
    };
  }
}
