package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadView;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.jena.sparql.core.Var;

/**
 * Two triple patterns with constant predicates that share their subject variable, joined by
 * merging: each is scanned in subject order (PSOG with the object free, POGS with it bound; within
 * one graph either is ordered by subject), and the two scans advance together, so both are read
 * sequentially instead of the second being probed once per row of the first. Equal subjects on both
 * sides give their cross product.
 */
public final class MergeJoin extends IdOperator {
  /** One side: a pattern {@code ?s P O} as constants (0 for the object: a variable). */
  public record Side(long p, long o, Var objectVar, String text) {}

  private final QuadView view;
  private final long graph;
  private final Side left;
  private final Side right;
  private Iterator<long[]> a;
  private Iterator<long[]> b;
  private long[] nextA;
  private long[] nextB;
  private final List<long[]> runA = new ArrayList<>();
  private final List<long[]> runB = new ArrayList<>();
  private final int colA; // the output column of each side's object variable, or -1
  private final int colB;

  public MergeJoin(QuadView view, long graph, Var subject, Side left, Side right) {
    super(vars(subject, left, right));
    this.view = view;
    this.graph = graph;
    this.left = left;
    this.right = right;
    this.colA = left.objectVar() == null ? -1 : vars.indexOf(left.objectVar());
    this.colB = right.objectVar() == null ? -1 : vars.indexOf(right.objectVar());
  }

  private static List<Var> vars(Var subject, Side left, Side right) {
    List<Var> out = new ArrayList<>(List.of(subject));
    for (Side s : List.of(left, right)) {
      if (s.objectVar() != null && !out.contains(s.objectVar())) {
        out.add(s.objectVar());
      }
    }
    return out;
  }

  @Override
  protected Rows compute() {
    if (a == null) {
      a = view.find(graph, 0, left.p(), left.o());
      b = view.find(graph, 0, right.p(), right.o());
      nextA = a.hasNext() ? a.next() : null;
      nextB = b.hasNext() ? b.next() : null;
    }
    Rows out = new Rows(vars.size(), Rows.SMALL);
    while (out.size < Rows.BATCH && nextA != null && nextB != null) {
      int c = Long.compareUnsigned(nextA[1], nextB[1]);
      if (c < 0) {
        nextA = skipTo(a, nextB[1]);
      } else if (c > 0) {
        nextB = skipTo(b, nextA[1]);
      } else {
        long s = nextA[1];
        nextA = run(a, nextA, s, runA);
        nextB = run(b, nextB, s, runB);
        for (long[] qa : runA) {
          for (long[] qb : runB) {
            emit(out, s, qa[3], qb[3]);
          }
        }
      }
    }
    return out.size == 0 ? null : out; // empty only once a side has ended
  }

  /** The first quad of the scan whose subject is not below {@code s}, or null at the end. */
  private static long[] skipTo(Iterator<long[]> it, long s) {
    while (it.hasNext()) {
      long[] q = it.next();
      if (Long.compareUnsigned(q[1], s) >= 0) {
        return q;
      }
    }
    return null;
  }

  /** Collects the quads of subject s starting with {@code first}; returns the quad after them. */
  private static long[] run(Iterator<long[]> it, long[] first, long s, List<long[]> into) {
    into.clear();
    into.add(first);
    while (it.hasNext()) {
      long[] q = it.next();
      if (q[1] != s) {
        return q;
      }
      into.add(q);
    }
    return null;
  }

  private void emit(Rows out, long s, long oa, long ob) {
    if (colA >= 0 && colA == colB && oa != ob) {
      return; // the same object variable on both sides must agree
    }
    int at = out.append();
    out.data[at] = s;
    if (colA >= 0) {
      out.data[at + colA] = oa;
    }
    if (colB >= 0) {
      out.data[at + colB] = ob;
    }
  }

  @Override
  public String label() {
    return "merge join on subjects " + left.text() + " with " + right.text();
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of();
  }
}
