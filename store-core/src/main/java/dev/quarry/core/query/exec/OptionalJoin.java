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
  /** The hidden column carrying a left row's number through the right side. */
  public static final Var ROW = Var.alloc("__quarry_row");

  private final IdOperator left;
  private final Function<IdOperator, IdOperator> rightOf;
  private IdOperator lastRight;
  private final List<Var> rightVars;

  /**
   * @param rightOf builds the right side over an input; it must keep every input column
   */
  public OptionalJoin(IdOperator left, Function<IdOperator, IdOperator> rightOf) {
    super(columns(left, rightOf));
    this.left = left;
    this.rightOf = rightOf;
    this.rightVars = probeVars(left, rightOf);
  }

  private static List<Var> probeVars(IdOperator left, Function<IdOperator, IdOperator> rightOf) {
    List<Var> in = new ArrayList<>(left.vars());
    in.add(ROW);
    return rightOf.apply(new Source(in, new Rows(in.size(), 0), "probe")).vars();
  }

  private static List<Var> columns(IdOperator left, Function<IdOperator, IdOperator> rightOf) {
    List<Var> out = new ArrayList<>(probeVars(left, rightOf));
    out.remove(ROW);
    return out;
  }

  /** True if the right side built by {@code rightOf} keeps the hidden row column. */
  public static boolean keepsRows(IdOperator left, Function<IdOperator, IdOperator> rightOf) {
    return probeVars(left, rightOf).contains(ROW);
  }

  @Override
  protected Rows compute() {
    Rows in = left.next();
    if (in == null) {
      return null;
    }
    List<Var> inVars = new ArrayList<>(left.vars());
    inVars.add(ROW);
    Rows numbered = new Rows(inVars.size(), in.size);
    for (int r = 0; r < in.size; r++) {
      int at = numbered.appendCopy(in, r);
      numbered.data[at + in.width] = r + 1;
    }
    lastRight = rightOf.apply(new Source(inVars, numbered, "left rows"));
    int rowCol = rightVars.indexOf(ROW);
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
