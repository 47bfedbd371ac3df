package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.query.memory.QueryMemory;
import java.util.function.IntFunction;

/**
 * A pattern read once, whole and in index order, when the rows joining it are many enough to pay
 * for the read (see {@link PatternJoin}): the rows then find their quads in memory. The table is
 * kept for the commit's later queries ({@link WholeReads}) and its memory reserved from the query's
 * budget.
 */
final class WholePattern {
  /** Quads a pattern read whole may have at most (about 80 bytes each while held). */
  static final int MAX_TABLE_QUADS = 1 << 22;

  /**
   * Input rows below which a pattern is not read whole however small it is: their probes are few
   * and cheap, and the whole read has its own fixed cost.
   */
  static final int MIN_TABLE_ROWS = 256;

  /** Rows whose table entries are located together, before any of them is read. */
  private static final int TABLE_GROUP = 16;

  /** Input rows from which a chunk is served in key order from a table too large for a cache. */
  static final int MIN_IN_ORDER = 1024;

  /** Quads from which a table (24 bytes and more a quad) is taken to be larger than a cache. */
  static final int IN_ORDER_QUADS = 1 << 15;

  /** Looks up input rows [from, to) the table cannot serve, writing their matches to out. */
  interface Lookup {
    void lookup(Rows out, Rows rows, int from, int to);
  }

  private final PatternColumns columns;
  private final QuadView view;
  private final long patternQuads; // the planner's count of the pattern's quads
  private SubjectsInRange table; // the pattern read whole, by subject
  private long tableBytes;
  private long tableRows;
  private long tableQuads = -1; // for explain, after the table is let go
  private boolean tableKept; // the table was read by an earlier query (WholeReads)
  private final int[] heads = new int[TABLE_GROUP];
  private final long[] groupKeys = new long[TABLE_GROUP];
  private int[] bucketOf = new int[0]; // per row of the chunk: its bucket, -1 none, -2 a lookup
  private int[] order = new int[0];
  private int[] ordered = new int[0];
  private long inKeyOrderRows; // for explain

  WholePattern(PatternColumns columns, QuadView view, long patternQuads) {
    this.columns = columns;
    this.view = view;
    this.patternQuads = patternQuads;
  }

  /** True if the pattern was read and serves the rows. */
  boolean serves() {
    return table != null;
  }

  /**
   * The first input rows (gathered by {@code gather}): as many as make a whole read pay, and if the
   * input has them, the pattern read into memory, or taken from an earlier query's read; a pattern
   * too large to hold gathers {@code chunk} rows as any other.
   */
  Rows firstRows(IntFunction<Rows> gather, int chunk, QueryMemory memory, WholeReads kept) {
    long graph = columns.graph;
    long p = columns.consts[1];
    long o = columns.consts[2];
    long rowsToPay = rowsToPay(patternQuads);
    SubjectsInRange earlier = kept == null ? null : kept.get(view, graph, p, o);
    if (earlier != null) {
      // Read by an earlier query of this commit: serving rows from it is all there is to pay.
      Rows first = gather.apply(MIN_TABLE_ROWS);
      long bytes = earlier.bytes();
      if (first != null && first.size >= MIN_TABLE_ROWS && memory.tryReserve(bytes)) {
        table = earlier;
        tableQuads = earlier.size();
        tableBytes = bytes;
        tableKept = true;
      }
      return first;
    }
    if (2 * patternQuads > MAX_TABLE_QUADS) {
      return gather.apply(chunk);
    }
    Rows first = gather.apply((int) rowsToPay);
    if (first == null || first.size < MIN_TABLE_ROWS) {
      return first;
    }
    if (first.size < rowsToPay
        && (kept == null || kept.probed(view, graph, p, o, first.size) < rowsToPay)) {
      return first; // too few to pay for the read, even with the commit's earlier probes
    }
    table = read(view, graph, p, o, patternQuads, memory, kept);
    tableQuads = table == null ? -1 : table.size();
    tableBytes = table == null ? 0 : table.bytes();
    return first;
  }

  /** Rows looked up in a pattern of {@code quads} quads that cost what reading it whole costs. */
  static long rowsToPay(long quads) {
    int perProbe = PatternJoin.SCAN_ROWS_PER_PROBE;
    return Math.max(MIN_TABLE_ROWS, (quads + perProbe - 1) / perProbe);
  }

  /**
   * The pattern {@code (g, ?s, p, o)} read whole, its bytes reserved from {@code memory}, and kept
   * for the commit's later queries (if {@code kept}); null if the memory or twice the planner's
   * count of {@code quads} (it may be low) does not hold it, the rows then probed.
   */
  static SubjectsInRange read(
      QuadView view, long g, long p, long o, long quads, QueryMemory memory, WholeReads kept) {
    int limit = (int) Math.max(Rows.BATCH, 2 * quads);
    long reserved = SubjectsInRange.bytesFor(limit);
    if (!memory.tryReserve(reserved)) {
      return null;
    }
    SubjectsInRange t = SubjectsInRange.ofPattern(view, g, p, o, quads, limit);
    memory.release(reserved - (t == null ? 0 : t.bytes()));
    if (t != null && kept != null) {
      kept.put(view, g, p, o, t);
    }
    return t;
  }

  /** Lets the table go and gives its memory back. */
  void release(QueryMemory memory) {
    if (tableBytes > 0) {
      memory.release(tableBytes);
      tableBytes = 0;
    }
    table = null;
  }

