package dev.quarry.core.query.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.apache.jena.sparql.core.Var;

/**
 * OPTIONAL as an index join: each batch of left rows, numbered in a hidden column, is the input of
 * the right side (so its lookups are vectored with the left values bound); left rows that produced
 * nothing come out alone.
 */
public final class OptionalJoin extends IdOperator {
  private final IdOperator left;
  private final LeftRows numbered;
  private final Function<IdOperator, IdOperator> rightOf;
  private IdOperator lastRight;
  private final int[] leftToOut; // by left column: its output column

  private OptionalJoin(
      IdOperator left,
      LeftRows numbered,
      Function<IdOperator, IdOperator> rightOf,
      List<Var> rightVars) {
    super(without(rightVars, numbered.number));
    this.left = left;
    this.numbered = numbered;
    this.rightOf = rightOf;
    this.leftToOut = VarColumns.of(left.vars(), vars);
  }

  private static List<Var> without(List<Var> vars, Var v) {
    List<Var> out = new ArrayList<>(vars.size());
    for (Var u : vars) {
      if (!u.equals(v)) {
        out.add(u);
      }
    }
    return List.copyOf(out);
  }

  /**
   * The optional join of {@code left} with the right side {@code rightOf} builds over an input, or
   * null if that side cannot be built or drops the hidden row column (a projection inside it).
   */
  public static OptionalJoin of(
      IdOperator left,
      Function<IdOperator, IdOperator> rightOf,
      Function<List<Var>, List<Var>> columnsOf) {
    LeftRows numbered = new LeftRows(left.vars());
    List<Var> rightVars = numbered.sideVars(rightOf, columnsOf);
    return rightVars == null ? null : new OptionalJoin(left, numbered, rightOf, rightVars);
  }

  @Override
  protected Rows compute() {
    Rows in = left.next();
    if (in == null) {
      return null;
    }
    lastRight = numbered.side(rightOf, in);
    // By this batch's side's own columns: it is planned anew for each batch, and its plan (so the
    // order of its columns) may differ from the one that gave this join's columns.
    List<Var> sideVars = lastRight.vars();
    int rowCol = sideVars.indexOf(numbered.number);
    if (rowCol < 0) {
      throw new IllegalStateException("the optional side lost its row numbers: " + sideVars);
    }
    int[] toOut = VarColumns.of(sideVars, vars);
    boolean[] matched = new boolean[in.size];
    Rows out = new Rows(vars.size(), in.size);
    try {
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
    } finally {
      // This batch's right side is done: what it held (a pattern read whole) goes back to the
      // query's memory now. Only the last is closed with the plan, and explain reads it closed.
      lastRight.close();
    }
    for (int r = 0; r < in.size; r++) {
      if (!matched[r]) {
        int at = out.append();
        for (int c = 0; c < leftToOut.length; c++) {
          if (leftToOut[c] >= 0) { // by name: the side's own order may differ
            out.data[at + leftToOut[c]] = in.get(r, c);
          }
        }
      }
    }
    return out;
  }

  @Override
  public String label() {
    return "optional (index join)";
  }

  @Override
  public Set<Var> maybeUnbound() {
    Set<Var> out = super.maybeUnbound();
    for (Var v : vars) {
      if (!left.vars().contains(v)) {
        out.add(v); // the right side's: unbound for a left row it does not match
      }
    }
    return out;
  }

  @Override
  public List<IdOperator> inputs() {
    return lastRight == null ? List.of(left) : List.of(left, lastRight);
  }
}
