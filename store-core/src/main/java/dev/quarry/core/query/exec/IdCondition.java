package dev.quarry.core.query.exec;

import dev.quarry.core.dict.InlineValues;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.query.TermSpace;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.E_Bound;
import org.apache.jena.sparql.expr.E_Equals;
import org.apache.jena.sparql.expr.E_GreaterThan;
import org.apache.jena.sparql.expr.E_GreaterThanOrEqual;
import org.apache.jena.sparql.expr.E_LessThan;
import org.apache.jena.sparql.expr.E_LessThanOrEqual;
import org.apache.jena.sparql.expr.E_NotEquals;
import org.apache.jena.sparql.expr.E_SameTerm;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprFunction2;
import org.apache.jena.sparql.expr.ExprVar;

/**
 * A filter condition decided on ids where ids suffice: sameTerm, = and != against an IRI or between
 * identical terms, bound(), and comparisons of integers or decimals held inline with the same
 * datatype (their ids are in value order). Anything else answers {@link #UNKNOWN} and is evaluated
 * on decoded terms.
 */
abstract class IdCondition {
  static final int FALSE = 0;
  static final int TRUE = 1;
  static final int UNKNOWN = 2;

  abstract int test(long[] row);

  /** The id test for an expression, or null if it has none. */
  static IdCondition of(Expr e, List<Var> vars, TermSpace terms) {
    if (e instanceof E_Bound b && b.getArg() instanceof ExprVar v) {
      int c = vars.indexOf(v.asVar());
      return c < 0
          ? null
          : new IdCondition() {
            @Override
            int test(long[] row) {
              return row[c] != 0 ? TRUE : FALSE;
            }
          };
    }
    if (!(e instanceof ExprFunction2 f)) {
      return null;
    }
    Operand a = Operand.of(f.getArg1(), vars, terms);
    Operand b = Operand.of(f.getArg2(), vars, terms);
    if (a == null || b == null) {
      return null;
    }
    if (e instanceof E_SameTerm) {
      return test(a, b, (x, y) -> x == y ? TRUE : FALSE);
    }
    boolean iri = a.isIri() || b.isIri();
    if (e instanceof E_Equals) {
      return test(
          a, b, (x, y) -> x == y && (iri || selfEqual(x)) ? TRUE : iri ? FALSE : compare(x, y, 0));
    }
    if (e instanceof E_NotEquals) {
      return test(
          a,
          b,
          (x, y) ->
              x == y && (iri || selfEqual(x)) ? FALSE : iri ? TRUE : negate(compare(x, y, 0)));
    }
    if (e instanceof E_LessThan) {
      return test(a, b, (x, y) -> compare(x, y, -1));
    }
    if (e instanceof E_GreaterThan) {
      return test(a, b, (x, y) -> compare(y, x, -1));
    }
    if (e instanceof E_LessThanOrEqual) {
      return test(a, b, (x, y) -> negate(compare(y, x, -1)));
    }
    if (e instanceof E_GreaterThanOrEqual) {
      return test(a, b, (x, y) -> negate(compare(x, y, -1)));
    }
    return null;
  }

  private interface Decide {
    int on(long x, long y);
  }

  private static IdCondition test(Operand a, Operand b, Decide d) {
    return new IdCondition() {
      @Override
      int test(long[] row) {
        long x = a.value(row);
        long y = b.value(row);
        if (x == 0 || y == 0) {
          return FALSE; // an unbound variable: an error, which a filter treats as false
        }
        return d.on(x, y);
      }
    };
  }

  /**
   * For two inline values of one ordered datatype: TRUE if x < y (want -1) or x = y (want 0), FALSE
   * otherwise; UNKNOWN for anything else.
   */
  private static int compare(long x, long y, int want) {
    int tx = NodeIds.tag(x);
    if (tx != NodeIds.tag(y) || !ordered(tx)) {
      return UNKNOWN;
    }
    int c = Long.compareUnsigned(x, y);
    return Integer.signum(c) == want ? TRUE : FALSE;
  }

  private static boolean ordered(int tag) {
    return (tag >= InlineValues.TAG_INTEGER && tag < InlineValues.TAG_INTEGER + 13)
        || tag == InlineValues.TAG_DECIMAL;
  }

  /** True if a value of this id is certainly equal to itself (not a possible NaN). */
  private static boolean selfEqual(long x) {
    int t = NodeIds.tag(x);
    return ordered(t)
        || t == InlineValues.TAG_BOOLEAN
        || t == InlineValues.TAG_DATETIME
        || t == InlineValues.TAG_DATE
        || t == InlineValues.TAG_SHORT_STRING;
  }

  private static int negate(int v) {
    return v == UNKNOWN ? UNKNOWN : 1 - v;
  }

  /** An argument: a column of the row, or a constant's id. */
  private record Operand(int column, long constant, boolean isIri) {
    static Operand of(Expr e, List<Var> vars, TermSpace terms) {
      if (e instanceof ExprVar v) {
        int c = vars.indexOf(v.asVar());
        return c < 0 ? null : new Operand(c, 0, false);
      }
      if (e.isConstant()) {
        Node n = e.getConstant().asNode();
        return new Operand(-1, terms.encode(n), n.isURI());
      }
      return null;
    }

    long value(long[] row) {
      return column >= 0 ? row[column] : constant;
    }
  }
}
