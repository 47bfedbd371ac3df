package dev.quarry.core.query.exec;

import java.util.List;
import java.util.function.Function;

/**
 * {@code FILTER EXISTS} and {@code FILTER NOT EXISTS} as semi- and anti-joins: each batch of left
 * rows, numbered in a hidden column, is the input of the inner pattern (the row's values take the
 * place of its variables, as SPARQL's substitution does, and its lookups are vectored over the
 * batch); a left row is kept if the inner pattern matched it (EXISTS) or did not (NOT EXISTS).
 */
public final class SemiJoin extends IdOperator {
  private final IdOperator left;
  private final LeftRows numbered;
  private final Function<IdOperator, IdOperator> innerOf;
  private final boolean negated;
  private final Object pattern; // shown by explain (its text made only then)
  private IdOperator lastInner;

  private SemiJoin(
      IdOperator left,
      LeftRows numbered,
      Function<IdOperator, IdOperator> innerOf,
      boolean negated,
      Object pattern) {
    super(left.vars());
    this.left = left;
    this.numbered = numbered;
    this.innerOf = innerOf;
    this.negated = negated;
    this.pattern = pattern;
  }

  /**
   * The (anti-)semi-join of {@code left} with the pattern {@code innerOf} builds over an input, or
   * null if that pattern cannot be built on ids or drops the hidden row column.
   */
  public static SemiJoin of(
      IdOperator left, Function<IdOperator, IdOperator> innerOf, boolean negated, Object pattern) {
    LeftRows numbered = new LeftRows(left.vars());
    return numbered.sideVars(innerOf) == null
        ? null
        : new SemiJoin(left, numbered, innerOf, negated, pattern);
  }

  @Override
  protected Rows compute() {
    Rows in = left.next();
    if (in == null) {
      return null;
    }
    lastInner = numbered.side(innerOf, in);
    int rowCol = lastInner.column(numbered.number);
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
    String text = "{ " + pattern.toString().replaceAll("\\s+", " ").strip() + " }";
    return (negated ? "not exists " : "exists ") + text + " (semi-join on the left rows)";
  }

  @Override
  public List<IdOperator> inputs() {
    return lastInner == null ? List.of(left) : List.of(left, lastInner);
  }
}
