package dev.quarry.core.query.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.jena.sparql.core.Var;

/**
 * {@code FILTER EXISTS} and {@code FILTER NOT EXISTS} as semi- and anti-joins: each batch of left
 * rows, numbered in a hidden column, is the input of the inner pattern (the row's values take the
 * place of its variables, as SPARQL's substitution does, and its lookups are vectored over the
 * batch); a left row is kept if the inner pattern matched it (EXISTS) or did not (NOT EXISTS).
 */
public final class SemiJoin extends IdOperator {
  private final IdOperator left;
  private final Function<IdOperator, IdOperator> innerOf;
  private final boolean negated;
  private final String text;
  private IdOperator lastInner;

  private SemiJoin(
      IdOperator left, Function<IdOperator, IdOperator> innerOf, boolean negated, String text) {
    super(left.vars());
    this.left = left;
    this.innerOf = innerOf;
    this.negated = negated;
    this.text = text;
  }

  /**
   * The (anti-)semi-join of {@code left} with the pattern {@code innerOf} builds over an input, or
   * null if that pattern cannot be built on ids or drops the hidden row column.
   */
  public static SemiJoin of(
      IdOperator left, Function<IdOperator, IdOperator> innerOf, boolean negated, String text) {
    List<Var> in = numbered(left.vars());
    IdOperator probe = innerOf.apply(new Source(in, new Rows(in.size(), 0), "probe"));
    if (probe == null || !probe.vars().contains(OptionalJoin.rowVar(left.vars()))) {
      return null;
    }
    return new SemiJoin(left, innerOf, negated, text);
  }

  private static List<Var> numbered(List<Var> vars) {
    List<Var> in = new ArrayList<>(vars);
    in.add(OptionalJoin.rowVar(vars));
    return in;
  }

  @Override
  protected Rows compute() {
    Rows in = left.next();
    if (in == null) {
      return null;
    }
    List<Var> inVars = numbered(left.vars());
    Rows numbered = new Rows(inVars.size(), in.size);
    for (int r = 0; r < in.size; r++) {
      int at = numbered.appendCopy(in, r);
      numbered.data[at + in.width] = r + 1;
    }
    lastInner = innerOf.apply(new Source(inVars, numbered, "left rows"));
    int rowCol = lastInner.column(OptionalJoin.rowVar(left.vars()));
    boolean[] matched = new boolean[in.size];
    for (Rows r = lastInner.next(); r != null; r = lastInner.next()) {
      for (int i = 0; i < r.size; i++) {
        matched[(int) r.get(i, rowCol) - 1] = true;
      }
    }
    Rows out = new Rows(vars.size(), in.size);
    for (int r = 0; r < in.size; r++) {
      if (matched[r] != negated) {
        out.appendCopy(in, r);
      }
    }
    return out;
  }

  @Override
  public String label() {
    return (negated ? "not exists " : "exists ") + text + " (semi-join on the left rows)";
  }

  @Override
  public List<IdOperator> inputs() {
    return lastInner == null ? List.of(left) : List.of(left, lastInner);
  }
}
