package dev.quarry.core.query.plan;

import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.expr.E_Exists;
import org.apache.jena.sparql.expr.E_NotExists;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprFunction;
import org.apache.jena.sparql.expr.ExprFunctionOp;
import org.apache.jena.sparql.expr.ExprList;

/** A filter conjunct that is a whole EXISTS or NOT EXISTS: its pattern, run as a semi-join. */
record Exists(Expr expr, Op pattern, boolean negated) {

  /** The conjunct as an EXISTS test, or null if it is anything else. */
  static Exists of(Expr e) {
    return switch (e) {
      case E_Exists x -> new Exists(e, x.getGraphPattern(), false);
      case E_NotExists x -> new Exists(e, x.getGraphPattern(), true);
      default -> null;
    };
  }

  /** True if one of the conjuncts is a whole EXISTS or NOT EXISTS. */
  static boolean any(ExprList exprs) {
    for (Expr e : exprs) {
      if (of(e) != null) {
        return true;
      }
    }
    return false;
  }

  /** True if the expression holds an EXISTS anywhere (it needs a pattern evaluated, per row). */
  static boolean within(Expr e) {
    if (e instanceof ExprFunctionOp) {
      return true;
    }
    if (e instanceof ExprFunction f) {
      for (Expr a : f.getArgs()) {
        if (within(a)) {
          return true;
        }
      }
    }
    return false;
  }
}
