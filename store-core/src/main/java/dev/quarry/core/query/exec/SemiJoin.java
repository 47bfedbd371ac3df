package dev.quarry.core.query.exec;

import dev.quarry.core.query.memory.QueryMemory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * {@code FILTER EXISTS} and {@code FILTER NOT EXISTS} as semi- and anti-joins: each batch of left
 * rows, numbered in a hidden column, is the input of the inner pattern (the row's values take the
 * place of its variables, as SPARQL's substitution does, and its lookups are vectored over the
 * batch); a left row is kept if the inner pattern matched it (EXISTS) or did not (NOT EXISTS).
 *
 * <p>In waves ({@link #inWaves}), a test stops early per row as a nested loop would, yet keeps its
 * lookups vectored: the inner's first pattern is read for the whole batch and held, then the rest
 * runs over the first row each left row found, then over the next two of each row still undecided,
 * the next four, and so on. BSBM's BI Q7 asks, for each of ~115 products, whether any of its ~20
 * offers has a vendor in a country; most products are decided by their first offers, and a vendor
 * lookup is a random probe (~3 us at 10M).
 */
public final class SemiJoin extends IdOperator {
  private final IdOperator left;
  private final LeftRows numbered;
  private final Function<IdOperator, IdOperator> innerOf;
  private final boolean negated;
  private final Object pattern; // shown by explain (its text made only then)
  private Waves waves;
  private IdOperator lastFirst; // in waves: the last batch's first pattern
  private IdOperator lastInner;
  private long firstRows; // in waves: rows the first pattern found
  private long tried; // in waves: of those, rows the rest ran over
  private long waveCount;

  /**
   * An EXISTS pattern as the pattern its join order starts with ({@code first}, over the numbered
   * left rows) and the rest ({@code rest}, over first's rows). Each builds over an input and keeps
   * its input's columns.
   */
  public record Waves(
      Function<IdOperator, IdOperator> first, Function<IdOperator, IdOperator> rest) {}

  /**
   * Fewer first-pattern rows than this per batch run the rest once: a wave costs a plan of the
   * rest, worth it only when there are probes to save.
   */
  static final int MIN_WAVE_ROWS = 64;

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

  /** Tests in waves with the pattern so split (null: in one go). */
  public SemiJoin inWaves(Waves split) {
    this.waves = split;
    return this;
  }

  @Override
  protected Rows compute() {
    Rows in = left.next();
    if (in == null) {
      return null;
    }
    boolean[] matched = new boolean[in.size];
    if (waves == null || !inWaves(in, matched)) {
      lastInner = numbered.side(innerOf, in);
      mark(lastInner, matched);
    }
    Rows out = new Rows(vars.size(), in.size);
    for (int r = 0; r < in.size; r++) {
      if (matched[r] != negated) {
        out.appendCopy(in, r);
      }
    }
    return out;
  }

  /**
   * Marks the left rows {@code inner}'s rows belong to, and closes it: what it held (a pattern read
   * whole) goes back to the query's memory now, not when the query ends.
   */
  private void mark(IdOperator inner, boolean[] matched) {
    int rowCol = inner.column(numbered.number);
    try {
      for (Rows r = inner.next(); r != null; r = inner.next()) {
        for (int i = 0; i < r.size; i++) {
          matched[(int) r.get(i, rowCol) - 1] = true;
        }
      }
    } finally {
      inner.close();
    }
  }

  /**
   * Tests the batch in waves; false (nothing marked) if the first pattern's rows do not fit in the
   * query's memory, or the split does not keep the row numbers.
   */
  private boolean inWaves(Rows in, boolean[] matched) {
    IdOperator first = numbered.side(waves.first(), in);
    int col = first == null ? -1 : first.column(numbered.number);
    if (col < 0) {
      return false;
    }
    QueryMemory memory = memoryOf(context());
    Rows all = new Rows(first.vars().size(), Rows.SMALL);
    long held = 0;
    try {
      for (Rows r = first.next(); r != null; r = first.next()) {
        long bytes = 8L * r.size * r.width;
        if (!memory.tryReserve(bytes)) {
          first.close();
          return false;
        }
        held += bytes;
        all.appendAll(r);
      }
      first.close();
      lastFirst = first;
      firstRows += all.size;
      // The rows by left row (stable: each row's in the order found).
      int[] start = new int[in.size + 1];
      for (int i = 0; i < all.size; i++) {
        start[(int) all.get(i, col)]++;
      }
      for (int r = 0; r < in.size; r++) {
        start[r + 1] += start[r];
      }
      int[] order = new int[all.size];
      int[] next = Arrays.copyOf(start, in.size);
      for (int i = 0; i < all.size; i++) {
        order[next[(int) all.get(i, col) - 1]++] = i;
      }
      int width = all.size < MIN_WAVE_ROWS ? all.size : 1;
      for (int lo = 0; ; lo += width, width *= 2) {
        Rows wave = new Rows(all.width, Rows.SMALL);
        for (int r = 0; r < in.size; r++) {
          int to = Math.min(start[r + 1], start[r] + lo + width);
          for (int k = start[r] + lo; !matched[r] && k < to; k++) {
            wave.appendCopy(all, order[k]);
          }
        }
        if (wave.size == 0) {
          return true;
        }
        waveCount++;
        tried += wave.size;
        IdOperator rest = waves.rest().apply(new Source(first.vars(), wave, "wave rows"));
        if (rest == null || rest.column(numbered.number) < 0) {
          throw new IllegalStateException("an EXISTS split lost its row numbers: " + pattern);
        }
        lastInner = rest;
        mark(rest, matched);
      }
    } finally {
      memory.release(held);
    }
  }

  @Override
  public String label() {
    String text = "{ " + pattern.toString().replaceAll("\\s+", " ").strip() + " }";
    String how =
        waveCount == 0
            ? " (semi-join on the left rows)"
            : " (semi-join in "
                + waveCount
                + " waves: the rest ran over "
                + tried
                + " of the first pattern's "
                + firstRows
                + " rows; below, the last wave)";
    return (negated ? "not exists " : "exists ") + text + how;
  }

  @Override
  public List<IdOperator> inputs() {
    List<IdOperator> in = new ArrayList<>(List.of(left));
    if (lastFirst != null) {
      in.add(lastFirst);
    }
    if (lastInner != null) {
      in.add(lastInner);
    }
    return in;
  }
}
