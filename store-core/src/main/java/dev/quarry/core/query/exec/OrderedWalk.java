package dev.quarry.core.query.exec;

import java.util.ArrayList;
import java.util.List;
import org.apache.jena.sparql.core.Var;

/**
 * The rows of one pattern {@code ?s <p> ?o} in ORDER BY's order of {@code ?o} ({@link ValueOrder}),
 * walked from the best as the input of the rest of a query whose top-k orders by {@code ?o}: the
 * plan of "ORDER BY ?label LIMIT 5" that reads as far as it must, like an index scan in key order
 * under a LIMIT in a relational engine. Its top-k ({@link Order}) stops it once it holds k rows
 * ({@link #stop}): no row walked later can enter, and the rows already walked finish their way
 * through the plan.
 *
 * <p>Walking pays where the rest of the query keeps a fair share of the rows; where it keeps few,
 * it walks far. So it gives up after a budget of rows with no k found ({@link #gaveUp}), and the
 * top-k runs the query's other plan instead: at most the budget is spent on the wrong guess.
 */
public final class OrderedWalk extends IdOperator {
  /** The first batch's rows; batches double to Rows.BATCH: few rows are walked past the end. */
  public static final int FIRST_BATCH = 64;

  private final IdOperator before; // rows joined with every walked row (the part apart from it)
  private Rows prefix; // before's rows, read at the first batch
  private final ValueOrder table;
  private final boolean descending;
  private final long budget;
  private final String pattern; // for explain
  private int walked;
  private int end; // positions before it are walked at most
  private int batch = FIRST_BATCH;
  private boolean bounded; // for explain: stopped by the top-k
  private boolean gaveUp;
  private int groupStart; // a descending walk's current value: its rows [groupStart, groupEnd)
  private int groupEnd;
  private int cursor;

  /**
   * Walks {@code table} as columns {@code subject, object}, descending if so, giving up after
   * {@code budget} rows unless a bound came first; each walked row is joined with every row of
   * {@code before} (null: none), the part of the query that does not depend on it, read once.
   */
  public OrderedWalk(
      IdOperator before,
      ValueOrder table,
      Var subject,
      Var object,
      boolean descending,
      long budget,
      String pattern) {
    super(columns(before, subject, object));
    this.before = before;
    this.table = table;
    this.descending = descending;
    this.budget = budget;
    this.pattern = pattern;
    this.end = table.size();
    this.groupStart = table.size();
    this.groupEnd = table.size();
    this.cursor = table.size();
    estimate(
        Math.min(budget, table.size()) * (before == null ? 1 : Math.max(1, before.estimate())));
  }

  private static List<Var> columns(IdOperator before, Var subject, Var object) {
    List<Var> vars = new ArrayList<>(before == null ? List.of() : before.vars());
    vars.add(subject);
    vars.add(object);
    return vars;
  }

  @Override
  protected Rows compute() {
    if (prefix == null) {
      prefix = readBefore();
    }
    if (walked >= end || prefix.size == 0) {
      return null;
    }
    if (walked >= budget) { // (a stopped walk ended above: end is where it stopped)
      gaveUp = true;
      return null;
    }
    int to = Math.min(end, walked + batch);
    batch = Math.min(Rows.BATCH, batch * 2);
    int w = prefix.width;
    Rows out = new Rows(w + 2, (to - walked) * prefix.size);
    for (int i = walked; i < to; i++) {
      int at = descending ? nextDescending() : i;
      for (int r = 0; r < prefix.size; r++) {
        int row = out.append();
        System.arraycopy(prefix.data, r * w, out.data, row, w);
        out.data[row + w] = table.subjects[at];
        out.data[row + w + 1] = table.objects[at];
      }
    }
    walked = to;
    return out;
  }

  /**
   * The next row of a descending walk: the values from the last, the rows of one value in their
   * ascending order, as a stable sort of the same rows (descending) keeps them.
   */
  private int nextDescending() {
    if (cursor == groupEnd) {
      groupEnd = groupStart;
      groupStart = groupEnd - 1;
      while (groupStart > 0 && table.ranks[groupStart - 1] == table.ranks[groupEnd - 1]) {
        groupStart--;
      }
      cursor = groupStart;
    }
    return cursor++;
  }

  private Rows readBefore() {
    if (before == null) {
      Rows one = new Rows(0, 1);
      one.append();
      return one;
    }
    Rows all = new Rows(before.vars().size(), Rows.SMALL);
    for (Rows r = before.next(); r != null; r = before.next()) {
      all.appendAll(r);
    }
    return all;
  }

  /**
   * The top-k holds k rows: every row not yet walked comes after them all in the order (or ties,
   * which SPARQL leaves to break), so none can enter, and the walk ends here. The rows already
   * walked still go through the plan: some may yet beat the k.
   */
  public void stop() {
    if (walked < end && !gaveUp) {
      end = walked;
      bounded = true;
    }
  }

  /**
   * True if the walk ended on its budget, not on a bound or the table's end: run the other plan.
   */
  public boolean gaveUp() {
    return gaveUp;
  }

  @Override
  public boolean fedByWalk() {
    return true;
  }

  @Override
  public String label() {
    return "walk "
        + vars.get(vars.size() - 1)
        + (descending ? " descending" : " ascending")
        + " over "
        + pattern
        + " ["
        + walked
        + " of "
        + table.size()
        + " rows walked"
        + (gaveUp ? "; its budget of " + budget + " rows reached" : "")
        + (bounded ? "; stopped by the top-k" : "")
        + "]";
  }

  @Override
  public List<IdOperator> inputs() {
    return before == null ? List.of() : List.of(before);
  }
}
