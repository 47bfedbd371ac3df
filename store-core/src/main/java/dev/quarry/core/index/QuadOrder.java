package dev.quarry.core.index;

/**
 * The quad layout, in one place: which indexes there are, which parts of a quad each holds and in
 * which order. A quad is {@code (g, s, p, o)}; its parts are numbered {@link #G}, {@link #S},
 * {@link #P}, {@link #O}. PSOG and POGS hold every quad; SP, OP and GS are distinct projections
 * (which predicates a subject has, which predicates have an object, which subjects a graph has).
 * Every pattern that binds P is answered by PSOG or POGS ({@link #forPattern}); the projections
 * answer the patterns that do not.
 */
public enum QuadOrder {
  PSOG("psog", Part.P, Part.S, Part.O, Part.G),
  POGS("pogs", Part.P, Part.O, Part.G, Part.S),
  SP("sp", Part.S, Part.P),
  OP("op", Part.O, Part.P),
  GS("gs", Part.G, Part.S);

  /** Positions of the parts in a quad array {@code {g, s, p, o}}. */
  public static final int G = 0;

  public static final int S = 1;
  public static final int P = 2;
  public static final int O = 3;

  private static final long ANY = 0;
  private static final long MAX = -1L;

  private enum Part {
    G,
    S,
    P,
    O
  }

  private final String slot;
  private final int[] columns; // column c of a row holds quad part columns[c]
  private final int[] columnOf; // quad part k is in column columnOf[k], or -1

  QuadOrder(String slot, Part... parts) {
    this.slot = slot;
    this.columns = new int[parts.length];
    this.columnOf = new int[] {-1, -1, -1, -1};
    for (int c = 0; c < parts.length; c++) {
      columns[c] = parts[c].ordinal();
      columnOf[columns[c]] = c;
    }
  }

  /** The name of the root slot of this index's tree. */
  public String slot() {
    return slot;
  }

  /** Columns per row. */
  public int width() {
    return columns.length;
  }

  /** True for PSOG and POGS, which hold every quad (the rest are projections). */
  public boolean complete() {
    return columns.length == 4;
  }

  /** The column of quad part {@code part} ({@link #G}...{@link #O}), or -1 if not held. */
  public int columnOf(int part) {
    return columnOf[part];
  }

  /** The row of quad {@code (g, s, p, o)}. */
  public long[] row(long g, long s, long p, long o) {
    long[] row = new long[columns.length];
    toRow(new long[] {g, s, p, o}, 0, row, 0);
    return row;
  }

  /** Writes the row of the quad at {@code quads[from..from+3]} to {@code rows[at..]}. */
  public void toRow(long[] quads, int from, long[] rows, int at) {
    for (int c = 0; c < columns.length; c++) {
      rows[at + c] = quads[from + columns[c]];
    }
  }

  /** Part {@code part} of the row at {@code rows[at..]} (a complete order holds every part). */
  public long part(long[] rows, int at, int part) {
    return rows[at + columnOf[part]];
  }

  /** The complete order that serves a pattern binding P: POGS if O is bound and S is not. */
  public static QuadOrder forPattern(long s, long o) {
    return s == ANY && o != ANY ? POGS : PSOG;
  }

  /**
   * The key range {@code [lo, hi]} of a pattern ({@code ANY} = any part) in this order: the longest
   * bound prefix, everything from the first unbound column on.
   */
  public void range(long g, long s, long p, long o, long[] lo, long[] hi) {
    range(g, s, p, o, o, lo, 0, hi, 0);
  }

  /**
   * The key range of a pattern whose object lies in {@code [oLo, oHi]} ({@code oLo == oHi}: one
   * object; both {@code ANY}: any), written to {@code lo[loAt..]} and {@code hi[hiAt..]}: the bound
   * prefix, then the object's range if it comes next, then everything.
   */
  public void range(
      long g, long s, long p, long oLo, long oHi, long[] lo, int loAt, long[] hi, int hiAt) {
    boolean open = false;
    for (int c = 0; c < columns.length; c++) {
      long from;
      long to;
      if (open) {
        from = 0;
        to = MAX;
      } else if (columns[c] == O && oLo != oHi) {
        from = oLo;
        to = oHi;
        open = true; // after a range, everything
      } else {
        int part = columns[c];
        long v = part == G ? g : part == S ? s : part == P ? p : oLo;
        open = v == ANY;
        from = open ? 0 : v;
        to = open ? MAX : v;
      }
      lo[loAt + c] = from;
      hi[hiAt + c] = to;
    }
  }
}
