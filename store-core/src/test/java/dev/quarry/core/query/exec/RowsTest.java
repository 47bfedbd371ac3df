package dev.quarry.core.query.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** A batch's slices and selections: exact copies, or the batch itself when they are all of it. */
class RowsTest {
  private static Rows numbered(int n) {
    Rows rows = new Rows(2, 4); // grows past its first capacity
    for (int r = 0; r < n; r++) {
      rows.append();
      rows.set(r, 0, r + 1);
      rows.set(r, 1, 100 + r);
    }
    return rows;
  }

  @Test
  void selectCopiesExactlyTheKeptRows() {
    Rows rows = numbered(10);
    Rows kept = rows.select(new int[] {1, 4, 9}, 3);
    assertEquals(3, kept.size());
    assertEquals(3 * 2, kept.data.length, "sized for the rows kept, not the batch");
    long[][] want = {{2, 101}, {5, 104}, {10, 109}};
    for (int r = 0; r < 3; r++) {
      assertEquals(want[r][0], kept.get(r, 0));
      assertEquals(want[r][1], kept.get(r, 1));
    }
    assertEquals(0, rows.select(new int[10], 0).size());
  }

  @Test
  void selectOfEveryRowIsTheBatch() {
    Rows rows = numbered(5);
    assertSame(rows, rows.select(new int[] {0, 1, 2, 3, 4, 0, 0}, 5));
  }

  @Test
  void sliceCopiesARun() {
    Rows rows = numbered(8);
    Rows mid = rows.slice(3, 4);
    assertEquals(4, mid.size());
    assertEquals(4 * 2, mid.data.length);
    for (int r = 0; r < 4; r++) {
      assertEquals(r + 4, mid.get(r, 0));
      assertEquals(103 + r, mid.get(r, 1));
    }
    assertSame(rows, rows.slice(0, 8));
    assertEquals(0, rows.slice(8, 0).size());
  }
}
