package dev.quarry.core.query.exec;

import dev.quarry.core.dict.InlineValues;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.dict.ValueRanges;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.E_GreaterThan;
import org.apache.jena.sparql.expr.E_GreaterThanOrEqual;
import org.apache.jena.sparql.expr.E_LessThan;
import org.apache.jena.sparql.expr.E_LessThanOrEqual;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.expr.ExprFunction2;
import org.apache.jena.sparql.expr.ExprVar;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.function.FunctionEnv;

/**
 * The numbers a pattern's object variable may take, read from the filter conjuncts that compare it
 * with a number: {@code ?v < E}, {@code E <= ?v} and so on, where E is a constant or arithmetic
 * over variables the input binds. For an input row it gives the id ranges ({@link ValueRanges})
 * that hold every term in {@code [max of lower bounds, min of upper bounds]}, computed again only
 * when the row's values of E's variables change (in a join they rarely do).
 *
 * <p>The conjuncts stay in the plan and run after the pattern: the ranges only keep out quads that
 * could not pass them (strictness is ignored, non-numeric terms of the term table come through).
 */
public final class ObjectRange {
  private final Var var;
  private final List<Expr> conjuncts;
  private final List<Expr> lower = new ArrayList<>(); // ?v >= E
  private final List<Expr> upper = new ArrayList<>(); // ?v <= E
  private final List<Var> inputVars;
  private final int[] columns; // the input columns the bounds read
  private final TermSpace terms;
  private final FunctionEnv env;
  private long[] last;
  private long[] ranges; // for the ids in last; null if the bounds are unknown there

  private ObjectRange(
      Var var, List<Expr> conjuncts, List<Var> inputVars, TermSpace terms, FunctionEnv env) {
    this.var = var;
    this.conjuncts = conjuncts;
    this.inputVars = inputVars;
    this.terms = terms;
    this.env = env;
    Set<Var> read = new LinkedHashSet<>();
    for (Expr c : conjuncts) {
      ExprFunction2 f = (ExprFunction2) c;
      boolean varLeft = isVar(f.getArg1());
      Expr bound = varLeft ? f.getArg2() : f.getArg1();
      boolean less = c instanceof E_LessThan || c instanceof E_LessThanOrEqual;
      (less == varLeft ? upper : lower).add(bound);
      read.addAll(bound.getVarsMentioned());
    }
    this.columns = VarColumns.of(read, inputVars);
  }

  /**
   * The range of {@code v} given by the conjuncts among {@code pending} that bound it with a number
   * computable from {@code inputVars}, or null if none does.
   */
  public static ObjectRange of(
      Var v, List<Expr> pending, List<Var> inputVars, TermSpace terms, FunctionEnv env) {
    if (env == null) {
      return null;
    }
    List<Expr> usable = new ArrayList<>();
    for (Expr e : pending) {
      if ((e instanceof E_LessThan
              || e instanceof E_LessThanOrEqual
              || e instanceof E_GreaterThan
              || e instanceof E_GreaterThanOrEqual)
          && e instanceof ExprFunction2 f) {
        Expr bound =
            isVar(f.getArg1(), v) ? f.getArg2() : isVar(f.getArg2(), v) ? f.getArg1() : null;
        if (bound != null
            && !bound.getVarsMentioned().contains(v)
            && inputVars.containsAll(bound.getVarsMentioned())
            && (IdCondition.arithmetic(bound) || temporalConstant(bound))) {
          usable.add(e);
        }
      }
    }
    return usable.isEmpty() ? null : new ObjectRange(v, List.copyOf(usable), inputVars, terms, env);
  }

  private static boolean temporalConstant(Expr e) {
    return e.isConstant() && (e.getConstant().isDateTime() || e.getConstant().isDate());
  }

  private boolean isVar(Expr e) {
    return isVar(e, var);
  }

  private static boolean isVar(Expr e, Var v) {
    return e instanceof ExprVar x && x.asVar().equals(v);
  }

  /** True if {@code id} lies in one of {@code ranges} (pairs of ids, unsigned, both ends in). */
  static boolean holds(long[] ranges, long id) {
    for (int i = 0; i < ranges.length; i += 2) {
      if (Long.compareUnsigned(id, ranges[i]) >= 0
          && Long.compareUnsigned(id, ranges[i + 1]) <= 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * The id ranges for row {@code r} of {@code rows} (pairs, ascending, disjoint; possibly none), or
   * null if a bound is not a number there (then nothing can be excluded).
   */
  long[] ranges(Rows rows, int r) {
    int base = r * rows.width;
    if (last != null) {
      boolean same = true;
      for (int i = 0; i < columns.length && same; i++) {
        same = rows.data[base + columns[i]] == last[i];
      }
      if (same) {
        return ranges;
      }
    } else {
      last = new long[columns.length];
    }
    for (int i = 0; i < columns.length; i++) {
      last[i] = rows.data[base + columns[i]];
    }
    long[] row = Arrays.copyOfRange(rows.data, base, base + rows.width);
    Interval in = new Interval();
    RowBinding binding = new RowBinding(null, inputVars, row, terms);
    lower.forEach(e -> in.bound(value(e, binding), true));
    upper.forEach(e -> in.bound(value(e, binding), false));
    ranges = in.ranges();
    return ranges;
  }

  /** The bound's value, or null if it is an error (an unbound variable, a bad operand). */
  private NodeValue value(Expr e, RowBinding binding) {
    try {
      return e.eval(binding, env);
    } catch (ExprEvalException ex) {
      return null;
    }
  }

  /**
   * The intersection of the bounds, all of one kind: numbers, or inline values of xsd:dateTime or
   * xsd:date. Any other bound (a string, an error, kinds mixed) leaves nothing to exclude.
   */
  private static final class Interval {
    private static final int NUMBER = -1;
    private int kind; // NUMBER, an inline tag, or 0 before the first bound
    private boolean known = true;
    private double lo = Double.NEGATIVE_INFINITY;
    private double hi = Double.POSITIVE_INFINITY;
    private long loId = NodeIds.NONE;
    private long hiId = NodeIds.NONE;

    void bound(NodeValue v, boolean lower) {
      int k = v == null ? 0 : v.isNumber() ? NUMBER : v.isDateTime() || v.isDate() ? tag(v) : 0;
      if (k == 0 || (kind != 0 && k != kind)) {
        known = false;
        return;
      }
      kind = k;
      if (k == NUMBER) {
        double d = v.getDouble();
        known &= !Double.isNaN(d);
        lo = lower ? Math.max(lo, d) : lo;
        hi = lower ? hi : Math.min(hi, d);
        return;
      }
      long id = InlineValues.encode(v.asNode());
      if (lower) {
        loId = loId == NodeIds.NONE || Long.compareUnsigned(id, loId) > 0 ? id : loId;
      } else {
        hiId = hiId == NodeIds.NONE || Long.compareUnsigned(id, hiId) < 0 ? id : hiId;
      }
    }

    /** The inline tag of a date or dateTime value, 0 if it cannot be inline. */
    private static int tag(NodeValue v) {
      long id = InlineValues.encode(v.asNode());
      return id == NodeIds.NONE ? 0 : NodeIds.tag(id);
    }

    long[] ranges() {
      if (!known || kind == 0) {
        return null;
      }
      return kind == NUMBER ? ValueRanges.numeric(lo, hi) : ValueRanges.temporal(kind, loId, hiId);
    }
  }

  public Var var() {
    return var;
  }

  public List<Expr> conjuncts() {
    return conjuncts;
  }
}
