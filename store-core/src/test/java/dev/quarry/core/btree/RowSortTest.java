package dev.quarry.core.btree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The sort for lookup batches gives what sorting by every column gives, whatever the rows: one
 * column differing (with others that follow from it, as a probe's lo and hi keys do), several
 * differing independently, unsigned values past the signed range, all rows equal but the last.
 */
class RowSortTest {
  private static final int WIDTH = 5;

  @Test
  void sortByFirstDifferenceEqualsTheFullSort() {
    Random rnd = new Random(5);
    RowSort.Buffers buffers = new RowSort.Buffers(); // one for every round, as a thread keeps one
    for (int round = 0; round < 400; round++) {
      int n = 1 + rnd.nextInt(round % 2 == 0 ? 50 : 3000);
      long[] rows = new long[n * WIDTH];
      int shape = round % 4;
      for (int i = 0; i < n; i++) {
        long v = rnd.nextInt(8) == 0 ? -1L - rnd.nextInt(100) : rnd.nextInt(1 << 20);
        int at = i * WIDTH;
        rows[at] = 42; // shared, as a pattern's predicate is
        rows[at + 1] = shape == 3 ? 7 : v;
        rows[at + 2] = shape == 1 ? rnd.nextInt(3) : shape == 2 ? v : 0; // independent, or follows
        rows[at + 3] = shape == 0 ? v : rnd.nextInt(2);
        rows[at + 4] = i; // the rows' number, as they came
      }
      long[] want = fullSort(rows, n);
      RowSort.sortByFirstDifference(rows, n, WIDTH, buffers);
      assertArrayEquals(want, rows, "round " + round + ", shape " + shape + ", " + n + " rows");
    }
  }

  private static long[] fullSort(long[] rows, int n) {
    long[][] split = new long[n][];
    for (int i = 0; i < n; i++) {
      split[i] = Arrays.copyOfRange(rows, i * WIDTH, i * WIDTH + WIDTH);
    }
    Arrays.sort(split, Arrays::compareUnsigned);
    long[] out = new long[n * WIDTH];
    for (int i = 0; i < n; i++) {
      System.arraycopy(split[i], 0, out, i * WIDTH, WIDTH);
    }
    return out;
  }
}
