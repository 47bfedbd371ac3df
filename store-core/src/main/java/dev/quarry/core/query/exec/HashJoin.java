package dev.quarry.core.query.exec;

import dev.quarry.core.query.memory.QueryMemory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.expr.ExprList;

/**
 * Joins two independent inputs: the right one is read whole into a hash table on the shared
 * variables, the left one streams past it. SPARQL's compatibility is kept for unbound values: a
 * right row with an unbound shared variable is tried against every left row, and a left row with
 * one against every right row. With {@code outer}, a left row without a compatible right row comes
 * out alone (OPTIONAL); {@code condition}, if any, must hold on the joined row. A right side larger
 * than the query's memory is joined partition by partition from disk ({@link GraceJoin}).
 */
public final class HashJoin extends IdOperator {
  private final IdOperator left;
  private final IdOperator right;
  private final boolean outer;
  private final ExprList condition;
  private final TermSpace terms;
  private final ExecutionContext cxt;
  private final int[] leftKey;
  private final int[] rightKey;
  private final int[] rightToOut;
  private Map<RowKey, List<long[]>> table;
  private QueryMemory memory;
  private long held;
  private GraceJoin grace; // when the right side did not fit
  // A join on one variable held in memory: its right rows with the variable bound, by its id.
  private long[][] keyed;
  private LongChains byKey;
  final List<long[]> wild = new ArrayList<>();
  private final List<long[]> all = new ArrayList<>();

  public HashJoin(
      IdOperator left,
      IdOperator right,
      boolean outer,
      ExprList condition,
      TermSpace terms,
      ExecutionContext cxt) {
    super(columns(left.vars(), right.vars()));
    this.left = left;
    this.right = right;
    this.outer = outer;
    this.condition = condition == null || condition.isEmpty() ? null : condition;
    this.terms = terms;
    this.cxt = cxt;
    List<Var> shared = new ArrayList<>(left.vars());
    shared.retainAll(right.vars());
    leftKey = shared.stream().mapToInt(left::column).toArray();
    rightKey = shared.stream().mapToInt(right::column).toArray();
    rightToOut = right.vars().stream().mapToInt(vars::indexOf).toArray();
  }

  private static List<Var> columns(List<Var> a, List<Var> b) {
    List<Var> out = new ArrayList<>(a);
    b.stream().filter(v -> !out.contains(v)).forEach(out::add);
    return out;
  }

  private void build() {
    memory = memoryOf(cxt);
    table = new HashMap<>();
    int rw = right.vars().size();
    for (Rows r = right.next(); r != null; r = right.next()) {
      long bytes = r.size * rowBytes(rw);
      if (grace == null && memory.tryReserve(bytes)) {
        held += bytes;
        addToTable(r);
        continue;
      }
      if (rw == 0 || left.vars().isEmpty()) {
        memory.reserve(bytes, "a hash join's right side"); // rows without ids: nothing to spill
        held += bytes;
        addToTable(r);
        continue;
      }
      if (grace == null) {
        grace = new GraceJoin(this, memory);
        // What the table holds so far goes to the partitions too; only the unbound rows stay.
        for (long[] row : all) {
          if (rightKey(row) != null) {
            grace.addRight(row);
          }
        }
        table.clear();
        all.clear();
        memory.release(held);
        held = 0;
        reserveWild(wild.size());
      }
      for (int i = 0; i < r.size; i++) {
        long[] row = r.row(i);
        if (rightKey(row) == null) {
          reserveWild(1);
          wild.add(row);
        } else {
          grace.addRight(row);
        }
      }
    }
  }

  /** Right rows with an unbound join variable meet every left row: they stay in memory. */
  private void reserveWild(int rows) {
    long bytes = rows * rowBytes(right.vars().size());
    memory.reserve(bytes, "a hash join's right rows with an unbound join variable");
    held += bytes;
  }

  private void addToTable(Rows r) {
    for (int i = 0; i < r.size; i++) {
      long[] row = r.row(i);
      all.add(row);
      long[] key = rightKey(row);
      if (key == null) {
        wild.add(row);
      } else if (leftKey.length != 1) { // one variable: byKey, built from all
        table.computeIfAbsent(new RowKey(key), k -> new ArrayList<>()).add(row);
      }
    }
  }

  /** Bytes a right row held in a table costs: its ids, the array, its share of lists and map. */
  static long rowBytes(int width) {
    return width * 8L + 80;
  }

  IdOperator left() {
    return left;
  }

  IdOperator right() {
    return right;
  }

  long[] leftKey(long[] row) {
    return key(row, leftKey);
  }

  long[] rightKey(long[] row) {
    return key(row, rightKey);
  }

  boolean outer() {
    return outer;
  }

  @Override
  protected Rows compute() {
    if (table == null) {
      build();
    }
    if (grace != null) {
      return grace.next();
    }
    Rows in = left.next();
    if (in == null) {
      release();
      return null;
    }
    if (leftKey.length == 1) {
      if (byKey == null) {
        keyed = all.stream().filter(r -> r[rightKey[0]] != 0).toArray(long[][]::new);
        long[] ids = new long[keyed.length];
        for (int i = 0; i < ids.length; i++) {
          ids[i] = keyed[i][rightKey[0]];
        }
        byKey = new LongChains(ids, ids.length);
      }
      return probeOneKey(in);
    }
    return probe(in, table, all, true, null, 0);
  }

