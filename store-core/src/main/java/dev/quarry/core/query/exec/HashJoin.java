package dev.quarry.core.query.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.expr.ExprList;

/**
 * Joins two independent inputs: the right one is read whole into a hash table on the shared
 * variables, the left one streams past it. SPARQL's compatibility is kept for unbound values: a
 * right row with an unbound shared variable is tried against every left row, and a left row with
 * one against every right row. With {@code outer}, a left row without a compatible right row comes
 * out alone (OPTIONAL); {@code condition}, if any, must hold on the joined row.
 */
public final class HashJoin extends IdOperator {
  private final IdOperator left;
  private final IdOperator right;
  private final boolean outer;
  private final ExprList condition;
  private final TermSpace terms;
  private final ExecutionContext cxt;
  private final int[] leftKey;
  private final int[] rightKey;
  private final int[] rightToOut;
  private Map<RowKey, List<long[]>> table;
  private final List<long[]> wild = new ArrayList<>();
  private final List<long[]> all = new ArrayList<>();

  public HashJoin(
      IdOperator left,
      IdOperator right,
      boolean outer,
      ExprList condition,
      TermSpace terms,
      ExecutionContext cxt) {
    super(columns(left.vars(), right.vars()));
    this.left = left;
    this.right = right;
    this.outer = outer;
    this.condition = condition == null || condition.isEmpty() ? null : condition;
    this.terms = terms;
    this.cxt = cxt;
    List<Var> shared = new ArrayList<>(left.vars());
    shared.retainAll(right.vars());
    leftKey = shared.stream().mapToInt(left::column).toArray();
    rightKey = shared.stream().mapToInt(right::column).toArray();
    rightToOut = right.vars().stream().mapToInt(vars::indexOf).toArray();
  }

  private static List<Var> columns(List<Var> a, List<Var> b) {
    List<Var> out = new ArrayList<>(a);
    b.stream().filter(v -> !out.contains(v)).forEach(out::add);
    return out;
  }

  private void build() {
    table = new HashMap<>();
    for (Rows r = right.next(); r != null; r = right.next()) {
      for (int i = 0; i < r.size; i++) {
        long[] row = r.row(i);
        all.add(row);
        long[] key = key(row, rightKey);
        if (key == null) {
          wild.add(row);
        } else {
          table.computeIfAbsent(new RowKey(key), k -> new ArrayList<>()).add(row);
        }
      }
    }
  }

  private static long[] key(long[] row, int[] cols) {
    long[] k = new long[cols.length];
    for (int i = 0; i < cols.length; i++) {
      k[i] = row[cols[i]];
      if (k[i] == 0) {
        return null;
      }
    }
    return k;
  }

  @Override
  protected Rows compute() {
    if (table == null) {
      build();
    }
    Rows in = left.next();
    if (in == null) {
      return null;
    }
    Rows out = new Rows(vars.size(), in.size);
    for (int r = 0; r < in.size; r++) {
      long[] l = in.row(r);
      long[] key = key(l, leftKey);
      boolean matched = false;
      if (key == null) {
        for (long[] rr : all) {
          matched |= join(out, l, rr);
        }
      } else {
        for (long[] rr : table.getOrDefault(new RowKey(key), List.of())) {
          matched |= join(out, l, rr);
        }
        for (long[] rr : wild) {
          matched |= join(out, l, rr);
        }
      }
      if (outer && !matched) {
        int at = out.append();
        System.arraycopy(l, 0, out.data, at, l.length);
      }
    }
    return out;
  }

  /** Adds the join of l and rr if they are compatible (and the condition holds). */
  private boolean join(Rows out, long[] l, long[] rr) {
    long[] row = Arrays.copyOf(l, vars.size());
    for (int c = 0; c < rr.length; c++) {
      long v = rr[c];
      if (v == 0) {
        continue;
      }
      int o = rightToOut[c];
      if (row[o] == 0) {
        row[o] = v;
      } else if (row[o] != v) {
        return false;
      }
    }
    if (condition != null) {
      RowBinding b = new RowBinding(null, vars, row, terms);
      if (!condition.isSatisfied(b, cxt)) {
        return false;
      }
    }
    int at = out.append();
    System.arraycopy(row, 0, out.data, at, row.length);
    return true;
  }

  @Override
  public String label() {
    return (outer ? "left hash join" : "hash join")
        + " on "
        + Arrays.stream(leftKey).mapToObj(left.vars()::get).toList()
        + (condition != null ? " filter " + condition : "");
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of(left, right);
  }
}
