package dev.quarry.core.query.exec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.ExprAggregator;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.expr.ExprVar;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.expr.aggregate.Accumulator;
import org.apache.jena.sparql.expr.aggregate.AggCount;
import org.apache.jena.sparql.expr.aggregate.AggCountDistinct;
import org.apache.jena.sparql.expr.aggregate.AggCountVar;
import org.apache.jena.sparql.expr.aggregate.AggCountVarDistinct;
import org.apache.jena.sparql.expr.aggregate.AggSample;
import org.apache.jena.sparql.expr.aggregate.Aggregator;
import org.apache.jena.sparql.function.FunctionEnv;

/**
 * GROUP BY over plain variables with its aggregates, on ids. Groups are keyed by the ids of the
 * group variables: an id is one term, so this is SPARQL's grouping exactly. COUNT(*), COUNT(?x),
 * COUNT(DISTINCT ?x), COUNT(DISTINCT *) and SAMPLE(?x) are computed on ids, decoding nothing; the
 * other aggregates (SUM, AVG, MIN, MAX, GROUP_CONCAT, anything over an expression) use ARQ's own
 * accumulators, fed rows that decode only the columns their expressions read, so their semantics
 * (numeric promotion, errors, empty groups) are ARQ's.
 */
public final class Aggregate extends IdOperator {
  private final IdOperator input;
  private final int[] keyColumns;
  private final List<ExprAggregator> aggregates;
  private final TermSpace terms;
  private final FunctionEnv env;
  private boolean done;

  public Aggregate(
      IdOperator input,
      List<Var> groupVars,
      List<ExprAggregator> aggregates,
      TermSpace terms,
      FunctionEnv env) {
    super(outputVars(groupVars, aggregates));
    this.input = input;
    this.keyColumns = groupVars.stream().mapToInt(input::column).toArray();
    this.aggregates = aggregates;
    this.terms = terms;
    this.env = env;
  }

  private static List<Var> outputVars(List<Var> groupVars, List<ExprAggregator> aggregates) {
    List<Var> out = new ArrayList<>(groupVars);
    aggregates.forEach(a -> out.add(a.getVar()));
    return out;
  }

  @Override
  protected Rows compute() {
    if (done) {
      return null;
    }
    done = true;
    Map<RowKey, State[]> groups = new LinkedHashMap<>();
    List<Var> inVars = input.vars();
    for (Rows batch = input.next(); batch != null; batch = input.next()) {
      for (int r = 0; r < batch.size; r++) {
        int base = r * batch.width;
        long[] key = new long[keyColumns.length];
        for (int k = 0; k < key.length; k++) {
          key[k] = keyColumns[k] < 0 ? 0 : batch.data[base + keyColumns[k]];
        }
        State[] states = groups.computeIfAbsent(new RowKey(key), k -> newStates(inVars));
        for (State s : states) {
          s.add(batch.data, base, batch.width, inVars);
        }
      }
    }
    Rows out = new Rows(vars.size(), Math.max(1, groups.size()));
    if (groups.isEmpty() && keyColumns.length == 0) {
      // No rows and no GROUP BY: one group, the aggregates of nothing.
      int at = out.append();
      for (int a = 0; a < aggregates.size(); a++) {
        Node empty = aggregates.get(a).getAggregator().getValueEmpty();
        out.data[at + a] = empty == null ? 0 : terms.encode(empty);
      }
      return out;
    }
    for (Map.Entry<RowKey, State[]> g : groups.entrySet()) {
      int at = out.append();
      long[] key = g.getKey().ids();
      System.arraycopy(key, 0, out.data, at, key.length);
      State[] states = g.getValue();
      for (int a = 0; a < states.length; a++) {
        out.data[at + key.length + a] = states[a].value();
      }
    }
    return out;
  }

  private State[] newStates(List<Var> inVars) {
    State[] s = new State[aggregates.size()];
    for (int a = 0; a < s.length; a++) {
      s[a] = state(aggregates.get(a).getAggregator(), inVars);
    }
    return s;
  }

  /** The id state for an aggregate that ids decide, else one of ARQ's accumulators. */
  private State state(Aggregator agg, List<Var> inVars) {
    if (agg instanceof AggCount) {
      return new Count(-1, false);
    }
    if (agg instanceof AggCountDistinct) {
      return new Count(-1, true);
    }
    int col = column(agg, inVars);
    if (col >= 0) {
      if (agg instanceof AggCountVar) {
        return new Count(col, false);
      }
      if (agg instanceof AggCountVarDistinct) {
        return new Count(col, true);
      }
      if (agg instanceof AggSample) {
        return new Sample(col);
      }
    }
    return new Arq(agg.createAccumulator());
  }

  /** The input column of the aggregate's one argument if it is a variable there, else -1. */
  private static int column(Aggregator agg, List<Var> inVars) {
    if (agg.getExprList() == null
        || agg.getExprList().size() != 1
        || !(agg.getExprList().get(0) instanceof ExprVar v)) {
      return -1;
    }
    return inVars.indexOf(v.asVar());
  }

  /** One aggregate's state for one group. */
  private interface State {
    void add(long[] data, int base, int width, List<Var> inVars);

    /** The aggregate's id, 0 if unbound (an error). */
    long value();
  }

  /** COUNT: of rows (column -1), of rows binding a column, distinct rows, or distinct values. */
  private final class Count implements State {
    private final int column;
    private final Set<RowKey> distinct;
    private long n;

    Count(int column, boolean distinct) {
      this.column = column;
      this.distinct = distinct ? new HashSet<>() : null;
    }

    @Override
    public void add(long[] data, int base, int width, List<Var> inVars) {
      if (column >= 0 && data[base + column] == 0) {
        return;
      }
      if (distinct != null) {
        long[] key =
            column >= 0
                ? new long[] {data[base + column]}
                : java.util.Arrays.copyOfRange(data, base, base + width);
        if (!distinct.add(new RowKey(key))) {
          return;
        }
      }
      n++;
    }

    @Override
    public long value() {
      return terms.encode(NodeValue.makeInteger(n).asNode());
    }
  }

  /** SAMPLE of a variable: the first bound value. */
  private static final class Sample implements State {
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
  private final class Arq implements State {
    private final Accumulator acc;

    Arq(Accumulator acc) {
      this.acc = acc;
    }

    @Override
    public void add(long[] data, int base, int width, List<Var> inVars) {
      long[] row = java.util.Arrays.copyOfRange(data, base, base + width);
      acc.accumulate(new RowBinding(null, inVars, row, terms), env);
    }

    @Override
    public long value() {
      try {
        NodeValue v = acc.getValue();
        return v == null ? 0 : terms.encode(v.asNode());
      } catch (ExprEvalException e) {
        return 0; // an error: the aggregate is unbound
      }
    }
  }

  @Override
  public String label() {
    List<String> what = new ArrayList<>();
    aggregates.forEach(a -> what.add(a.getAggregator().toPrefixString()));
    List<Var> keys = vars.subList(0, keyColumns.length);
    return "group by " + keys + " " + what;
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of(input);
  }
}
