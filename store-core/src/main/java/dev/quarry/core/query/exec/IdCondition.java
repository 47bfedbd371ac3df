package dev.quarry.core.query.exec;

import dev.quarry.core.dict.InlineValues;
import dev.quarry.core.dict.NodeIds;
import java.util.Arrays;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.E_Add;
import org.apache.jena.sparql.expr.E_Bound;
import org.apache.jena.sparql.expr.E_Divide;
import org.apache.jena.sparql.expr.E_Equals;
import org.apache.jena.sparql.expr.E_GreaterThan;
import org.apache.jena.sparql.expr.E_GreaterThanOrEqual;
import org.apache.jena.sparql.expr.E_IsTriple;
import org.apache.jena.sparql.expr.E_LessThan;
import org.apache.jena.sparql.expr.E_LessThanOrEqual;
import org.apache.jena.sparql.expr.E_Multiply;
import org.apache.jena.sparql.expr.E_NotEquals;
import org.apache.jena.sparql.expr.E_SameTerm;
import org.apache.jena.sparql.expr.E_Subtract;
import org.apache.jena.sparql.expr.E_UnaryMinus;
import org.apache.jena.sparql.expr.E_UnaryPlus;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.expr.ExprFunction;
import org.apache.jena.sparql.expr.ExprFunction2;
import org.apache.jena.sparql.expr.ExprVar;
import org.apache.jena.sparql.function.FunctionEnv;

/**
 * A filter condition decided on ids where ids suffice: a literal's language ({@link
 * LanguageCondition}), isTRIPLE (from a stored term's record), sameTerm, = and != against an IRI,
 * between identical terms, or where either side is an IRI or blank node (told by decoding the id,
 * once per id), bound(), and comparisons of integers or decimals held inline with the same datatype
 * (their ids are in value order), and of inline dates and dateTimes whose zones allow it. A side of
 * a comparison may be arithmetic over the row's variables ({@code ?x < ?y + 120}): it is computed
 * by ARQ once per distinct value of its variables and compared as an id. Anything else answers
 * {@link #UNKNOWN} and is evaluated on decoded terms.
 */
abstract class IdCondition {
  static final int FALSE = 0;
  static final int TRUE = 1;
  static final int UNKNOWN = 2;

  /** The verdict on the row at {@code data[base..]}. */
  abstract int test(long[] data, int base);

