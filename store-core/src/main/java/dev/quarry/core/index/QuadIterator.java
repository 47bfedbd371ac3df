package dev.quarry.core.index;

import dev.quarry.core.btree.Cursor;
import dev.quarry.core.dict.NodeIds;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.LongFunction;
import java.util.function.Supplier;

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
      return complete(ix, roots, QuadOrder.forPattern(s, o), g, s, p, o);
    }
    if (s != ANY) {
      return viaProjection(
          ix, roots, QuadOrder.SP, s, pred -> complete(ix, roots, QuadOrder.PSOG, g, s, pred, o));
    }
    if (o != ANY) {
      return viaProjection(
          ix, roots, QuadOrder.OP, o, pred -> complete(ix, roots, QuadOrder.POGS, g, s, pred, o));
    }
    if (g != ANY) {
      return viaProjection(ix, roots, QuadOrder.GS, g, subj -> of(ix, roots, g, subj, p, o));
    }
    return complete(ix, roots, QuadOrder.PSOG, g, s, p, o);
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
          Cursor c = ix.scan(roots, QuadOrder.POGS, lo, hi);
          return filtered(c, QuadOrder.POGS, g, ANY, p, ANY);
        });
  }

  /** Every quad of PSOG, those of graph g kept. */
  static QuadIterator fullScan(QuadIndexes ix, long[] roots, long g) {
    return complete(ix, roots, QuadOrder.PSOG, g, ANY, ANY, ANY);
  }

  /** PSOG or POGS over the longest bound prefix of the pattern, filtering the rest. */
  private static QuadIterator complete(
      QuadIndexes ix, long[] roots, QuadOrder order, long g, long s, long p, long o) {
    long[] lo = new long[4];
    long[] hi = new long[4];
    order.range(g, s, p, o, lo, hi);
    return filtered(ix.scan(roots, order, lo, hi), order, g, s, p, o);
  }

  /** Rows of a cursor of a complete order as quads that match the pattern. */
  private static QuadIterator filtered(Cursor c, QuadOrder order, long g, long s, long p, long o) {
    int gi = order.columnOf(QuadOrder.G);
    int si = order.columnOf(QuadOrder.S);
    int pi = order.columnOf(QuadOrder.P);
    int oi = order.columnOf(QuadOrder.O);
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
      QuadOrder projection,
      long key,
      LongFunction<QuadIterator> then) {
    Cursor keys = ix.scan(roots, projection, new long[] {key, 0}, new long[] {key, MAX});
    return chain(() -> keys.next() ? then.apply(keys.get(1)) : null);
  }

  /** The quads of one iterator after another, each made when the last runs out; null ends. */
  private static QuadIterator chain(Supplier<QuadIterator> parts) {
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
