package dev.quarry.core.query.exec;

import java.util.List;
import java.util.Set;
import org.apache.jena.sparql.core.Var;

/**
 * Literal ids from the text index, as rows: a search's hits (with their scores as ids, if asked
 * for) or a filter's candidates, a batch at a time. The rows the rest of the pattern joins with on
 * ids.
 */
public final class TextHits extends IdOperator {
  private final long[][] columns;
  private final int size;
  private final String what;
  private int next;

  /** One column per var, {@code columns[c][i]} the id of row i; {@code size} rows. */
  public TextHits(List<Var> vars, long[][] columns, int size, String what) {
    super(vars);
    this.columns = columns;
    this.size = size;
    this.what = what;
    estimate(size);
  }

  @Override
  public Set<Var> maybeUnbound() {
    return Set.of();
  }

  @Override
  protected Rows compute() {
    if (next >= size) {
      return null;
    }
    int n = Math.min(Rows.BATCH, size - next);
    Rows out = new Rows(columns.length, n);
    int at = out.reserve(n);
    for (int i = 0; i < n; i++) {
      for (int c = 0; c < columns.length; c++) {
        out.data[at++] = columns[c][next + i];
      }
    }
    next += n;
    return out;
  }

  @Override
  public String label() {
    return what + " (" + size + ")";
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of();
  }
}
