package dev.quarry.core.query.exec;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
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

  /** The columns with an unbound id in some row (rows given in advance can be looked at). */
  @Override
  public Set<Var> maybeUnbound() {
    Set<Var> out = new HashSet<>();
    for (int c = 0; c < rows.width; c++) {
      for (int r = 0; r < rows.size; r++) {
        if (rows.data[r * rows.width + c] == 0) {
          out.add(vars.get(c));
          break;
        }
      }
    }
    return out;
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
