package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadScan;
import dev.quarry.core.index.spi.QuadView;
import java.util.Arrays;

/**
 * The rows {@code (?s, ?o)} of one predicate in one graph, in ascending SPARQL order of the object
 * (ORDER BY's order, as {@link Order} compares), ties by subject: the order a sort of a scan in
 * subject order gives, so a walk and a sort break ties alike where the rows came so. Term ids carry
 * no order, so an ORDER BY over a pattern's object would otherwise decode every row it sorts; with
 * the rows in this order, a top-k walks them from the best and stops ({@link OrderedWalk}). Made by
 * one scan that decodes each distinct object once, and kept by commit ({@link WholeReads#ordered}).
 */
public final class ValueOrder {
  final long[] subjects;
  final long[] objects;
  final int[] ranks; // per row: equal values rank equal (a descending walk keeps ties ascending)

  ValueOrder(long[] subjects, long[] objects, int[] ranks) {
    this.subjects = subjects;
    this.objects = objects;
    this.ranks = ranks;
  }

  public int size() {
    return subjects.length;
  }

  /** Bytes the table holds, for the cache's bound. */
  static long bytesFor(int rows) {
    return 20L * rows + 64;
  }

  /**
   * Reads pattern {@code (g, ?s, p, ?o)} and sorts it; {@code cancel} runs between batches (a
   * query's deadline). The same (s, o) in several graphs (g NONE, the union) is one row.
   */
  static ValueOrder read(QuadView view, long g, long p, Runnable cancel) {
    LongList s = new LongList();
    LongList o = new LongList();
    QuadScan scan = view.scan(g, QuadView.NONE, p, QuadView.NONE);
    long[] bs = new long[Rows.BATCH];
    long[] bo = new long[Rows.BATCH];
    for (int n = scan.read(null, bs, null, bo, bs.length); n > 0; ) {
      for (int i = 0; i < n; i++) {
        s.add(bs[i]);
        o.add(bo[i]);
      }
      cancel.run();
      n = scan.read(null, bs, null, bo, bs.length);
    }
    int rows = s.size;
    long[] subject = s.items;
    long[] object = o.items;
    int[] rank = TermRanks.of(object, rows, view::nodes, cancel);
    long[] keys = new long[rows];
    for (int i = 0; i < rows; i++) {
      keys[i] = (long) rank[i] << 32 | i;
    }
    Arrays.sort(keys);
    long[] subjects = new long[rows];
    long[] objects = new long[rows];
    int[] ranked = new int[rows];
    int m = 0;
    for (int from = 0, to; from < rows; from = to) {
      to = from + 1;
      while (to < rows && keys[to] >>> 32 == keys[from] >>> 32) {
        to++;
      }
      int[] group = new int[to - from];
      for (int j = from; j < to; j++) {
        group[j - from] = (int) keys[j];
      }
      if (group.length > 1) { // one rank: by subject, then object, so repeats sit together
        group =
            Arrays.stream(group)
                .boxed()
                .sorted(
                    (x, y) ->
                        subject[x] != subject[y]
                            ? Long.compareUnsigned(subject[x], subject[y])
                            : Long.compareUnsigned(object[x], object[y]))
                .mapToInt(Integer::intValue)
                .toArray();
      }
      for (int i : group) {
        if (m > 0 && subjects[m - 1] == subject[i] && objects[m - 1] == object[i]) {
          continue; // the same row from another graph
        }
        subjects[m] = subject[i];
        objects[m] = object[i];
        ranked[m] = rank[i];
        m++;
      }
    }
    return new ValueOrder(
        Arrays.copyOf(subjects, m), Arrays.copyOf(objects, m), Arrays.copyOf(ranked, m));
  }
}
