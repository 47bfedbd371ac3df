package dev.quarry.core.query.exec;

import java.util.ArrayList;
import java.util.List;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.expr.ExprVar;
import org.apache.jena.sparql.expr.NodeValue;

/** BIND: a new column from an expression on each row (unbound where it is an error). */
public final class Extend extends IdOperator {
  private final IdOperator input;
  private final Var var;
  private final Expr expr;
  private final TermSpace terms;
  private final ExecutionContext cxt;

  public Extend(IdOperator input, Var var, Expr expr, TermSpace terms, ExecutionContext cxt) {
    super(with(input.vars(), var));
    this.input = input;
    this.var = var;
    this.expr = expr;
    this.terms = terms;
    this.cxt = cxt;
  }

  private static List<Var> with(List<Var> vars, Var v) {
    List<Var> out = new ArrayList<>(vars);
    if (!out.contains(v)) {
      out.add(v);
    }
    return out;
  }

  @Override
  public void expectAtMost(long rows) {
    input.expectAtMost(rows);
  }

  @Override
  protected Rows compute() {
    Rows in = input.next();
    if (in == null) {
      return null;
    }
    int col = vars.indexOf(var);
    // A variable's value is its id: copied, not decoded and encoded again (?n := ?.0 of a group).
    int from = expr instanceof ExprVar v ? input.column(v.asVar()) : -2;
    Rows out = new Rows(vars.size(), in.size);
    for (int r = 0; r < in.size; r++) {
      int at = out.appendCopy(in, r);
      if (from != -2) {
        out.data[at + col] = from < 0 ? 0 : in.data[r * in.width + from];
        continue;
      }
      long[] row = in.row(r);
      try {
        NodeValue v = expr.eval(new RowBinding(null, input.vars(), row, terms), cxt);
        out.data[at + col] = terms.encode(v.asNode());
      } catch (ExprEvalException e) {
        out.data[at + col] = 0;
      }
    }
    return out;
  }

  @Override
  public String label() {
    return "bind " + var + " := " + expr;
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of(input);
  }
}
