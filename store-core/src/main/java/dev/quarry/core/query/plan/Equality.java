package dev.quarry.core.query.plan;

import dev.quarry.core.query.exec.IdOperator;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.E_Equals;
import org.apache.jena.sparql.expr.E_SameTerm;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprFunction2;

/**
 * A filter conjunct {@code ?a = ?b} or {@code sameTerm(?a, ?b)}: once one side is bound, a pattern
 * binding the other can look its value up instead of reading every value and filtering (BSBM BI
 * Q2's {@code FILTER(?feature = ?otherFeature)}). For {@code =} only where the bound value is an
 * IRI or a blank node, which equal nothing but themselves; a literal may equal other terms ("1" and
 * "1.0"), so its rows are read whole and filtered. The filter itself stays in the plan.
 */
record Equality(Var a, Var b, boolean sameTerm) {
  /** The equalities among a group's conjuncts. */
  static List<Equality> in(List<Expr> conjuncts) {
    List<Equality> out = new ArrayList<>();
    for (Expr e : conjuncts) {
      if ((e instanceof E_Equals || e instanceof E_SameTerm)
          && e instanceof ExprFunction2 f
          && f.getArg1().isVariable()
          && f.getArg2().isVariable()
          && !f.getArg1().asVar().equals(f.getArg2().asVar())) {
        out.add(new Equality(f.getArg1().asVar(), f.getArg2().asVar(), e instanceof E_SameTerm));
      }
    }
    return out;
  }

  /** The bound variables and those equal to one, for estimates. */
  static Set<Var> closure(List<Equality> equalities, Set<Var> bound) {
    if (equalities.isEmpty()) {
      return bound; // read only by its callers
    }
    Set<Var> out = new LinkedHashSet<>(bound);
    for (Equality e : equalities) {
      if (bound.contains(e.a)) {
        out.add(e.b);
      }
      if (bound.contains(e.b)) {
        out.add(e.a);
      }
    }
    return out;
  }

  /**
   * For positions 0..2 of a pattern ({@code at}: its variables), the input column of a bound
   * variable the position's variable must equal, or -1; at 3, a bit per position whose equality is
   * sameTerm. Positions whose variable the input binds, or that repeat, are left alone. Null if no
   * position has one.
   */
  static int[] columns(List<Equality> equalities, Var[] at, Set<Var> bound, IdOperator input) {
    int[] cols = {-1, -1, -1, 0}; // [3]: a bit per position whose equality is sameTerm
    boolean any = false;
    for (int k = 0; k < 3; k++) {
      Var v = at[k];
      if (v == null || bound.contains(v) || repeated(at, k)) {
        continue;
      }
      for (Equality e : equalities) {
        Var other = e.a.equals(v) ? e.b : e.b.equals(v) ? e.a : null;
        if (other != null && bound.contains(other) && input.column(other) >= 0) {
          cols[k] = input.column(other);
          cols[3] |= e.sameTerm ? 1 << k : 0;
          any = true;
          break;
        }
      }
    }
    return any ? cols : null;
  }

  private static boolean repeated(Var[] at, int k) {
    for (int j = 0; j < 3; j++) {
      if (j != k && at[k].equals(at[j])) {
        return true;
      }
    }
    return false;
  }
}
