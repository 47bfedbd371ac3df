package dev.quarry.core.query.exec;

import java.util.Arrays;
import java.util.List;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.BindingFactory;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.expr.ExprFunction0;
import org.apache.jena.sparql.expr.ExprLib;
import org.apache.jena.sparql.expr.ExprList;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.expr.aggregate.Accumulator;
import org.apache.jena.sparql.expr.aggregate.Aggregator;
import org.apache.jena.sparql.function.FunctionEnv;

/**
 * The argument of an aggregate over one expression (AVG(xsd:float(?price))): evaluated by the
 * {@link Aggregate}, once per distinct value of its one variable when it is deterministic (a cast
 * of the same term gives the same value), not once per row; the value goes to ARQ's accumulator
 * through a {@link Slot}, so sums, averages, promotion and errors stay ARQ's.
 */
final class AggregateArgument {
  private final Expr expr;
  private final ExprMemo<NodeValue> memo; // by the ids of its variables, or null
  private final Slot slot = new Slot();
  private final TermSpace terms;
  private final FunctionEnv env;

  AggregateArgument(Expr expr, List<Var> inVars, TermSpace terms, FunctionEnv env) {
    this.expr = expr;
    this.memo = ExprMemo.of(expr, inVars);
    this.terms = terms;
    this.env = env;
  }

  /** A state for one group: ARQ's accumulator of {@code agg}, fed the argument's values. */
  AggregateState accumulator(Aggregator agg) {
    Accumulator acc = agg.copy(new ExprList(slot)).createAccumulator();
    return new AggregateState() {
      @Override
      public void add(long[] data, int base, int width, List<Var> inVars) {
        slot.value =
            memo == null
                ? evaluate(data, base, width, inVars)
                : memo.value(data, base, () -> evaluate(data, base, width, inVars));
        acc.accumulate(BindingFactory.empty(), env);
      }

      @Override
      public long value() {
        return AggregateState.Arq.valueOf(acc, terms);
      }
    };
  }

  /** The expression's value on a row; {@link Slot#ERROR} for an error. */
  private NodeValue evaluate(long[] data, int base, int width, List<Var> inVars) {
    long[] row = Arrays.copyOfRange(data, base, base + width);
    NodeValue v = ExprLib.evalOrNull(expr, new RowBinding(null, inVars, row, terms), env);
    return v == null ? Slot.ERROR : v;
  }

  /**
   * The expression an accumulator of an argument evaluates: the value the aggregate put in it, or
   * an evaluation error.
   */
  private static final class Slot extends ExprFunction0 {
    static final NodeValue ERROR = NodeValue.makeString("(an error)");
    NodeValue value;

    Slot() {
      super("quarry:aggregateArgument");
    }

    @Override
    public NodeValue eval(FunctionEnv env) {
      if (value == ERROR) {
        throw new ExprEvalException("the aggregate's argument is an error");
      }
      return value;
    }

    @Override
    public Expr copy() {
      return this;
    }
  }
}
