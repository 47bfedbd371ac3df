package dev.quarry.core.query.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.jena.sparql.core.Var;

/**
 * OPTIONAL as an index join: each batch of left rows, numbered in a hidden column, is the input of
 * the right side (so its lookups are vectored with the left values bound); left rows that produced
 * nothing come out alone.
 */
public final class OptionalJoin extends IdOperator {
  /**
   * The hidden column carrying a left row's number through the right side: one name per nesting (an
   * OPTIONAL or EXISTS inside another carries both numbers), so each join finds its own.
   */
  static Var rowVar(List<Var> leftVars) {
    int depth = 0;
    for (Var v : leftVars) {
      depth += v.getVarName().startsWith("__quarry_row") ? 1 : 0;
    }
    return Var.alloc("__quarry_row" + depth);
  }

  private final Var row;

  private final IdOperator left;
  private final Function<IdOperator, IdOperator> rightOf;
  private IdOperator lastRight;
  private final List<Var> rightVars;

  private OptionalJoin(
      IdOperator left, Function<IdOperator, IdOperator> rightOf, List<Var> rightVars) {
    super(rightVars.stream().filter(v -> !v.equals(rowVar(left.vars()))).toList());
    this.row = rowVar(left.vars());
    this.left = left;
    this.rightOf = rightOf;
    this.rightVars = rightVars;
  }

  /**
   * The optional join of {@code left} with the right side {@code rightOf} builds over an input, or
   * null if that side cannot be built or drops the hidden row column (a projection inside it).
   */
  public static OptionalJoin of(IdOperator left, Function<IdOperator, IdOperator> rightOf) {
    List<Var> in = new ArrayList<>(left.vars());
    in.add(rowVar(left.vars()));
    IdOperator probe = rightOf.apply(new Source(in, new Rows(in.size(), 0), "probe"));
    if (probe == null || !probe.vars().contains(rowVar(left.vars()))) {
      return null;
    }
    return new OptionalJoin(left, rightOf, probe.vars());
  }

  @Override
  protected Rows compute() {
    Rows in = left.next();
    if (in == null) {
      return null;
    }
    List<Var> inVars = new ArrayList<>(left.vars());
    inVars.add(row);
    Rows numbered = new Rows(inVars.size(), in.size);
    for (int r = 0; r < in.size; r++) {
      int at = numbered.appendCopy(in, r);
      numbered.data[at + in.width] = r + 1;
    }
    lastRight = rightOf.apply(new Source(inVars, numbered, "left rows"));
    int rowCol = rightVars.indexOf(row);
    int[] toOut = rightVars.stream().mapToInt(vars::indexOf).toArray();
    boolean[] matched = new boolean[in.size];
    Rows out = new Rows(vars.size(), in.size);
    for (Rows r = lastRight.next(); r != null; r = lastRight.next()) {
      for (int i = 0; i < r.size; i++) {
        matched[(int) r.get(i, rowCol) - 1] = true;
        int at = out.append();
        for (int c = 0; c < toOut.length; c++) {
          if (toOut[c] >= 0) {
            out.data[at + toOut[c]] = r.get(i, c);
          }
        }
      }
    }
    for (int r = 0; r < in.size; r++) {
      if (!matched[r]) {
        out.appendCopy(in, r);
      }
    }
    return out;
  }

  @Override
  public String label() {
    return "optional (index join)";
  }

  @Override
  public List<IdOperator> inputs() {
    return lastRight == null ? List.of(left) : List.of(left, lastRight);
  }
}
