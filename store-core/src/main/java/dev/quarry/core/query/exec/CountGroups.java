package dev.quarry.core.query.exec;

import java.util.Arrays;

/**
 * The groups of a GROUP BY whose aggregates are all COUNT(*) or COUNT(?x): a {@link GroupTable}
 * numbers the groups by their key ids, and counts are longs by group number. The general path (a
 * key array, a {@link RowKey} and a map lookup per row, a state object per aggregate and group)
 * cost 75-200 ns a row in BSBM BI's counts per product or vendor. Groups are numbered in the order
 * they first came, as they are emitted.
 */
final class CountGroups {
  private final int[] keyColumns; // -1: a group variable the input lacks (always unbound)
  private final int[] countColumns; // per aggregate: the counted column, -1 for COUNT(*)
  private final GroupTable groups;
  private long[] counts = new long[0]; // group g's counts at g * countColumns.length

  CountGroups(int[] keyColumns, int[] countColumns) {
    this.keyColumns = keyColumns.clone();
    this.countColumns = countColumns.clone();
    this.groups = new GroupTable(keyColumns.length);
  }

  int size() {
    return groups.size();
  }

  /** Bytes a group holds, for memory accounting. */
  long bytesPerGroup() {
    return GroupTable.bytesPerKey(keyColumns.length) + 8L * countColumns.length;
  }

  /** The number of the row's group: found, or made if {@code add}; -1 if new and not made. */
  int groupOf(long[] data, int base, boolean add) {
    int g = groups.indexOf(data, base, keyColumns, add);
    if ((g + 1) * countColumns.length > counts.length) {
      counts = Arrays.copyOf(counts, Math.max((g + 1) * countColumns.length, 2 * counts.length));
    }
    return g;
  }

  /** Counts the row at {@code base} in group g. */
  void count(int g, long[] data, int base) {
    int at = g * countColumns.length;
    for (int a = 0; a < countColumns.length; a++) {
      int c = countColumns[a];
      if (c < 0 || data[base + c] != 0) {
        counts[at + a]++;
      }
    }
  }

  long key(int g, int k) {
    return groups.key(g, k);
  }

  long count(int g, int a) {
    return counts[g * countColumns.length + a];
  }
}
