package dev.quarry.core.query.exec;

import java.util.List;
import org.apache.jena.sparql.core.Var;

/** Rows given in advance: the one empty row a query starts from, or a block of input bindings. */
public final class Source extends IdOperator {
  private final Rows rows;
  private final String what;
  private boolean done;

  public Source(List<Var> vars, Rows rows, String what) {
    super(vars);
    this.rows = rows;
    this.what = what;
    estimate(rows.size);
  }

  /** The single empty row. */
  public static Source unit() {
    Rows r = new Rows(0, 1);
    r.append();
    return new Source(List.of(), r, "start");
  }

  /**
   * True for the one empty row (what a pattern joins with as if with nothing); false for no rows,
   * which a pattern with a term the store lacks gives: a join with it is empty.
   */
  public boolean isUnit() {
    return vars.isEmpty() && rows.size == 1;
  }

  @Override
  protected Rows compute() {
    if (done) {
      return null;
    }
    done = true;
    return rows;
  }

  @Override
  public String label() {
    return what + " (" + rows.size + " rows)";
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of();
  }
}