  /**
   * Serves input rows [from, to) from the table until the batch has {@code want} rows; returns the
   * first row not done. The rows' subjects are located a group at a time, then their entries read:
   * each step is a cache miss in a table of many megabytes, and one row after another they waited
   * on each other (about 175 ns a row at BI Q1's 285,000 reviews), where a group's misses overlap.
   * A row the table cannot serve (its subject unbound, or its object given by an equality filter)
   * goes to {@code other} on its own. The table's pattern makes every match the row plus its
   * object.
   */
  int serve(Rows out, Rows rows, int from, int to, int want, Lookup other) {
    SortedKeys sorted = table.sorted();
    if (sorted != null && table.size() >= IN_ORDER_QUADS && to - from >= MIN_IN_ORDER) {
      inKeyOrder(out, rows, from, to, sorted, other);
      return to;
    }
    int w = rows.width;
    int sCol = columns.cols[0];
    long[] in = rows.data;
    int r = from;
    while (r < to && out.size < want) {
      int n = Math.min(TABLE_GROUP, to - r);
      int located = 0;
      for (; located < n; located++) {
        long s = in[(r + located) * w + sCol];
        if (!tableServes(rows, r + located, s)) {
          break;
        }
        groupKeys[located] = s;
      }
      table.firstOfEach(groupKeys, located, heads);
      for (int i = 0; i < located; i++) {
        fromEntries(out, in, (r + i) * w, heads[i]);
      }
      tableRows += located;
      r += located;
      if (located < n) {
        other.lookup(out, rows, r, r + 1);
        return r + 1;
      }
    }
    return r;
  }

  /**
   * Serves input rows [from, to) from a table too large for the cache in the order of its keys: the
   * rows are sorted by their subject's bucket (two counting passes, low digit then high), so the
   * directory, keys and objects are read from one end to the other instead of a cache miss each at
   * random (BSBM BI Q1 at 10M probes 285,000 reviews with 114,706 rows). The rows come out in that
   * order; rows the table cannot serve go to {@code other} after.
   */
  private void inKeyOrder(Rows out, Rows rows, int from, int to, SortedKeys keys, Lookup other) {
    int n = to - from;
    int w = rows.width;
    int sCol = columns.cols[0];
    long[] in = rows.data;
    if (bucketOf.length < n) {
      bucketOf = new int[n];
      order = new int[n];
      ordered = new int[n];
    }
    // Bucket numbers in two digits of about half their bits each: counting arrays of a few
    // hundred slots, where one pass over every bucket would count into as many as the table has.
    int bits = 32 - Integer.numberOfLeadingZeros(Math.max(1, keys.buckets() - 1));
    int shift = (bits + 1) / 2;
    int low = (1 << shift) - 1;
    int[] byLow = new int[low + 2];
    int[] byHigh = new int[(1 << (bits - shift)) + 1];
    boolean looked = false;
    int served = 0;
    for (int i = 0; i < n; i++) {
      long s = in[(from + i) * w + sCol];
      int b = tableServes(rows, from + i, s) ? keys.bucket(s) : -2;
      bucketOf[i] = b;
      if (b >= 0) {
        byLow[(b & low) + 1]++;
        byHigh[(b >>> shift) + 1]++;
        served++;
      }
      looked |= b == -2;
    }
    prefixSums(byLow);
    prefixSums(byHigh);
    for (int i = 0; i < n; i++) {
      int b = bucketOf[i];
      if (b >= 0) {
        order[byLow[b & low]++] = i;
      }
    }
    for (int k = 0; k < served; k++) {
      int i = order[k];
      ordered[byHigh[bucketOf[i] >>> shift]++] = i;
    }
    for (int k = 0; k < served; k++) {
      int base = (from + ordered[k]) * w;
      fromEntries(out, in, base, table.first(in[base + sCol]));
    }
    tableRows += n;
    inKeyOrderRows += served;
    for (int i = 0; looked && i < n; i++) {
      if (bucketOf[i] == -2) {
        tableRows--;
        other.lookup(out, rows, from + i, from + i + 1);
      }
    }
  }

  /**
   * True if the table can serve row {@code r}, whose subject is {@code s}: it is bound, and no
   * equality filter gives the object to look up instead.
   */
  private boolean tableServes(Rows rows, int r, long s) {
    return s != 0 && columns.fromFilter(rows, r, 2) == 0;
  }

  /** Writes the row at {@code in[base..]} once with each table entry from {@code first} on. */
  private void fromEntries(Rows out, long[] in, int base, int first) {
    int co = columns.cols[2];
    int inWidth = columns.inWidth;
    for (int q = first; q >= 0; q = table.nextOf(q)) {
      int at = out.reserve(1);
      long[] data = out.data;
      System.arraycopy(in, base, data, at, inWidth);
      if (co >= 0) {
        data[at + co] = table.object(q);
      }
    }
  }

  private static void prefixSums(int[] counts) {
    for (int g = 1; g < counts.length; g++) {
      counts[g] += counts[g - 1];
    }
  }

  /** What the read served, for EXPLAIN; empty if the pattern was not read whole. */
  String label() {
    if (tableQuads < 0) {
      return "";
    }
    return " [read whole"
        + (tableKept ? " by an earlier query" : "")
        + ": "
        + tableQuads
        + " quads served "
        + tableRows
        + " rows"
        + (inKeyOrderRows > 0 ? ", " + inKeyOrderRows + " in key order" : "")
        + "]";
  }
}
