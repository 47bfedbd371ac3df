package dev.quarry.core.dict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A term table of coded records: the first bytes as they are, a symbol table trained on them, the
 * rest coded with it; every record read back by {@code read} and by a window, before and after a
 * commit, after reopening with the table, and after a rollback that took the table with it.
 */
class CodedRecordsTest {
  @TempDir Path dir;

  /** Labels and, every fourth record, a text of about a kilobyte (a review's, to a side chunk). */
  private static List<byte[]> records(int n, long seed) {
    List<byte[]> labels = SymbolTableTest.labels(n, seed);
    List<byte[]> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (i % 4 == 3) {
        byte[] text = new byte[0];
        for (int k = 0; text.length < 900; k++) {
          byte[] l = labels.get((i + k) % n);
          byte[] t = new byte[text.length + l.length];
          System.arraycopy(text, 0, t, 0, text.length);
          System.arraycopy(l, 0, t, text.length, l.length);
          text = t;
        }
        out.add(text);
      } else {
        out.add(labels.get(i));
      }
    }
    return out;
  }

  private static long[] append(TermTable t, List<byte[]> records) {
    long[] at = new long[records.size()];
    for (int i = 0; i < at.length; i++) {
      at[i] = i % 2 == 0 ? t.appendLoading(records.get(i)) : t.append(records.get(i));
    }
    return at;
  }

  private static void assertReads(TermTable t, List<byte[]> records, long[] at) {
    TermTable.Window w = t.new Window();
    for (int i = 0; i < at.length; i++) {
      assertArrayEquals(records.get(i), t.read(at[i]), "record " + i + " at " + at[i]);
      assertArrayEquals(records.get(i), w.read(at[i]), "record " + i + " through a window");
    }
  }

  private static long rawBytes(List<byte[]> records) {
    return records.stream().mapToLong(r -> TermCodec.varintSize(r.length) + r.length).sum();
  }

  @Test
  void recordsPastTheFirstMegabyteAreCodedAndReadBack() throws Exception {
    Path file = dir.resolve("terms.dat");
    List<byte[]> records = records(40_000, 1);
    long[] at;
    long table;
    long committed;
    try (TermTable t = new TermTable(TermFile.open(file), 0)) {
      t.codeRecords(-1);
      at = append(t, records);
      table = t.newSymbolTable();
      assertTrue(table >= TermTable.TRAIN_AFTER, "trained after the first megabyte: " + table);
      assertReads(t, records, at); // the writer's own reads, from its buffers
      committed = t.commit();
      assertEquals(-1, t.newSymbolTable(), "the dictionary has it now");
      t.force();
      long raw = rawBytes(records);
      assertTrue(committed < 0.75 * raw, committed + " bytes for " + raw + " as they are");
      assertReads(t, records, at);
    }
    try (TermTable t = new TermTable(TermFile.open(file), committed)) {
      t.codeRecords(table);
      assertReads(t, records, at);
      List<byte[]> more = records(2_000, 2);
      long[] moreAt = append(t, more);
      assertEquals(-1, t.newSymbolTable(), "a store keeps its one table");
      assertReads(t, more, moreAt);
    }
  }

  @Test
  void aRollbackTakesATableTrainedSinceTheCommitWithIt() throws Exception {
    try (TermTable t = new TermTable(TermFile.open(dir.resolve("terms.dat")), 0)) {
      t.codeRecords(-1);
      List<byte[]> first = records(500, 3);
      long[] firstAt = append(t, first);
      long committed = t.commit();
      append(t, records(40_000, 4));
      assertTrue(t.newSymbolTable() >= 0);
      t.rollback();
      assertEquals(-1, t.newSymbolTable());
      assertEquals(committed, t.length());
      assertReads(t, first, firstAt);
      List<byte[]> again = records(40_000, 5);
      long[] againAt = append(t, again);
      assertTrue(t.newSymbolTable() >= committed, "trained again on the new records");
      assertReads(t, again, againAt);
    }
  }

  @Test
  void recordsThatDoNotShrinkStayAsTheyAre() throws Exception {
    try (TermTable t = new TermTable(TermFile.memory(), 0)) {
      t.codeRecords(-1);
      append(t, records(40_000, 6));
      assertTrue(t.newSymbolTable() >= 0, "a table to code with");
      long before = t.commit();
      Random r = new Random(7);
      List<byte[]> records = new ArrayList<>();
      for (int i = 0; i < 2000; i++) {
        byte[] b = new byte[1 + r.nextInt(400)];
        r.nextBytes(b);
        records.add(b);
      }
      long[] at = append(t, records);
      t.commit();
      assertReads(t, records, at);
      assertTrue(
          t.length() - before <= rawBytes(records) + 2000, "a flag's byte per record at most");
    }
  }
}
