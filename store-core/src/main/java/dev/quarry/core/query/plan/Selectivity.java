package dev.quarry.core.query.plan;

import org.apache.jena.sparql.expr.E_Bound;
import org.apache.jena.sparql.expr.E_Equals;
import org.apache.jena.sparql.expr.E_GreaterThan;
import org.apache.jena.sparql.expr.E_GreaterThanOrEqual;
import org.apache.jena.sparql.expr.E_LessThan;
import org.apache.jena.sparql.expr.E_LessThanOrEqual;
import org.apache.jena.sparql.expr.E_NotEquals;
import org.apache.jena.sparql.expr.E_SameTerm;
import org.apache.jena.sparql.expr.Expr;

/**
 * Guessed fractions of rows a filter conjunct keeps, for ordering patterns: without histograms,
 * fixed figures by the kind of test (a range side keeps about a third, an equality few, an
 * inequality nearly all).
 */
final class Selectivity {
  private Selectivity() {}

  static double of(Expr e) {
    if (e instanceof E_Equals || e instanceof E_SameTerm) {
      return 0.05;
    }
    if (e instanceof E_LessThan
        || e instanceof E_LessThanOrEqual
        || e instanceof E_GreaterThan
        || e instanceof E_GreaterThanOrEqual) {
      return 0.3;
    }
    if (e instanceof E_NotEquals || e instanceof E_Bound) {
      return 0.99;
    }
    return 0.5;
  }
}
