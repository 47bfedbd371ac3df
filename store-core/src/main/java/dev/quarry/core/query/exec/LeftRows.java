package dev.quarry.core.query.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.jena.sparql.core.Var;

/**
 * A batch of left rows numbered 1..n in a hidden column, as the input of the side an OPTIONAL or
 * EXISTS joins them with: the side's lookups are vectored with the left values bound, and each of
 * its rows says, by the number, which left row it belongs to. The hidden column has one name per
 * nesting (an OPTIONAL or EXISTS inside another carries both numbers), so each join finds its own.
 */
final class LeftRows {
  private final List<Var> columns; // the left columns, then the number
  final Var number;

  LeftRows(List<Var> leftVars) {
    int depth = 0;
    for (Var v : leftVars) {
      depth += v.getVarName().startsWith("__quarry_row") ? 1 : 0;
    }
    this.number = Var.alloc("__quarry_row" + depth);
    this.columns = new ArrayList<>(leftVars);
    columns.add(number);
  }

  /**
   * The columns {@code side} produces over numbered rows, or null if it cannot be built or drops
   * the number (a projection inside it).
   */
  List<Var> sideVars(Function<IdOperator, IdOperator> side) {
    return sideVars(side, c -> null);
  }

  /**
   * ... or {@code known}'s columns for this input's, where it knows them without building the side
   * (a probe plans the whole side).
   */
  List<Var> sideVars(Function<IdOperator, IdOperator> side, Function<List<Var>, List<Var>> known) {
    List<Var> cols = known.apply(List.copyOf(columns));
    if (cols != null) {
      return cols;
    }
    IdOperator probe = side.apply(new Source(columns, new Rows(columns.size(), 0), "probe"));
    return probe == null || !probe.vars().contains(number) ? null : probe.vars();
  }

  /** The side over this batch of left rows, numbered. */
  IdOperator side(Function<IdOperator, IdOperator> side, Rows left) {
    Rows numbered = new Rows(columns.size(), left.size);
    for (int r = 0; r < left.size; r++) {
      int at = numbered.appendCopy(left, r);
      numbered.data[at + left.width] = r + 1;
    }
    return side.apply(new Source(columns, numbered, "left rows"));
  }
}
