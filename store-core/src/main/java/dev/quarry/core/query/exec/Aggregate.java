package dev.quarry.core.query.exec;

import dev.quarry.core.query.memory.QueryMemory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.expr.ExprAggregator;
import org.apache.jena.sparql.expr.ExprVar;
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
  private QueryMemory memory;
  private long held;
  private final DistinctOverflow[] overflows;
  private final AggregateArgument[] arguments; // per aggregate over one expression, else null
  private final int[] countColumns; // non-null: counts only, grouped in a CountGroups
  private long distinctOwed; // bytes of COUNT(DISTINCT) values not reserved yet
  private boolean distinctOverflowing; // in-memory groups' new values go to disk
  private RowSorter spill; // rows of the groups that did not fit, if any did not
  private long[] spillRow;
  private long spilledRows;
  private RowSorter.RowStream spilled;
  private Rows spilledBatch;
  private int spilledRow;

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
    this.overflows = new DistinctOverflow[aggregates.size()];
    this.arguments = new AggregateArgument[aggregates.size()];
    for (int a = 0; a < arguments.length; a++) {
      var exprs = aggregates.get(a).getAggregator().getExprList();
      arguments[a] =
          exprs != null && exprs.size() == 1
              ? new AggregateArgument(exprs.get(0), input.vars(), terms, env)
              : null;
    }
    this.countColumns = countColumns(aggregates, input.vars());
  }

  /**
   * Per aggregate, the column COUNT(?x) counts (-1 for COUNT(*)), if every aggregate is one of
   * those two over the input's columns (see {@link CountGroups}); else null.
   */
  private static int[] countColumns(List<ExprAggregator> aggregates, List<Var> inVars) {
    int[] cols = new int[aggregates.size()];
    for (int a = 0; a < cols.length; a++) {
      Aggregator agg = aggregates.get(a).getAggregator();
      cols[a] = agg instanceof AggCount ? -1 : column(agg, inVars);
      if (!(agg instanceof AggCount) && !(agg instanceof AggCountVar && cols[a] >= 0)) {
        return null;
      }
    }
    return cols;
  }

  private static List<Var> outputVars(List<Var> groupVars, List<ExprAggregator> aggregates) {
    List<Var> out = new ArrayList<>(groupVars);
    aggregates.forEach(a -> out.add(a.getVar()));
    return out;
  }

  @Override
  protected Rows compute() {
    if (spilled != null) {
      return spilledGroups();
    }
    if (done) {
      return null;
    }
    done = true;
    memory = memoryOf(env instanceof ExecutionContext c ? c : null);
    Map<RowKey, AggregateState[]> groups = new LinkedHashMap<>();
    List<Var> inVars = input.vars();
    long groupBytes = 96 + keyColumns.length * 8L + aggregates.size() * 64L;
    CountGroups counts = countColumns == null ? null : new CountGroups(keyColumns, countColumns);
    int room = 0; // groups of counts the memory reserved so far has room for
    for (Rows batch = input.next(); batch != null; batch = input.next()) {
      for (int r = 0; r < batch.size; r++) {
        int base = r * batch.width;
        if (counts != null) {
          int g = counts.groupOf(batch.data, base, false);
          // A new group: memory is reserved a block of groups at a time. Once rows spill, no
          // group is made in memory, so each group is in memory or on disk, whole.
          if (g < 0
              && spill == null
              && counts.size() == room
              && reserve(COUNT_BLOCK * counts.bytesPerGroup())) {
            room += COUNT_BLOCK;
          }
          if (g < 0 && spill == null && counts.size() < room) {
            g = counts.groupOf(batch.data, base, true);
          }
          if (g >= 0) {
            counts.count(g, batch.data, base);
          } else {
            spill(batch.data, base, batch.width);
          }
          continue;
        }
        RowKey key = new RowKey(key(batch.data, base));
        AggregateState[] states = groups.get(key);
        if (states == null) {
          if (spill == null && reserve(groupBytes)) {
            states = newStates(inVars, groups.size());
            groups.put(key, states);
          } else {
            spill(batch.data, base, batch.width);
            continue;
          }
        }
        for (AggregateState s : states) {
          s.add(batch.data, base, batch.width, inVars);
        }
      }
    }
    int groupCount = counts != null ? counts.size() : groups.size();
    Rows out = new Rows(vars.size(), Math.max(1, groupCount));
    if (groupCount == 0 && keyColumns.length == 0 && spill == null) {
      // No rows and no GROUP BY: one group, the aggregates of nothing.
      int at = out.append();
      for (int a = 0; a < aggregates.size(); a++) {
        Node empty = aggregates.get(a).getAggregator().getValueEmpty();
        out.data[at + a] = empty == null ? 0 : terms.encode(empty);
      }
      return out;
    }
    for (int g = 0; counts != null && g < counts.size(); g++) {
      int at = out.append();
      for (int k = 0; k < keyColumns.length; k++) {
        out.data[at + k] = counts.key(g, k);
      }
      for (int a = 0; a < countColumns.length; a++) {
        out.data[at + keyColumns.length + a] = terms.count(counts.count(g, a));
      }
    }
    for (Map.Entry<RowKey, AggregateState[]> g : groups.entrySet()) {
      emit(out, g.getKey().ids(), g.getValue());
    }
    groups.clear();
    closeOverflows();
    giveBack();
    if (spill != null) {
      spilled = spill.sorted();
      spilledRow = -1;
    }
    return out;
  }

  /** Groups of counts reserved in the query's memory at a time. */
  private static final int COUNT_BLOCK = 256;

  /** Reserves query memory held until the groups are emitted; false if refused. */
  private boolean reserve(long bytes) {
    if (!memory.tryReserve(bytes)) {
      return false;
    }
    held += bytes;
    return true;
  }

  private long[] key(long[] data, int base) {
    long[] key = new long[keyColumns.length];
    for (int k = 0; k < key.length; k++) {
      key[k] = keyColumns[k] < 0 ? 0 : data[base + keyColumns[k]];
    }
    return key;
  }

  private void emit(Rows out, long[] key, AggregateState[] states) {
    int at = out.append();
    System.arraycopy(key, 0, out.data, at, key.length);
    for (int a = 0; a < states.length; a++) {
      out.data[at + key.length + a] = states[a].value();
    }
  }

  /**
   * A row of a group that did not fit in memory: with every such group, it is sorted (by group key,
   * then arrival, so order-sensitive aggregates such as GROUP_CONCAT see the input order) and
   * aggregated group by group afterwards. Groups already in memory go on there.
   */
  private void spill(long[] data, int base, int width) {
    if (spill == null) {
      int[] keys = keyColumns;
      spill =
          new RowSorter(
              width + 1,
              (a, ao, b, bo) -> {
                for (int k : keys) {
                  if (k >= 0) {
                    int c = Long.compare(a[ao + k], b[bo + k]);
                    if (c != 0) {
                      return c;
                    }
                  }
                }
                return Long.compare(a[ao + width], b[bo + width]);
              },
              memory,
              this::checkpoint);
      spillRow = new long[width + 1];
    }
    System.arraycopy(data, base, spillRow, 0, width);
    spillRow[width] = spilledRows++;
    spill.add(spillRow, 0);
  }

  private void checkpoint() {
    checkCancel(env instanceof ExecutionContext c ? c : null);
  }

  /** The next batch of groups from the spilled rows, each aggregated as its rows stream by. */
  private Rows spilledGroups() {
    List<Var> inVars = input.vars();
    int width = inVars.size() + 1;
    Rows out = new Rows(vars.size(), Rows.BATCH);
    long[] key = null;
    AggregateState[] states = null;
    while (out.size < Rows.BATCH) {
      if (spilledBatch == null || ++spilledRow >= spilledBatch.size) {
        spilledBatch = spilled.next();
        spilledRow = 0;
        if (spilledBatch == null) {
          if (states != null) {
            emit(out, key, states);
          }
          spill.close();
          spilled = () -> null;
          return out.size == 0 ? null : out;
        }
      }
      int base = spilledRow * width;
      long[] k = key(spilledBatch.data, base);
      if (states == null || !Arrays.equals(k, key)) {
        if (states != null) {
          emit(out, key, states);
          giveBack(); // the group's COUNT(DISTINCT) values
          if (out.size >= Rows.BATCH) {
            spilledRow--; // this row starts the next batch's first group
            return out;
          }
        }
        key = k;
        states = newStates(inVars, -1);
      }
      for (AggregateState s : states) {
        s.add(spilledBatch.data, base, width - 1, inVars); // the arrival number is not the row's
      }
    }
    return out;
  }

  private void closeOverflows() {
    for (int a = 0; a < overflows.length; a++) {
      if (overflows[a] != null) {
        overflows[a].close();
        overflows[a] = null;
      }
    }
  }

  @Override
  protected void release() {
    closeOverflows();
    giveBack();
    if (spill != null) {
      spill.close();
    }
  }

  private void giveBack() {
    if (memory != null) {
      memory.release(held);
      held = 0;
    }
  }

  private AggregateState[] newStates(List<Var> inVars, long group) {
    AggregateState[] s = new AggregateState[aggregates.size()];
    for (int a = 0; a < s.length; a++) {
      s[a] = state(aggregates.get(a).getAggregator(), inVars, a, group);
    }
    return s;
  }

  /** The id state for an aggregate that ids decide, else one of ARQ's accumulators. */
  private AggregateState state(Aggregator agg, List<Var> inVars, int a, long group) {
    if (agg instanceof AggCount) {
      return new Count(-1, false, a, group);
    }
    if (agg instanceof AggCountDistinct) {
      return new Count(-1, true, a, group);
    }
    int col = column(agg, inVars);
    if (col >= 0) {
      if (agg instanceof AggCountVar) {
        return new Count(col, false, a, group);
      }
      if (agg instanceof AggCountVarDistinct) {
        return new Count(col, true, a, group);
      }
      if (agg instanceof AggSample) {
        return new AggregateState.Sample(col);
      }
    }
    if (agg.getExprList() != null && agg.getExprList().size() == 1) {
      return arguments[a].accumulator(agg);
    }
    return new AggregateState.Arq(agg.createAccumulator(), terms, env);
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

  /** COUNT: of rows (column -1), of rows binding a column, distinct rows, or distinct values. */
  private final class Count implements AggregateState {
    private final int column;
    private final Set<RowKey> distinct;
    private final int aggregate;
    private final long group; // the in-memory group's number; -1 for a group aggregated alone
    private long n;

    Count(int column, boolean distinct, int aggregate, long group) {
      this.column = column;
      this.distinct = distinct ? new HashSet<>() : null;
      this.aggregate = aggregate;
      this.group = group;
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
                : Arrays.copyOfRange(data, base, base + width);
        RowKey k = new RowKey(key);
        if (group >= 0 && distinctOverflowing) {
          // The groups' values no longer fit: this group's new ones go to disk, counted when the
          // group is emitted.
          if (!distinct.contains(k)) {
            overflow(aggregate, key.length).add(group, key);
          }
          return;
        }
        if (!distinct.add(k)) {
          return;
        }
        distinctOwed += 48 + key.length * 8L;
        if (distinctOwed >= 1 << 16) {
          // Reserved for all groups' values together, a block at a time.
          if (!reserve(distinctOwed)) {
            if (group < 0) {
              throw memory.exceeded("the values of one group's COUNT(DISTINCT)");
            }
            distinctOverflowing = true;
          }
          distinctOwed = 0;
        }
      }
      n++;
    }

    @Override
    public long value() {
      long count = n;
      if (distinct != null && group >= 0 && overflows[aggregate] != null) {
        count += overflows[aggregate].countNew(group, distinct);
      }
      return terms.count(count);
    }
  }

  /** The COUNT(DISTINCT) overflow of aggregate {@code a}, made at its first use. */
  private DistinctOverflow overflow(int a, int width) {
    if (overflows[a] == null) {
      overflows[a] = new DistinctOverflow(width, memory, this::checkpoint);
    }
    return overflows[a];
  }

  @Override
  public String label() {
    List<String> what = new ArrayList<>();
    aggregates.forEach(a -> what.add(a.getAggregator().toPrefixString()));
    List<Var> keys = vars.subList(0, keyColumns.length);
    return "group by "
        + keys
        + " "
        + what
        + (countColumns != null ? " (counts in place)" : "")
        + (spilledRows > 0 ? " (past memory: " + spilledRows + " rows grouped on disk)" : "");
  }

  @Override
  public Set<Var> maybeUnbound() {
    return new HashSet<>(vars); // an aggregate over nothing, or one that failed, is unbound
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of(input);
  }
}
