package dev.quarry.core.query.exec;

import java.util.Arrays;
import java.util.List;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.expr.aggregate.Accumulator;
import org.apache.jena.sparql.function.FunctionEnv;

/** One aggregate's state for one group of an {@link Aggregate}, fed the group's rows. */
interface AggregateState {
  void add(long[] data, int base, int width, List<Var> inVars);

  /** The aggregate's id, 0 if unbound (an error). */
  long value();

  /** SAMPLE of a variable: the first bound value. */
  final class Sample implements AggregateState {
    private final int column;
    private long id;

    Sample(int column) {
      this.column = column;
    }

    @Override
    public void add(long[] data, int base, int width, List<Var> inVars) {
      if (id == 0 && column >= 0) {
        id = data[base + column];
      }
    }

    @Override
    public long value() {
      return id;
    }
  }

  /** ARQ's accumulator, given each row as a binding that decodes on demand. */
  final class Arq implements AggregateState {
    private final Accumulator acc;
    private final TermSpace terms;
    private final FunctionEnv env;

    Arq(Accumulator acc, TermSpace terms, FunctionEnv env) {
      this.acc = acc;
      this.terms = terms;
      this.env = env;
    }

    @Override
    public void add(long[] data, int base, int width, List<Var> inVars) {
      long[] row = Arrays.copyOfRange(data, base, base + width);
      acc.accumulate(new RowBinding(null, inVars, row, terms), env);
    }

    @Override
    public long value() {
      return valueOf(acc, terms);
    }

    /** The accumulator's value as an id; 0 (unbound) for an error. */
    static long valueOf(Accumulator acc, TermSpace terms) {
      try {
        NodeValue v = acc.getValue();
        return v == null ? 0 : terms.encode(v.asNode());
      } catch (ExprEvalException e) {
        return 0; // an error: the aggregate is unbound
      }
    }
  }
}
