package dev.quarry.core.query.exec;

import dev.quarry.core.query.memory.QueryMemory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;

/**
 * MINUS as a hash anti-join: the right side is evaluated on its own (its filters see only its own
 * variables) and its rows kept by their shared variables; a left row goes out unless some right row
 * is compatible with it and shares a bound variable with it. Rows whose shared variables are all
 * bound are decided by one hash lookup; the rest are compared one by one.
 */
public final class Minus extends IdOperator {
  private final IdOperator left;
  private final IdOperator right;
  private final int[] leftShared;
  private final int[] rightShared;
  private Set<RowKey> keys;
  private List<long[]> partial; // right rows with an unbound shared variable
  private List<long[]> all;

  private final ExecutionContext cxt;
  private QueryMemory memory;
  private long held;

  /**
   * @param leftOwn the variables the left side binds itself: only those are compared with the right
   *     side (left rows also carry the columns of the rows the MINUS is joined with)
   */
  public Minus(IdOperator left, IdOperator right, Set<Var> leftOwn, ExecutionContext cxt) {
    super(left.vars());
    this.cxt = cxt;
    this.left = left;
    this.right = right;
    List<Var> shared = new ArrayList<>(left.vars());
    shared.retainAll(right.vars());
    shared.retainAll(leftOwn);
    leftShared = shared.stream().mapToInt(left::column).toArray();
    rightShared = shared.stream().mapToInt(right::column).toArray();
  }

  private void build() {
    keys = new HashSet<>();
    partial = new ArrayList<>();
    all = new ArrayList<>();
    memory = memoryOf(cxt);
    for (Rows r = right.next(); r != null; r = right.next()) {
      // The keys of the right side cannot spill: past the query's memory, the query fails.
      long bytes = r.size * (rightShared.length * 8L + 96);
      memory.reserve(bytes, "the right side of a MINUS");
      held += bytes;
      for (int i = 0; i < r.size; i++) {
        long[] key = new long[rightShared.length];
        boolean full = true;
        for (int k = 0; k < key.length; k++) {
          key[k] = r.get(i, rightShared[k]);
          full &= key[k] != 0;
        }
        all.add(key);
        if (full) {
          keys.add(new RowKey(key));
        } else {
          partial.add(key);
        }
      }
    }
  }

  @Override
  protected Rows compute() {
    if (leftShared.length == 0) {
      return left.next(); // no shared variable: MINUS removes nothing
    }
    if (keys == null) {
      build();
    }
    Rows in = left.next();
    if (in == null) {
      release();
      return null;
    }
    Rows out = new Rows(vars.size(), in.size);
    long[] key = new long[leftShared.length];
    for (int r = 0; r < in.size; r++) {
      boolean full = true;
      for (int k = 0; k < key.length; k++) {
        key[k] = in.get(r, leftShared[k]);
        full &= key[k] != 0;
      }
      boolean removed =
          full ? keys.contains(new RowKey(key)) || anyMatch(partial, key) : anyMatch(all, key);
      if (!removed) {
        out.appendCopy(in, r);
      }
    }
    return out;
  }

  /** True if a right key is compatible with {@code key} and shares a variable bound in both. */
  private static boolean anyMatch(List<long[]> rights, long[] key) {
    for (long[] rk : rights) {
      boolean compatible = true;
      boolean shares = false;
      for (int k = 0; k < key.length && compatible; k++) {
        if (key[k] != 0 && rk[k] != 0) {
          compatible = key[k] == rk[k];
          shares = true;
        }
      }
      if (compatible && shares) {
        return true;
      }
    }
    return false;
  }

  @Override
  public void expectAtMost(long rows) {
    left.expectAtMost(rows);
  }

  @Override
  protected void release() {
    keys = Set.of();
    partial = List.of();
    all = List.of();
    if (memory != null) {
      memory.release(held);
      held = 0;
    }
  }

  @Override
  public String label() {
    return "minus (hash anti-join) on "
        + Arrays.stream(leftShared).mapToObj(left.vars()::get).toList();
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of(left, right);
  }
}
