package dev.quarry.core.query.exec;

import dev.quarry.core.query.memory.QueryMemory;
import java.util.Arrays;
import java.util.Set;

/**
 * Values of an {@link Aggregate}'s in-memory groups' COUNT(DISTINCT) that came after the query's
 * memory ran out, as (group number, value ids) rows on disk; sorted, they are counted group by
 * group as the groups are emitted in number order, each value once and only if its group's set
 * lacks it.
 */
final class DistinctOverflow {
  private final int width;
  private final RowSorter sorter;
  private final long[] row;
  private RowSorter.RowStream sorted;
  private Rows batch;
  private int pos;

  /** For values of {@code width} ids; {@code checkpoint} runs while the sorter writes to disk. */
  DistinctOverflow(int width, QueryMemory memory, Runnable checkpoint) {
    this.width = width + 1;
    int w = this.width;
    this.sorter = new RowSorter(w, RowSorter.byAllColumns(w), memory, checkpoint);
    this.row = new long[w];
  }

  void add(long group, long[] key) {
    row[0] = group;
    System.arraycopy(key, 0, row, 1, key.length);
    sorter.add(row, 0);
  }

  /** The values of {@code group} (the next group, in number order) that {@code known} lacks. */
  long countNew(long group, Set<RowKey> known) {
    if (sorted == null) {
      sorted = sorter.sorted();
      batch = sorted.next();
    }
    long count = 0;
    long[] last = null;
    while (batch != null) {
      if (pos >= batch.size) {
        batch = sorted.next();
        pos = 0;
        continue;
      }
      int off = pos * width;
      if (batch.data[off] != group) {
        break; // the next group's values
      }
      pos++;
      long[] key = Arrays.copyOfRange(batch.data, off + 1, off + width);
      if ((last == null || !Arrays.equals(last, key)) && !known.contains(new RowKey(key))) {
        count++;
      }
      last = key;
    }
    return count;
  }

  void close() {
    sorter.close();
  }
}
