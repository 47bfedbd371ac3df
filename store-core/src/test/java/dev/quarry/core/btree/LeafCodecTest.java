package dev.quarry.core.btree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.quarry.core.storage.Pages;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The leaf's restart search by heads gives what a search over whole restart rows gives: on leaves
 * whose rows share leading columns, whose split column ties across many restarts, and on leaves of
 * the older kind without heads.
 */
class LeafCodecTest {
  private static final int WIDTH = 4;

  @Test
  void restartSearchByHeadsMatchesRowByRowSearch() {
    forEachLeaf(
        11,
        300,
        (page, rows, rnd) -> {
          assertEquals(LeafCodec.KIND, page.get(ValueLayout.JAVA_SHORT, Pages.KIND_OFFSET));
          assertSearchesFindWhatTheRowsSay(page, rows, rnd);
        });
  }

  @Test
  void leavesWithoutHeadsAreStillReadAndSearched() {
    forEachLeaf(
        12,
        100,
        (page, rows, rnd) -> {
          // The older kind had the same rows and offsets and nothing where the heads now are.
          page.set(ValueLayout.JAVA_SHORT, Pages.KIND_OFFSET, LeafCodec.KIND_NO_HEADS);
          long[] decoded = LeafCodec.decodeAll(page, 0, new long[0]);
          assertArrayEquals(rows, Arrays.copyOf(decoded, rows.length));
          assertSearchesFindWhatTheRowsSay(page, rows, rnd);
        });
  }

  private interface LeafCheck {
    void check(MemorySegment page, long[] rows, Random rnd);
  }

  /** Encodes {@code rounds} random leaves (the shapes in turn) into one page, checking each. */
  private static void forEachLeaf(long seed, int rounds, LeafCheck check) {
    Random rnd = new Random(seed);
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment page = arena.allocate(Pages.PAGE_SIZE, 8);
      for (int round = 0; round < rounds; round++) {
        long[] rows = leafRows(rnd, round % 5);
        LeafCodec.encode(rows, 0, rows.length / WIDTH, WIDTH, page, 0, 1);
        check.check(page, rows, rnd);
      }
    }
  }

  /**
   * For keys on, next to and away from the rows: the restart search (from 0 and from a restart
   * known to be at or below the key) and the membership test agree with the rows themselves.
   */
  private static void assertSearchesFindWhatTheRowsSay(
      MemorySegment page, long[] rows, Random rnd) {
    int count = rows.length / WIDTH;
    for (int q = 0; q < 200; q++) {
      long[] key = probe(rnd, rows, count);
      int want = restartAtOrBelow(rows, count, key);
      assertEquals(want, LeafCodec.restartBefore(page, 0, WIDTH, key, 0), Arrays.toString(key));
      int from = rnd.nextInt(want / LeafCodec.RESTART_EVERY + 1); // any restart <= key
      assertEquals(want, LeafCodec.restartBefore(page, 0, WIDTH, key, 0, from));
      assertEquals(
          isRow(rows, count, key), LeafCodec.contains(page, 0, WIDTH, key, 0, new long[WIDTH]));
    }
  }

  /**
   * Ascending distinct rows that fit a leaf, of one of five shapes: all columns varying; one
   * predicate (column 0 shared); one predicate and subject (columns 0 and 1 shared); two predicates
   * where the split column (0) ties across nearly every restart; one predicate whose subjects jump
   * by 2^31 now and then, so later heads saturate.
   */
  private static long[] leafRows(Random rnd, int shape) {
    int count = 1 + rnd.nextInt(300);
    long[] rows = new long[count * WIDTH];
    long[] row = {
      shape == 3 ? 5 : rnd.nextInt(50), rnd.nextInt(1000), rnd.nextInt(1000), rnd.nextInt(3)
    };
    for (int i = 0; i < count; i++) {
      System.arraycopy(row, 0, rows, i * WIDTH, WIDTH);
      int col =
          switch (shape) {
            case 0 -> rnd.nextInt(WIDTH);
            case 1, 4 -> 1 + rnd.nextInt(WIDTH - 1);
            case 2 -> 2 + rnd.nextInt(WIDTH - 2);
            default -> i == count - 2 ? 0 : 2 + rnd.nextInt(WIDTH - 2);
          };
      row[col] += 1 + rnd.nextInt(col == 0 ? 3 : 40);
      if (shape == 4 && col == 1 && rnd.nextInt(8) == 0) {
        row[col] += 1L << 31; // heads more than 2^32 above the first row's saturate
      }
      for (int c = col + 1; c < WIDTH; c++) {
        row[c] = rnd.nextInt(c == 3 ? 3 : 1000);
      }
      if (col < WIDTH - 1 && rnd.nextInt(20) == 0) {
        row[WIDTH - 1] = -1001L - rnd.nextInt(5); // above every signed value: compared unsigned
      }
    }
    long[] fitted = rows;
    while (LeafCodec.size(fitted, 0, fitted.length / WIDTH, WIDTH) > LeafCodec.capacity()) {
      fitted = Arrays.copyOf(fitted, fitted.length - WIDTH);
    }
    return fitted;
  }

  /** A row of the leaf, a row next to one (one column off by one), or anything. */
  private static long[] probe(Random rnd, long[] rows, int count) {
    long[] key = new long[WIDTH];
    System.arraycopy(rows, rnd.nextInt(count) * WIDTH, key, 0, WIDTH);
    switch (rnd.nextInt(3)) {
      case 0 -> {}
      case 1 -> key[rnd.nextInt(WIDTH)] += rnd.nextBoolean() ? 1 : -1;
      default -> {
        for (int c = 0; c < WIDTH; c++) {
          key[c] = rnd.nextInt(60);
        }
      }
    }
    return key;
  }

  /** The row index of the last restart whose row is <= key, or 0 if none is. */
  private static int restartAtOrBelow(long[] rows, int count, long[] key) {
    int best = 0;
    for (int r = 0; r * LeafCodec.RESTART_EVERY < count; r++) {
      if (Rows.compare(rows, r * LeafCodec.RESTART_EVERY * WIDTH, key, 0, WIDTH) <= 0) {
        best = r;
      }
    }
    return best * LeafCodec.RESTART_EVERY;
  }

  private static boolean isRow(long[] rows, int count, long[] key) {
    for (int i = 0; i < count; i++) {
      if (Rows.compare(rows, i * WIDTH, key, 0, WIDTH) == 0) {
        return true;
      }
    }
    return false;
  }

  @Test
  void anEmptyLeafEncodesAndHoldsNothing() {
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment page = arena.allocate(Pages.PAGE_SIZE, 8);
      LeafCodec.encode(new long[0], 0, 0, WIDTH, page, 0, 1);
      assertEquals(0, LeafCodec.count(page, 0));
      assertFalse(LeafCodec.contains(page, 0, WIDTH, new long[WIDTH], 0, new long[WIDTH]));
    }
  }
}
