package dev.quarry.core.query.exec;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.Expr;

/**
 * The values of a deterministic expression of one or two variables (a variable alone too: its term
 * decoded once), remembered by the ids of those variables: one term is one value, so a row whose
 * ids were seen before gets the value computed then (a ratio of two counts, a category's label,
 * repeated over many rows). Bounded: cleared when full.
 */
final class ExprMemo<T> {
  private static final int LIMIT = 1 << 16;
  private final int[] cols;
  private final Map<Object, T> values = new HashMap<>();

  private ExprMemo(int[] cols) {
    this.cols = cols;
  }

  /** A memo for {@code expr} over rows of {@code vars}, or null if it cannot have one. */
  static <T> ExprMemo<T> of(Expr expr, List<Var> vars) {
    Set<Var> mentioned = expr.getVarsMentioned();
    if (mentioned.isEmpty() || mentioned.size() > 2 || !Deterministic.test(expr)) {
      return null;
    }
    int[] cols = VarColumns.of(mentioned, vars);
    for (int c : cols) {
      if (c < 0) {
        return null;
      }
    }
    return new ExprMemo<>(cols);
  }

  /** The value for the row at {@code data[base..]}: remembered, or computed now and kept. */
  T value(long[] data, int base, Supplier<T> compute) {
    Object key =
        cols.length == 1
            ? (Object) data[base + cols[0]]
            : new Pair(data[base + cols[0]], data[base + cols[1]]);
    T known = values.get(key);
    if (known == null && !values.containsKey(key)) {
      known = compute.get();
      if (values.size() >= LIMIT) {
        values.clear();
      }
      values.put(key, known);
    }
    return known;
  }

  private record Pair(long a, long b) {}
}
