package dev.quarry.core.query.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.expr.ExprVar;
import org.apache.jena.sparql.expr.NodeValue;

/**
 * BIND: a new column from an expression on each row (unbound where it is an error). As an assign
 * (ARQ's rewrite of {@code FILTER(?x = constant)}), a row whose column is already bound is kept
 * only if the value is the same term.
 */
public final class Extend extends BatchOperator {
  private final Var var;
  private final Expr expr;
  private final TermSpace terms;
  private final ExecutionContext cxt;
  private boolean assign;
  private final DateFieldOnIds onIds;
  private final TripleFieldOnIds partOnIds;
  private final ExprMemo<Long> memo; // by the ids of the expression's variables, or null

  /** This column as ARQ's assign: a row already binding it must bind it to the same term. */
  public Extend assign() {
    this.assign = true;
    return this;
  }

  public Extend(IdOperator input, Var var, Expr expr, TermSpace terms, ExecutionContext cxt) {
    super(with(input.vars(), var), input);
    this.var = var;
    this.expr = expr;
    this.terms = terms;
    this.cxt = cxt;
    this.onIds = DateFieldOnIds.of(expr, input.vars());
    this.partOnIds = TripleFieldOnIds.of(expr, input.vars(), terms.view());
    this.memo = ExprMemo.of(expr, input.vars());
  }

  private static List<Var> with(List<Var> vars, Var v) {
    List<Var> out = new ArrayList<>(vars);
    if (!out.contains(v)) {
      out.add(v);
    }
    return out;
  }

  @Override
  protected Rows apply(Rows in) {
    int col = vars.indexOf(var);
    // A variable's value is its id: copied, not decoded and encoded again (?n := ?.0 of a group).
    int from = expr instanceof ExprVar v ? input.column(v.asVar()) : -2;
    if (from == -2 && onIds == null && partOnIds == null) {
      terms.prefetchColumns(in, TermSpace.columnsOf(expr, input.vars()));
    }
    Rows out = new Rows(vars.size(), in.size);
    for (int r = 0; r < in.size; r++) {
      int at = out.appendCopy(in, r);
      long had = out.data[at + col];
      long value =
          from != -2
              ? (from < 0 ? 0 : in.data[r * in.width + from])
              : onIds != null
                  ? onIds.apply(in.data, r * in.width)
                  : partOnIds != null
                      ? partOnIds.apply(in.data, r * in.width)
                      : DateFieldOnIds.UNDECIDED;
      if (value == DateFieldOnIds.UNDECIDED) {
        int row = r;
        value =
            memo != null
                ? memo.value(in.data, r * in.width, () -> evaluate(in, row))
                : evaluate(in, r);
      }
      if (!assign || had == 0) {
        out.data[at + col] = value;
      } else if (value != 0 && value != had) {
        out.size--; // assigned a different term than the row has
      }
    }
    return out;
  }

  private long evaluate(Rows in, int r) {
    try {
      NodeValue v = expr.eval(new RowBinding(null, input.vars(), in.row(r), terms), cxt);
      return terms.encode(v.asNode());
    } catch (ExprEvalException | Node.NotLiteral e) {
      return 0; // an error: unbound (ARQ's HOURS of an IRI throws the latter)
    }
  }

  /** Also the bound variable: an expression that fails leaves it unbound. */
  @Override
  public Set<Var> maybeUnbound() {
    Set<Var> out = super.maybeUnbound();
    out.add(var);
    return out;
  }

  @Override
  public String label() {
    return (assign ? "assign " : "bind ") + var + " := " + expr;
  }
}
