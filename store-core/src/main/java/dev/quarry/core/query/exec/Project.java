package dev.quarry.core.query.exec;

import java.util.List;
import org.apache.jena.sparql.core.Var;

/** Keeps some columns, in the order asked for (a variable the input lacks stays unbound). */
public final class Project extends BatchOperator {
  private final int[] from;

  public Project(IdOperator input, List<Var> keep) {
    super(keep, input);
    this.from = new int[keep.size()];
    for (int i = 0; i < from.length; i++) {
      from[i] = input.column(keep.get(i));
    }
  }

  @Override
  protected Rows apply(Rows in) {
    Rows out = new Rows(from.length, in.size);
    for (int r = 0; r < in.size; r++) {
      int at = out.append();
      for (int c = 0; c < from.length; c++) {
        out.data[at + c] = from[c] < 0 ? 0 : in.data[r * in.width + from[c]];
      }
    }
    return out;
  }

  @Override
  public String label() {
    return "project " + vars;
  }
}
