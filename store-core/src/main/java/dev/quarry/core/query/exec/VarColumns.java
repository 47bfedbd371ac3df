package dev.quarry.core.query.exec;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.apache.jena.sparql.core.Var;

/**
 * Where variables stand among an operator's columns. Operators are made for every query, so these
 * are loops, not streams: a stream pipeline per constructor was 4 % of a BSBM Explore query's
 * thread, and more code for a new server's JIT to compile.
 */
final class VarColumns {
  private VarColumns() {}

  /** For each of {@code vars} in its order, its column in {@code columns} (-1 if absent). */
  static int[] of(Collection<Var> vars, List<Var> columns) {
    int[] out = new int[vars.size()];
    int i = 0;
    for (Var v : vars) {
      out[i++] = columns.indexOf(v);
    }
    return out;
  }

  /** The columns of {@code vars} that {@code columns} has, in the order of {@code vars}. */
  static int[] present(Collection<Var> vars, List<Var> columns) {
    int[] out = new int[vars.size()];
    int n = 0;
    for (Var v : vars) {
      int c = columns.indexOf(v);
      if (c >= 0) {
        out[n++] = c;
      }
    }
    return n == out.length ? out : Arrays.copyOf(out, n);
  }
}
