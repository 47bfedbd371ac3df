package dev.quarry.accumulo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.accumulo.tserver.PackedRows;
import dev.quarry.accumulo.tserver.VersionIterator;
import dev.quarry.accumulo.tserver.VisibleVersions;
import java.io.IOException;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;
import org.apache.accumulo.core.iteratorsImpl.system.SortedMapIterator;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link PackedRows} stacked over {@link VisibleVersions} as a tablet server stacks them, read back
 * by {@link Packed#rows}: the same rows as the unpacked scan, in order, for every skip and run
 * length; each entry's key the last row's cell, so that a scan resumed after any entry goes on with
 * the next row.
 */
class PackedRowsTest {
  private static final Value PRESENT = new Value(new byte[] {'+'});
  private static final Value DELETED = new Value(new byte[] {'-'});

  /** Quad rows of few distinct leading parts (so runs form), each in up to three versions. */
  private static TreeMap<Key, Value> cells(Random rnd) {
    TreeMap<Key, Value> cells = new TreeMap<>();
    for (int i = 0; i < 600; i++) {
      long[] parts = {1 + rnd.nextInt(3), 1 + rnd.nextInt(4), 1 + rnd.nextInt(6), rnd.nextLong()};
      byte[] row = new byte[Order.KEY_BYTES];
      for (int j = 0; j < 4; j++) {
        Bytes.putLong(row, j * 8, parts[j]);
      }
      for (int v = 0, n = 1 + rnd.nextInt(3); v < n; v++) {
        long txn = 1 + rnd.nextInt(9);
        cells.put(
            new Key(new Text(row), new Text(), new Text(), txn << 20),
            v == 0 && rnd.nextInt(4) == 0 ? DELETED : PRESENT);
      }
    }
    return cells;
  }

  private static SortedKeyValueIterator<Key, Value> visible(TreeMap<Key, Value> cells) {
    VisibleVersions v = new VisibleVersions();
    v.init(
        new SortedMapIterator(cells),
        Map.of(
            VisibleVersions.UP_TO, "7", VersionIterator.ABORTED, "3", VersionIterator.LIVE, "true"),
        null);
    return v;
  }

  private static SortedKeyValueIterator<Key, Value> packed(
      TreeMap<Key, Value> cells, int skip, int rows) {
    PackedRows p = new PackedRows();
    p.init(
        visible(cells),
        Map.of(PackedRows.SKIP, Integer.toString(skip), PackedRows.ROWS, Integer.toString(rows)),
        null);
    return p;
  }

  private static List<Map.Entry<Key, Value>> drain(SortedKeyValueIterator<Key, Value> it, Range r)
      throws IOException {
    it.seek(r, List.of(), false);
    List<Map.Entry<Key, Value>> out = new ArrayList<>();
    while (it.hasTop()) {
      out.add(
          new AbstractMap.SimpleImmutableEntry<>(
              new Key(it.getTopKey()), new Value(it.getTopValue())));
      it.next();
    }
    return out;
  }

  private static List<byte[]> unpacked(List<Map.Entry<Key, Value>> entries, int skip) {
    List<byte[]> rows = new ArrayList<>();
    for (Iterator<byte[]> it = Packed.rows(entries.iterator(), skip); it.hasNext(); ) {
      rows.add(it.next());
    }
    return rows;
  }

  private static void assertRows(List<byte[]> want, List<byte[]> got, String what) {
    assertEquals(want.size(), got.size(), what + ": rows");
    for (int i = 0; i < want.size(); i++) {
      assertArrayEquals(want.get(i), got.get(i), what + ": row " + i);
    }
  }

  /** A range whose rows share their first {@code skip} bytes, as a reader's scans are. */
  private static Range rangeBinding(byte[] row, int skip) {
    if (skip == 0) {
      return new Range();
    }
    byte[] prefix = new byte[skip];
    System.arraycopy(row, 0, prefix, 0, skip);
    return Range.prefix(new Text(prefix));
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 8, 16, 24})
  void theRowsComeBackAsTheUnpackedScanGivesThemAndEachEntryEndsAtItsLastCell(int skip)
      throws IOException {
    for (int seed = 1; seed <= 4; seed++) {
      TreeMap<Key, Value> cells = cells(new Random(seed));
      byte[] some = cells.firstKey().getRowData().toArray();
      Range range = rangeBinding(some, skip);
      List<byte[]> want = new ArrayList<>();
      List<Key> keys = new ArrayList<>();
      for (Map.Entry<Key, Value> e : drain(visible(cells), range)) {
        want.add(e.getKey().getRowData().toArray());
        keys.add(e.getKey());
      }
      assertTrue(want.size() > 5, "the range has rows");
      for (int rows : new int[] {1, 3, 64}) {
        List<Map.Entry<Key, Value>> entries = drain(packed(cells, skip, rows), range);
        assertRows(want, unpacked(entries, skip), "skip " + skip + ", runs of " + rows);
        int end = 0;
        for (Map.Entry<Key, Value> e : entries) {
          int n = e.getValue().get().length / (Order.KEY_BYTES - skip);
          assertTrue(n >= 1 && n <= rows, "an entry holds 1 to " + rows + " rows: " + n);
          end += n;
          assertEquals(keys.get(end - 1), e.getKey(), "an entry's key is its last row's cell");
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 8, 16})
  void aScanResumedAfterAnEntryGoesOnWithTheNextRow(int skip) throws IOException {
    TreeMap<Key, Value> cells = cells(new Random(11));
    Range range = rangeBinding(cells.lastKey().getRowData().toArray(), skip);
    List<Map.Entry<Key, Value>> entries = drain(packed(cells, skip, 5), range);
    List<byte[]> all = unpacked(entries, skip);
    int done = 0;
    for (Map.Entry<Key, Value> e : entries) {
      done += e.getValue().get().length / (Order.KEY_BYTES - skip);
      // A tablet server resumes after the last key it sent, that key excluded, within the range.
      Range rest = new Range(e.getKey(), false, range.getEndKey(), range.isEndKeyInclusive());
      assertRows(
          all.subList(done, all.size()),
          unpacked(drain(packed(cells, skip, 5), rest), skip),
          "resumed after " + e.getKey());
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {8, 16, 24})
  void aRunEndsWhereTheSkippedBytesChange(int skip) throws IOException {
    // A whole-table scan with a skip: every entry's rows share the skipped bytes of its key.
    TreeMap<Key, Value> cells = cells(new Random(5));
    List<Map.Entry<Key, Value>> entries = drain(packed(cells, skip, 64), new Range());
    List<byte[]> want = new ArrayList<>();
    for (Map.Entry<Key, Value> e : drain(visible(cells), new Range())) {
      want.add(e.getKey().getRowData().toArray());
    }
    assertRows(want, unpacked(entries, skip), "whole table, skip " + skip);
  }

  @Test
  void badOptionsAreRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new PackedRows().init(null, Map.of(PackedRows.SKIP, "-1"), null));
    assertThrows(
        IllegalArgumentException.class,
        () -> new PackedRows().init(null, Map.of(PackedRows.ROWS, "0"), null));
  }
}
