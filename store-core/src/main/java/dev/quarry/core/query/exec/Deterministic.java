package dev.quarry.core.query.exec;

import org.apache.jena.sparql.expr.E_BNode;
import org.apache.jena.sparql.expr.E_Function;
import org.apache.jena.sparql.expr.E_Now;
import org.apache.jena.sparql.expr.E_Random;
import org.apache.jena.sparql.expr.E_StrUUID;
import org.apache.jena.sparql.expr.E_UUID;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprFunction;
import org.apache.jena.sparql.expr.ExprFunctionOp;

/**
 * Whether an expression's value depends only on the values of its variables, so one evaluation per
 * distinct value serves every row: not RAND, NOW (the same within a query, but cheap), BNODE, UUID,
 * STRUUID, EXISTS, or a function by IRI (an extension may be anything).
 */
final class Deterministic {
  private Deterministic() {}

  static boolean test(Expr e) {
    if (e instanceof E_Random
        || e instanceof E_Now
        || e instanceof E_BNode
        || e instanceof E_UUID
        || e instanceof E_StrUUID
        || e instanceof E_Function
        || e instanceof ExprFunctionOp) {
      return false;
    }
    if (e instanceof ExprFunction f) {
      for (Expr a : f.getArgs()) {
        if (!test(a)) {
          return false;
        }
      }
    }
    return true;
  }
}
