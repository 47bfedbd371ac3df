package dev.quarry.core.query.exec;

import dev.quarry.core.query.memory.QueryMemory;
import java.util.Arrays;
import java.util.List;
import org.apache.jena.sparql.engine.ExecutionContext;

/**
 * Drops repeated rows. Ids are terms (one id per term), so this is DISTINCT on ids, undecoded. Rows
 * stream out as they first appear, while the set of rows seen fits the query's memory. When it no
 * longer does, the rest is done on disk and in the same order: the rows already given out and every
 * later row (numbered) are sorted by their ids, so copies fall together; of each group the first
 * copy survives unless it was given out already; the survivors are sorted back into input order.
 */
public final class Distinct extends IdOperator {
  private final IdOperator input;
  private final ExecutionContext cxt;
  private final int width;
  private QueryMemory memory;
  private RowSet seen;
  private int[] kept = new int[0]; // the numbers of a batch's rows not seen before, reused
  private long held;
  private RowSorter byIds;
  private RowSorter byArrival;
  private RowSorter.RowStream rest;
  private boolean onDisk; // for explain

  public Distinct(IdOperator input, ExecutionContext cxt) {
    super(input.vars());
    this.input = input;
    this.cxt = cxt;
    this.width = input.vars().size();
  }

  @Override
  protected Rows compute() {
    if (rest != null) {
      return fromDisk();
    }
    if (seen == null) {
      memory = memoryOf(cxt);
      seen = new RowSet(width);
      held = reserve(seen.bytes());
    }
    Rows in = input.next();
    if (in == null) {
      release();
      return null;
    }
    if (kept.length < in.size) {
      kept = new int[in.size];
    }
    int n = 0;
    for (int r = 0; r < in.size; r++) {
      long more = seen.growthFor();
      if (more > 0 && width > 0) {
        if (!memory.tryReserve(more)) {
          spill(in, r);
          return in.select(kept, n);
        }
        held += more;
      }
      if (seen.add(in.data, r * in.width)) {
        kept[n++] = r;
      }
    }
    return in.select(kept, n);
  }

  private long reserve(long bytes) {
    return memory.tryReserve(bytes) ? bytes : 0;
  }

  /** Goes on from row {@code from} of {@code in} on disk. */
  private void spill(Rows in, int from) {
    // Rows as (ids..., flag, number): flag 0 for rows given out already, 1 for rows after them.
    onDisk = true;
    int w = width + 2;
    byIds = new RowSorter(w, RowSorter.byAllColumns(w), memory, () -> checkCancel(cxt));
    long[] row = new long[w];
    long[] given = seen.array();
    int n = seen.size();
    memory.release(held);
    held = 0;
    for (int i = 0; i < n; i++) {
      System.arraycopy(given, i * width, row, 0, width);
      byIds.add(row, 0);
    }
    seen = null;
    long number = 0;
    row[width] = 1;
    for (Rows batch = in; batch != null; batch = input.next(), from = 0) {
      for (int r = from; r < batch.size; r++) {
        System.arraycopy(batch.data, r * batch.width, row, 0, width);
        row[width + 1] = number++;
        byIds.add(row, 0);
      }
    }
    // First copies not given out yet, as (ids..., number), back into input order.
    byArrival =
        new RowSorter(
            width + 1,
            (a, ao, b, bo) -> Long.compare(a[ao + width], b[bo + width]),
            memory,
            () -> checkCancel(cxt));
    RowSorter.RowStream sorted = byIds.sorted();
    long[] last = null;
    for (Rows r = sorted.next(); r != null; r = sorted.next()) {
      for (int i = 0; i < r.size; i++) {
        int off = i * w;
        if (last != null && Arrays.equals(last, 0, width, r.data, off, off + width)) {
          continue; // a later copy
        }
        last = Arrays.copyOfRange(r.data, off, off + width);
        if (r.data[off + width] == 1) {
          System.arraycopy(r.data, off, row, 0, width);
          row[width] = r.data[off + width + 1];
          byArrival.add(row, 0);
        }
      }
    }
    byIds.close();
    byIds = null;
    rest = byArrival.sorted();
  }

  private Rows fromDisk() {
    Rows r = rest.next();
    if (r == null) {
      release();
      return null;
    }
    Rows out = new Rows(width, r.size);
    for (int i = 0; i < r.size; i++) {
      System.arraycopy(r.data, i * (width + 1), out.data, out.append(), width);
    }
    return out;
  }

  @Override
  protected void release() {
    seen = null;
    if (memory != null) {
      memory.release(held);
      held = 0;
    }
    if (byIds != null) {
      byIds.close();
      byIds = null;
    }
    if (byArrival != null) {
      byArrival.close();
      byArrival = null;
    }
  }

  @Override
  public String label() {
    return "distinct" + (onDisk ? " (past memory: finished on disk)" : "");
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of(input);
  }
}