  /**
   * Joins every row of {@code in} with its partners: a row with its join key bound with the right
   * rows of that key in {@code byKey} (and the right rows with an unbound key, if {@code
   * withWild}), a row with an unbound key with every row of {@code everything}. With {@code
   * matched} null, an OPTIONAL's unmatched rows come out at once; else the rows that matched are
   * marked there (row {@code firstRow + r}), for a pass after the last part of the right side.
   */
  Rows probe(
      Rows in,
      Map<RowKey, List<long[]>> byKey,
      List<long[]> everything,
      boolean withWild,
      BitSet matched,
      long firstRow) {
    Rows out = new Rows(vars.size(), in.size);
    for (int r = 0; r < in.size; r++) {
      long[] l = in.row(r);
      long[] key = leftKey(l);
      boolean hit = false;
      if (key == null) {
        for (long[] rr : everything) {
          hit |= join(out, l, rr);
        }
      } else {
        for (long[] rr : byKey.getOrDefault(new RowKey(key), List.of())) {
          hit |= join(out, l, rr);
        }
        if (withWild) {
          for (long[] rr : wild) {
            hit |= join(out, l, rr);
          }
        }
      }
      if (matched != null) {
        if (hit) {
          matched.set(Math.toIntExact(firstRow + r));
        }
      } else if (outer && !hit) {
        int at = out.append();
        System.arraycopy(l, 0, out.data, at, l.length);
      }
    }
    return out;
  }

  /**
   * {@link #probe} for a join on one variable in memory: each left row's partners found by {@link
   * LongChains}, joined straight into the output.
   */
  private Rows probeOneKey(Rows in) {
    Rows out = new Rows(vars.size(), in.size);
    int lk = leftKey[0];
    for (int r = 0; r < in.size; r++) {
      int base = r * in.width;
      long key = in.data[base + lk];
      boolean hit = false;
      if (key == 0) {
        long[] l = in.row(r);
        for (long[] rr : all) {
          hit |= join(out, l, rr);
        }
      } else {
        for (int i = byKey.first(key); i >= 0; i = byKey.next(i)) {
          hit |= joinInto(out, in.data, base, in.width, keyed[i]);
        }
        if (!wild.isEmpty()) {
          long[] l = in.row(r);
          for (long[] rr : wild) {
            hit |= join(out, l, rr);
          }
        }
      }
      if (outer && !hit) {
        int at = out.append();
        System.arraycopy(in.data, base, out.data, at, in.width);
      }
    }
    return out;
  }

  /** {@link #join} of the left row at {@code data[base..base+width)}, written in place. */
  private boolean joinInto(Rows out, long[] data, int base, int width, long[] rr) {
    int at = out.append();
    long[] o = out.data;
    System.arraycopy(data, base, o, at, width);
    // The one shared variable has the same id on both sides; the right's other columns are new.
    for (int c = 0; c < rr.length; c++) {
      if (rr[c] != 0) {
        o[at + rightToOut[c]] = rr[c];
      }
    }
    if (condition != null) {
      long[] row = Arrays.copyOfRange(o, at, at + vars.size());
      if (!condition.isSatisfied(new RowBinding(null, vars, row, terms), cxt)) {
        out.size--;
        return false;
      }
    }
    return true;
  }

  /** The ids of {@code cols} in {@code row}, or null if one is unbound. */
  private static long[] key(long[] row, int[] cols) {
    long[] k = new long[cols.length];
    for (int i = 0; i < cols.length; i++) {
      k[i] = row[cols[i]];
      if (k[i] == 0) {
        return null;
      }
    }
    return k;
  }

  @Override
  protected void release() {
    if (grace != null) {
      grace.close();
    }
    table = Map.of();
    keyed = null;
    byKey = null;
    all.clear();
    wild.clear();
    if (memory != null) {
      memory.release(held);
      held = 0;
    }
  }

  /** Adds the join of l and rr if they are compatible (and the condition holds). */
  private boolean join(Rows out, long[] l, long[] rr) {
    long[] row = Arrays.copyOf(l, vars.size());
    for (int c = 0; c < rr.length; c++) {
      long v = rr[c];
      if (v == 0) {
        continue;
      }
      int o = rightToOut[c];
      if (row[o] == 0) {
        row[o] = v;
      } else if (row[o] != v) {
        return false;
      }
    }
    if (condition != null) {
      RowBinding b = new RowBinding(null, vars, row, terms);
      if (!condition.isSatisfied(b, cxt)) {
        return false;
      }
    }
    int at = out.append();
    System.arraycopy(row, 0, out.data, at, row.length);
    return true;
  }

  @Override
  public String label() {
    return (outer ? "left hash join" : "hash join")
        + " on "
        + Arrays.stream(leftKey).mapToObj(left.vars()::get).toList()
        + (condition != null ? " filter " + condition : "")
        + (grace != null ? " (past memory: partitioned on disk)" : "");
  }

  @Override
  public Set<Var> maybeUnbound() {
    Set<Var> out = super.maybeUnbound();
    if (outer) { // a left row without a match comes out with the right side's columns unbound
      for (Var v : right.vars()) {
        if (!left.vars().contains(v)) {
          out.add(v);
        }
      }
    }
    return out;
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of(left, right);
  }
}
