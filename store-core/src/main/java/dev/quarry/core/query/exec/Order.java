package dev.quarry.core.query.exec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.jena.query.SortCondition;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.engine.binding.BindingComparator;

/**
 * ORDER BY, and ORDER BY with LIMIT as a top-k: only the best {@code limit} rows are kept, in a
 * heap, while the input streams by. Rows compare through ARQ's SPARQL ordering on lazily decoded
 * rows, so only the sort keys are decoded (and each distinct term once, by the term cache).
 */
public final class Order extends IdOperator {
  private final IdOperator input;
  private final List<SortCondition> conditions;
  private final long limit;
  private final Comparator<long[]> order;
  private List<long[]> sorted;
  private int pos;

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
    BindingComparator cmp = new BindingComparator(conditions, cxt);
    int[] compared = {0};
    this.order =
        (a, b) -> {
          // A sort of millions of rows runs long after its input is read: the query's deadline
          // and cancellation are checked in it too, not only between batches.
          if ((++compared[0] & 1023) == 0 && cxt != null) {
            cxt.checkCancelSignal();
          }
          return cmp.compare(
              new RowBinding(null, vars, a, terms), new RowBinding(null, vars, b, terms));
        };
  }

  @Override
  protected Rows compute() {
    if (sorted == null) {
      sorted = limit < 0 ? all() : top();
    }
    if (pos >= sorted.size()) {
      return null;
    }
    Rows out = new Rows(vars.size(), Math.min(Rows.BATCH, sorted.size() - pos));
    while (pos < sorted.size() && out.size < Rows.BATCH) {
      int at = out.append();
      System.arraycopy(sorted.get(pos++), 0, out.data, at, vars.size());
    }
    return out;
  }

  private List<long[]> all() {
    List<long[]> rows = new ArrayList<>();
    for (Rows r = input.next(); r != null; r = input.next()) {
      for (int i = 0; i < r.size; i++) {
        rows.add(r.row(i));
      }
    }
    rows.sort(order); // stable: ties keep their input order
    return rows;
  }

  private List<long[]> top() {
    // A max-heap of the best rows so far; ties broken by arrival so the result is stable.
    record Seq(long[] row, long n) {}
    Comparator<Seq> worstFirst =
        Comparator.<Seq, long[]>comparing(Seq::row, order).thenComparingLong(Seq::n).reversed();
    PriorityQueue<Seq> heap = new PriorityQueue<>(worstFirst);
    long n = 0;
    for (Rows r = input.next(); r != null; r = input.next()) {
      for (int i = 0; i < r.size; i++) {
        Seq s = new Seq(r.row(i), n++);
        if (heap.size() < limit) {
          heap.add(s);
        } else if (limit > 0 && worstFirst.compare(s, heap.peek()) > 0) {
          heap.poll();
          heap.add(s);
        }
      }
    }
    List<Seq> best = new ArrayList<>(heap);
    best.sort(worstFirst.reversed());
    return best.stream().map(Seq::row).toList();
  }

  @Override
  public String label() {
    return (limit >= 0 ? "top " + limit + " by " : "order by ") + conditions;
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of(input);
  }
}
