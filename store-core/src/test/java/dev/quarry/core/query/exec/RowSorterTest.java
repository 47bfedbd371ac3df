package dev.quarry.core.query.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.query.memory.MemoryPool;
import dev.quarry.core.query.memory.QueryMemory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The external sort: runs on disk, merged in more than one pass, stable, and cleaned up. */
class RowSorterTest {
  @TempDir Path dir;

  @Test
  void manyRunsMergeInPassesInOrderAndStably() throws IOException {
    MemoryPool pool = new MemoryPool(1L << 30, dir.resolve("spill"));
    int rows = 400_000; // at 4,096 rows a run: about 100 runs, more than one merge pass takes
    Random rnd = new Random(3);
    try (QueryMemory memory = pool.open(64 << 10);
        RowSorter sorter =
            new RowSorter(2, (a, ao, b, bo) -> Long.compare(a[ao], b[bo]), memory, () -> {})) {
      long[] row = new long[2];
      for (int i = 0; i < rows; i++) {
        row[0] = rnd.nextInt(1000);
        row[1] = i; // arrival: equal keys must come out in this order
        sorter.add(row, 0);
      }
      assertTrue(sorter.spilled(), "the rows went to disk");
      RowSorter.RowStream out = sorter.sorted();
      long n = 0;
      long lastKey = Long.MIN_VALUE;
      long lastArrival = -1;
      for (Rows r = out.next(); r != null; r = out.next()) {
        for (int i = 0; i < r.size(); i++) {
          long key = r.get(i, 0);
          long arrival = r.get(i, 1);
          assertTrue(key >= lastKey, "in order at row " + n);
          if (key == lastKey) {
            assertTrue(arrival > lastArrival, "stable at row " + n);
          }
          lastKey = key;
          lastArrival = arrival;
          n++;
        }
      }
      assertEquals(rows, n, "every row came out once");
    }
    assertEquals(0, pool.used(), "the sorter gave its memory back");
    try (Stream<Path> left = Files.list(pool.spillDirectory())) {
      assertEquals(List.of(), left.toList(), "no run is left on disk");
    }
  }

  @Test
  void rowsThatFitAreSortedInMemory() {
    MemoryPool pool = new MemoryPool(1L << 30, dir.resolve("small"));
    try (QueryMemory memory = pool.open(1 << 20);
        RowSorter sorter =
            new RowSorter(1, (a, ao, b, bo) -> Long.compare(b[bo], a[ao]), memory, () -> {})) {
      for (long v : new long[] {5, 1, 9, 3}) {
        sorter.add(new long[] {v}, 0);
      }
      Rows r = sorter.sorted().next();
      assertEquals(
          List.of(9L, 5L, 3L, 1L), List.of(r.get(0, 0), r.get(1, 0), r.get(2, 0), r.get(3, 0)));
      assertTrue(!sorter.spilled(), "nothing went to disk");
      assertEquals(0, pool.spilled());
    }
  }
}
