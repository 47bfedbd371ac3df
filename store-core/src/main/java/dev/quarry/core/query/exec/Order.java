package dev.quarry.core.query.exec;

import dev.quarry.core.dict.InlineValues;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.query.memory.QueryMemory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.jena.query.Query;
import org.apache.jena.query.SortCondition;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingComparator;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.expr.ExprVar;
import org.apache.jena.sparql.expr.NodeValue;

/**
 * ORDER BY, and ORDER BY with LIMIT as a top-k: only the best {@code limit} rows are kept, in a
 * heap, while the input streams by. A full sort holds its rows within the query's memory and spills
 * sorted runs beyond it ({@link RowSorter}). Rows compare by the conditions' values as ARQ compares
 * them; ties keep their input order (ARQ breaks them on every variable, which SPARQL leaves open
 * and costs a decode of every column). When every key is a variable, a buffer is sorted by rank:
 * each distinct term of a key column is decoded and valued once, and the rows are sorted on the
 * ranks as plain numbers.
 */
public final class Order extends IdOperator {
  /** Above this many rows a top-k sorts instead of keeping a heap. */
  private static final long HEAP_ROWS = 100_000;

  private IdOperator input;
  private final List<SortCondition> conditions;
  private final long limit;
  private final TermSpace terms;
  private final ExecutionContext cxt;
  private RowSorter sorter;
  private RowSorter.RowStream sorted;
  private long emitted;
  private int spilledRuns; // for explain
  private long compared;
  private final int[] conditionColumns; // per condition: the column of its variable, or -1
  private final int[] keyedColumns; // the columns the conditions read (prefetchKeys)
  private final ExprMemo<NodeValue>[] memos; // per condition over an expression, or null
  private OrderedWalk walk; // the input's walk in this order, told when k rows are held
  private Supplier<IdOperator> otherPlan; // run if the walk gives up
  private Ended onEnd; // told what the input's plans cost, at the end
  private long walkNanos; // the time of a walk that gave up, counted with the plan after it
  private String walkGivenUp; // for explain: the walk that gave up, whose plan is not shown
  private Supplier<String> chosen; // for explain (made there): why this plan, where one was chosen

  /** {@code limit} < 0: sort everything. */
  public Order(
      IdOperator input,
      List<SortCondition> conditions,
      long limit,
      TermSpace terms,
      ExecutionContext cxt) {
    super(input.vars());
    this.input = input;
    this.conditions = conditions;
    this.limit = limit;
    this.terms = terms;
    this.cxt = cxt;
    Set<Integer> keyed = new LinkedHashSet<>();
    this.conditionColumns = new int[conditions.size()];
    for (int i = 0; i < conditionColumns.length; i++) {
      Expr e = conditions.get(i).getExpression();
      for (int c : TermSpace.columnsOf(e, vars)) {
        keyed.add(c);
      }
      conditionColumns[i] = e instanceof ExprVar v ? vars.indexOf(v.asVar()) : -1;
    }
    this.keyedColumns = new int[keyed.size()];
    int k = 0;
    for (int c : keyed) {
      keyedColumns[k++] = c;
    }
    @SuppressWarnings("unchecked")
    ExprMemo<NodeValue>[] m = new ExprMemo[conditions.size()];
    for (int i = 0; i < m.length; i++) {
      m[i] = ExprMemo.of(conditions.get(i).getExpression(), vars);
    }
    this.memos = m;
  }

  /**
   * A top-k whose input walks its key in this order ({@link OrderedWalk}): the walk is stopped once
   * k rows are held, and if it gives up, {@code otherPlan}'s rows (same columns) are used.
   */
  public Order walking(OrderedWalk walk, Supplier<IdOperator> otherPlan) {
    this.walk = walk;
    this.otherPlan = otherPlan;
    return this;
  }

  @Override
  protected Rows compute() {
    if (sorted == null) {
      sorted = start();
    }
    if (limit >= 0 && emitted >= limit) {
      release();
      return null;
    }
    Rows r = sorted.next();
    if (r == null) {
      release();
      return null;
    }
    if (limit >= 0 && emitted + r.size > limit) {
      r.size = (int) (limit - emitted);
    }
    emitted += r.size;
    return r;
  }

  private RowSorter.RowStream start() {
    if (vars.isEmpty()) {
      return input::next; // rows without columns are all equal: input order
    }
    QueryMemory memory = memoryOf(cxt);
    if (limit >= 0 && limit <= HEAP_ROWS) {
      long bytes = limit * (vars.size() * 8L + 64);
      if (memory.tryReserve(bytes)) {
        try {
          return top();
        } finally {
          memory.release(bytes);
        }
      }
    }
    if (walk != null) { // no memory for a heap: a full sort, which needs every row
      input.close();
      input = otherPlan.get();
      walk = null;
    }
    sorter = new RowSorter(vars.size(), new SparqlOrder(), memory, () -> checkCancel(cxt));
    for (Rows r = input.next(); r != null; r = input.next()) {
      sorter.addAll(r);
    }
    return sorter.sorted();
  }