  /** The id test for an expression, or null if it has none. */
  static IdCondition of(Expr e, List<Var> vars, TermSpace terms, FunctionEnv env) {
    IdCondition language = LanguageCondition.of(e, vars, terms, env);
    if (language != null) {
      return language;
    }
    if (e instanceof E_Bound b && b.getArg() instanceof ExprVar v) {
      int c = vars.indexOf(v.asVar());
      return c < 0
          ? null
          : new IdCondition() {
            @Override
            int test(long[] data, int base) {
              return data[base + c] != 0 ? TRUE : FALSE;
            }
          };
    }
    if (e instanceof E_IsTriple t && t.getArg() instanceof ExprVar v) {
      // isTRIPLE: a stored term's record says its kind (a term of the query's: decode it).
      int c = vars.indexOf(v.asVar());
      long[] parts = new long[3];
      return c < 0
          ? null
          : new IdCondition() {
            @Override
            int test(long[] data, int base) {
              long id = data[base + c];
              if (id == 0 || NodeIds.tag(id) == NodeIds.TAG_QUERY_LOCAL) {
                return UNKNOWN;
              }
              return terms.view().tripleParts(id, parts) ? TRUE : FALSE;
            }
          };
    }
    if (!(e instanceof ExprFunction2 f)) {
      return null;
    }
    Operand a = Operand.of(f.getArg1(), vars, terms, env);
    Operand b = Operand.of(f.getArg2(), vars, terms, env);
    if (a == null || b == null) {
      return null;
    }
    boolean iri = a.isIri() || b.isIri();
    boolean same = e instanceof E_SameTerm || e instanceof E_Equals;
    if (e instanceof E_SameTerm || (iri && (same || e instanceof E_NotEquals))) {
      // A variable against a constant where ids decide (sameTerm, or an IRI, equal only to
      // itself): one compare of ids.
      if (a instanceof Column col && b instanceof Constant k) {
        return new ColumnIs(col.column(), k.id(), same);
      }
      if (b instanceof Column col && a instanceof Constant k) {
        return new ColumnIs(col.column(), k.id(), same);
      }
    }
    if (e instanceof E_SameTerm) {
      return test(a, b, (x, y) -> x == y ? TRUE : FALSE);
    }
    if (e instanceof E_Equals || e instanceof E_NotEquals) {
      Decide equal =
          (x, y) -> {
            if (x == y) {
              return iri || selfEqual(x) || terms.equalsOnlyItself(x) ? TRUE : compare(x, y, 0);
            }
            return iri || terms.equalsOnlyItself(x) || terms.equalsOnlyItself(y)
                ? FALSE
                : compare(x, y, 0);
          };
      return e instanceof E_Equals
          ? test(a, b, equal)
          : test(a, b, (x, y) -> negate(equal.on(x, y)));
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

  /**
   * {@code ?x = k}, {@code sameTerm(?x, k)} or {@code ?x != k} (not {@code is}) where k is a
   * constant's id and ids decide: a row with ?x unbound fails either way (an error).
   */
  private static final class ColumnIs extends IdCondition {
    private final int column;
    private final long id;
    private final boolean is;

    ColumnIs(int column, long id, boolean is) {
      this.column = column;
      this.id = id;
      this.is = is;
    }

    @Override
    int test(long[] data, int base) {
      long x = data[base + column];
      return x != 0 && (x == id) == is ? TRUE : FALSE;
    }
  }

  private static IdCondition test(Operand a, Operand b, Decide d) {
    return new IdCondition() {
      @Override
      int test(long[] data, int base) {
        long x = a.value(data, base);
        long y = b.value(data, base);
        if (x == Operand.UNKNOWN_ID || y == Operand.UNKNOWN_ID) {
          return UNKNOWN;
        }
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
    if (tx != NodeIds.tag(y)) {
      return UNKNOWN;
    }
    int c;
    if (ordered(tx)) {
      c = Long.compareUnsigned(x, y);
    } else if (tx == InlineValues.TAG_DATE || tx == InlineValues.TAG_DATETIME) {
      // Below the 7 zone bits: days (a date), or milliseconds in UTC (a dateTime). Two dates
      // without a zone compare by day; two dateTimes compare by instant if both have a zone or
      // neither does. The rest (a date with a zone is an interval) is ARQ's to decide.
      boolean zx = (x & 0x7F) != 0;
      boolean zy = (y & 0x7F) != 0;
      if (zx != zy || (tx == InlineValues.TAG_DATE && zx)) {
        return UNKNOWN;
      }
      c = Long.compare(NodeIds.payload(x) >>> 7, NodeIds.payload(y) >>> 7);
    } else {
      return UNKNOWN;
    }
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

  /** Numbers, variables and + - * / over them: deterministic, and cheap to get wrong otherwise. */
  static boolean arithmetic(Expr e) {
    if (e instanceof ExprVar || (e.isConstant() && e.getConstant().isNumber())) {
      return true;
    }
    if (e instanceof E_Add
        || e instanceof E_Subtract
        || e instanceof E_Multiply
        || e instanceof E_Divide
        || e instanceof E_UnaryMinus
        || e instanceof E_UnaryPlus) {
      for (Expr arg : ((ExprFunction) e).getArgs()) {
        if (!arithmetic(arg)) {
          return false;
        }
      }
      return true;
    }
    return false;
  }

  /** An argument: a column of the row, a constant's id, or a value computed from the row. */
  private interface Operand {
    /** A value no id has: the operand could not be computed, so ARQ must decide. */
    long UNKNOWN_ID = -1L;

    long value(long[] data, int base);

    default boolean isIri() {
      return false;
    }

    static Operand of(Expr e, List<Var> vars, TermSpace terms, FunctionEnv env) {
      if (e instanceof ExprVar v) {
        int c = vars.indexOf(v.asVar());
        return c < 0 ? null : new Column(c);
      }
      if (e.isConstant()) {
        Node n = e.getConstant().asNode();
        return new Constant(terms.encode(n), n.isURI());
      }
      return Computed.of(e, vars, terms, env);
    }
  }

  /** A variable's column. */
  private record Column(int column) implements Operand {
    @Override
    public long value(long[] data, int base) {
      return data[base + column];
    }
  }

  /** A constant's id. */
  private record Constant(long id, boolean isIri) implements Operand {
    @Override
    public long value(long[] data, int base) {
      return id;
    }
  }

  /**
   * Arithmetic over the row's variables, evaluated by ARQ on decoded terms but only when the ids of
   * its variables change: in a join they are often the same for many rows in a row.
   */
  private static final class Computed implements Operand {
    private final Expr expr;
    private final List<Var> vars;
    private final int[] columns;
    private final long[] last;
    private long result;
    private boolean computed; // result holds the value for the ids in last
    private final TermSpace terms;
    private final FunctionEnv env;

    private Computed(Expr expr, List<Var> vars, int[] columns, TermSpace terms, FunctionEnv env) {
      this.expr = expr;
      this.vars = vars;
      this.columns = columns;
      this.last = new long[columns.length];
      this.terms = terms;
      this.env = env;
    }

    static Computed of(Expr e, List<Var> vars, TermSpace terms, FunctionEnv env) {
      if (env == null || !arithmetic(e)) {
        return null;
      }
      List<Var> mentioned = List.copyOf(e.getVarsMentioned());
      int[] columns = new int[mentioned.size()];
      for (int i = 0; i < columns.length; i++) {
        columns[i] = vars.indexOf(mentioned.get(i));
        if (columns[i] < 0) {
          return null;
        }
      }
      return new Computed(e, vars, columns, terms, env);
    }

    @Override
    public long value(long[] data, int base) {
      boolean same = computed;
      for (int i = 0; i < columns.length && same; i++) {
        same = data[base + columns[i]] == last[i];
      }
      if (same) {
        return result;
      }
      for (int i = 0; i < columns.length; i++) {
        last[i] = data[base + columns[i]];
      }
      long[] row = Arrays.copyOfRange(data, base, base + vars.size());
      try {
        // Only an inline value compares as an id; anything else is ARQ's to decide, so the
        // result needs no dictionary lookup and no query-local id.
        long id =
            InlineValues.encode(expr.eval(new RowBinding(null, vars, row, terms), env).asNode());
        result = id == NodeIds.NONE ? UNKNOWN_ID : id;
      } catch (ExprEvalException ex) {
        result = UNKNOWN_ID; // an error: ARQ evaluates the whole condition and decides
      }
      computed = true;
      return result;
    }
  }
}