  private int compareRows(long[] a, int aOff, long[] b, int bOff) {
    // A sort of millions of rows runs long after its input is read: the query's deadline and
    // cancellation are checked in it too, not only between batches.
    if ((++compared & 1023) == 0) {
      checkCancel(cxt);
    }
    RowBinding x = null;
    RowBinding y = null;
    for (int i = 0; i < conditions.size(); i++) {
      SortCondition c = conditions.get(i);
      int col = conditionColumns[i];
      if (col >= 0) {
        // On ids where they tell: one term is one value; two integers held inline compare as
        // their ids (a count against a count, as GROUP BY makes them), no term decoded.
        long ia = a[aOff + col];
        long ib = b[bOff + col];
        if (ia == ib) {
          continue;
        }
        if (NodeIds.tag(ia) == InlineValues.TAG_INTEGER
            && NodeIds.tag(ib) == InlineValues.TAG_INTEGER) {
          int cmp = Long.compareUnsigned(ia, ib);
          return c.getDirection() == Query.ORDER_DESCENDING ? -cmp : cmp;
        }
      }
      NodeValue va;
      NodeValue vb;
      ExprMemo<NodeValue> memo = memos[i];
      if (memo != null) { // an expression of one or two variables: once per distinct ids
        va = memo.value(a, aOff, () -> value(c, binding(a, aOff)));
        vb = memo.value(b, bOff, () -> value(c, binding(b, bOff)));
      } else {
        if (x == null) {
          x = binding(a, aOff);
          y = binding(b, bOff);
        }
        va = value(c, x);
        vb = value(c, y);
      }
      int cmp = compareValues(va, vb, c);
      if (cmp != 0) {
        return cmp;
      }
    }
    return 0; // a tie: the sort is stable, so ties keep their input order
  }

  private RowBinding binding(long[] data, int off) {
    return new RowBinding(null, vars, Arrays.copyOfRange(data, off, off + vars.size()), terms);
  }

  /** The condition's value on a row: null when unbound or an error, which SPARQL sorts first. */
  private NodeValue value(SortCondition c, Binding row) {
    try {
      return c.getExpression().eval(row, cxt);
    } catch (ExprEvalException e) {
      return null;
    }
  }

  /** SPARQL's order of two values of a condition, as ARQ orders them, in its direction. */
  private static int compareValues(NodeValue a, NodeValue b, SortCondition c) {
    int cmp = BindingComparator.compareNodesRaw(a, b);
    return c.getDirection() == Query.ORDER_DESCENDING ? -cmp : cmp;
  }

  /**
   * Decodes the terms of a batch's key columns in one request each, where the store answers batches
   * best (a remote backend): the heap's comparisons would otherwise ask for them one by one.
   */
  private void prefetchKeys(Rows r) {
    terms.willDecodeColumns(r, keyedColumns);
  }

  private RowSorter.RowStream top() {
    // A max-heap of the best rows so far; ties broken by arrival so the result is stable.
    record Seq(long[] row, long n) {}
    Comparator<long[]> order = (a, b) -> compareRows(a, 0, b, 0);
    Comparator<Seq> worstFirst =
        Comparator.<Seq, long[]>comparing(Seq::row, order).thenComparingLong(Seq::n).reversed();
    PriorityQueue<Seq> heap = new PriorityQueue<>(worstFirst);
    long n = 0;
    for (Rows r = input.next(); ; r = input.next()) {
      if (r == null) {
        // A walk that gave up with k rows held found them all the same: every row it did not walk
        // comes after every row it did.
        if (walk == null || !walk.gaveUp() || heap.size() >= limit) {
          break;
        }
        input.close(); // the walk went too far for too few rows: the other plan from the start
        walkGivenUp = walk.label();
        walkNanos = input.nanos();
        input = otherPlan.get();
        walk = null;
        heap.clear();
        continue;
      }
      prefetchKeys(r);
      for (int i = 0; i < r.size; i++) {
        if (heap.size() < limit) {
          heap.add(new Seq(r.row(i), n++));
        } else if (limit > 0 && compareRows(r.data, i * r.width, heap.peek().row(), 0) < 0) {
          // Better than the worst kept (a row that ties it came later, so it loses): compared
          // in place, the row copied only if it is kept.
          heap.poll();
          heap.add(new Seq(r.row(i), n++));
        }
      }
      if (walk != null && heap.size() >= limit) {
        walk.stop();
      }
    }
    List<Seq> best = new ArrayList<>(heap);
    best.sort(worstFirst.reversed());
    Rows out = new Rows(vars.size(), best.size());
    for (Seq s : best) {
      System.arraycopy(s.row(), 0, out.data, out.append(), vars.size());
    }
    boolean[] given = {false};
    return () -> {
      if (given[0] || out.size == 0) {
        return null;
      }
      given[0] = true;
      return out;
    };
  }

  /** SPARQL's ordering of rows, and the sort of a buffer by ranks when every key is a variable. */
  private final class SparqlOrder implements RowSorter.RowOrder {
    // Every condition's variable column, or null if a condition is not a variable of the rows.
    private final int[] keyColumns = allVariables(conditionColumns) ? conditionColumns : null;

    @Override
    public int compare(long[] a, int aOff, long[] b, int bOff) {
      return compareRows(a, aOff, b, bOff);
    }

    @Override
    public Object key(long[] row, int off) {
      // The merge compares each head row with others log(runs) times: its values are made once.
      RowBinding b =
          new RowBinding(null, vars, Arrays.copyOfRange(row, off, off + vars.size()), terms);
      NodeValue[] values = new NodeValue[conditions.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = value(conditions.get(i), b);
      }
      return values;
    }

    @Override
    public int compareKeys(Object a, Object b) {
      if ((++compared & 1023) == 0) {
        checkCancel(cxt);
      }
      NodeValue[] x = (NodeValue[]) a;
      NodeValue[] y = (NodeValue[]) b;
      for (int i = 0; i < x.length; i++) {
        int cmp = compareValues(x[i], y[i], conditions.get(i));
        if (cmp != 0) {
          return cmp;
        }
      }
      return 0;
    }

    @Override
    public int[] sort(long[] data, int width, int n) {
      if (keyColumns == null) {
        return RowSorter.stableSort(n, (i, j) -> compareRows(data, i * width, data, j * width));
      }
      // Least significant key first; each pass is stable, so ties keep the earlier keys' order.
      int[] perm = new int[n];
      for (int i = 0; i < n; i++) {
        perm[i] = i;
      }
      long[] keys = new long[n];
      for (int k = keyColumns.length - 1; k >= 0; k--) {
        int[] rank = ranks(data, width, n, k);
        for (int i = 0; i < n; i++) {
          keys[i] = (long) rank[perm[i]] << 32 | i;
        }
        Arrays.sort(keys);
        int[] next = new int[n];
        for (int i = 0; i < n; i++) {
          next[i] = perm[(int) keys[i]];
        }
        perm = next;
        checkCancel(cxt);
      }
      return perm;
    }

    /** The rank of each row's term in key {@code k}: equal terms (by SPARQL order) rank equal. */
    private int[] ranks(long[] data, int width, int n, int k) {
      long[] column = new long[n];
      for (int i = 0; i < n; i++) {
        column[i] = data[i * width + keyColumns[k]];
      }
      int[] rank =
          TermRanks.of(
              column,
              n,
              (ids, m, out) -> {
                terms.willDecode(ids, m); // one request where the store batches terms
                for (int i = 0; i < m; i++) {
                  out[i] = ids[i] == 0 ? null : terms.decode(ids[i]);
                }
              },
              () -> checkCancel(cxt));
      if (conditions.get(k).getDirection() == Query.ORDER_DESCENDING) {
        for (int i = 0; i < n; i++) {
          rank[i] = -rank[i];
        }
      }
      return rank;
    }
  }

  /** Lets go of the sorter's memory and spill files. */
  @Override
  protected void release() {
    if (sorter != null) {
      spilledRuns = sorter.runsWritten();
      sorter.close();
      sorter = null;
    }
    if (onEnd != null) {
      onEnd.ended(rowsMade(input), walkNanos + input.nanos());
      onEnd = null;
    }
  }

  /** The rows {@code op} and its inputs made: what running it cost, roughly. */
  private static boolean allVariables(int[] columns) {
    for (int c : columns) {
      if (c < 0) {
        return false;
      }
    }
    return true;
  }

  private static long rowsMade(IdOperator op) {
    long sum = op.produced();
    for (IdOperator in : op.inputs()) {
      sum += rowsMade(in);
    }
    return sum;
  }

  /** Says in explain why this plan ran (a choice made between plans). */
  public Order chosen(Supplier<String> why) {
    this.chosen = why;
    return this;
  }

  /**
   * What the input cost, told at the end: the rows its plan made, and its time (a walk's that gave
   * up included).
   */
  public interface Ended {
    void ended(long rowsMade, long nanos);
  }

  /** Tells {@code ended} what its input's plans (a walk's included, if it gave up) cost. */
  public Order onEnd(Ended ended) {
    this.onEnd = ended;
    return this;
  }

  @Override
  public String label() {
    return (limit >= 0 ? "top " + limit + " by " : "order by ")
        + conditions
        + (spilledRuns > 0 ? " (past memory: " + spilledRuns + " sorted runs on disk)" : "")
        + (chosen != null ? " (" + chosen.get() + ")" : "")
        + (walkGivenUp != null
            ? " (the usual plan, after a walk that gave up: " + walkGivenUp + ")"
            : "");
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of(input);
  }
}
