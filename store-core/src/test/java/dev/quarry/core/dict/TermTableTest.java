package dev.quarry.core.dict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The term table, and a bulk load's long records in side chunks of their own. */
class TermTableTest {
  @TempDir Path dir;

  /** Short and long records in a load's order: a review's title, its text, its reviewer's name. */
  private static List<byte[]> records(int n, long seed) {
    Random r = new Random(seed);
    List<byte[]> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int len =
          switch (i % 3) {
            case 0 -> 20 + r.nextInt(100); // short
            case 1 -> TermTable.LONG_RECORD + r.nextInt(3000); // long
            default -> r.nextInt(TermTable.LONG_RECORD); // short, up to the limit
          };
      byte[] b = new byte[len];
      for (int j = 0; j < len; j++) {
        b[j] = (byte) ('a' + r.nextInt(26));
      }
      out.add(b);
    }
    return out;
  }

  private static long[] load(TermTable t, List<byte[]> records) {
    long[] at = new long[records.size()];
    for (int i = 0; i < at.length; i++) {
      at[i] = t.appendLoading(records.get(i));
    }
    return at;
  }

  private static void assertReads(TermTable t, List<byte[]> records, long[] at) {
    for (int i = 0; i < at.length; i++) {
      assertArrayEquals(records.get(i), t.read(at[i]), "record " + i + " at " + at[i]);
    }
  }

  @Test
  void shortRecordsOfALoadLieTogetherBetweenTheLongOnes() throws Exception {
    try (TermTable t = new TermTable(TermFile.open(dir.resolve("terms.dat")), 0)) {
      List<byte[]> records = records(9000, 1);
      long[] at = load(t, records);
      long previousEnd = -1;
      int checked = 0;
      for (int i = 0; i < at.length; i++) {
        if (records.get(i).length >= TermTable.LONG_RECORD || at[i] < TermTable.SIDE_AFTER) {
          continue;
        }
        checked++;
        if (previousEnd >= 0 && at[i] != previousEnd) {
          // Only a side chunk (reserved whole) may lie between two short records.
          assertEquals(0, (at[i] - previousEnd) % TermTable.SIDE_CHUNK, "gap before record " + i);
        }
        int len = records.get(i).length;
        previousEnd = at[i] + TermCodec.varintSize(len) + len;
      }
      assertTrue(checked > 2000, "short records past the load's first bytes: " + checked);
      assertReads(t, records, at); // the writer reads its own records before the commit
    }
  }

  @Test
  void aSmallLoadAppendsInOrderAndLeavesNoGap() throws Exception {
    try (TermTable t = new TermTable(TermFile.memory(), 0)) {
      List<byte[]> records = records(300, 7);
      long[] at = load(t, records);
      long end = 0;
      for (int i = 0; i < at.length; i++) {
        assertEquals(end, at[i], "record " + i);
        int len = records.get(i).length;
        end += TermCodec.varintSize(len) + len;
      }
      assertEquals(end, t.commit());
    }
  }

  @Test
  void aCommittedLoadReadsBackAfterReopening() throws Exception {
    Path file = dir.resolve("terms.dat");
    List<byte[]> records = records(6000, 2);
    long[] at;
    long committed;
    try (TermTable t = new TermTable(TermFile.open(file), 0)) {
      at = load(t, records);
      committed = t.commit();
      assertReads(t, records, at);
      t.force();
    }
    try (TermTable t = new TermTable(TermFile.open(file), committed)) {
      assertReads(t, records, at);
      TermTable.Window w = t.new Window(); // ascending offsets, a window at a time
      TreeMap<Long, byte[]> byOffset = new TreeMap<>();
      for (int i = 0; i < at.length; i++) {
        byOffset.put(at[i], records.get(i));
      }
      byOffset.forEach(
          (offset, expected) ->
              assertArrayEquals(expected, w.read(offset), "window read at " + offset));
      // A load after the reopening goes on past everything committed.
      long next = t.appendLoading(new byte[TermTable.LONG_RECORD]);
      assertTrue(next >= committed, "a new side chunk at " + next + " below " + committed);
    }
  }

  @Test
  void committedBytesDoNotChangeWhenTheNextLoadAppends() throws Exception {
    try (TermTable t = new TermTable(TermFile.memory(), 0)) {
      List<byte[]> first = records(6000, 3);
      long[] at = load(t, first);
      long committed = t.commit();
      t.force(); // a backup copies durable bytes
      byte[] before = new byte[(int) committed];
      assertEquals(committed, t.readBytes(0, before, 0, before.length));
      List<byte[]> second = records(6000, 4);
      long[] at2 = load(t, second);
      t.commit();
      t.force();
      byte[] after = new byte[(int) committed];
      t.readBytes(0, after, 0, after.length);
      assertArrayEquals(before, after, "an incremental backup copies only what lies past this");
      assertReads(t, first, at);
      assertReads(t, second, at2);
    }
  }

  @Test
  void aRolledBackLoadLeavesTheTableAsItWas() throws Exception {
    Path file = dir.resolve("terms.dat");
    try (TermTable t = new TermTable(TermFile.open(file), 0)) {
      List<byte[]> kept = records(200, 5);
      long[] at = load(t, kept);
      long committed = t.commit();
      t.force();
      load(t, records(6000, 6)); // opens side chunks past the commit
      t.rollback();
      assertEquals(committed, t.length());
      assertReads(t, kept, at);
      byte[] label = "a label".getBytes(StandardCharsets.UTF_8);
      assertEquals(committed, t.appendLoading(label), "the offset after the commit is reused");
      assertArrayEquals(label, t.read(committed));
    }
  }

  /**
   * A batch's probe ({@link TermTable#readIfCached}): records the OS cache holds (or the writer's
   * buffers) come back whole, long ones too; records on pages dropped from the OS cache do not, but
   * their reads are started, so that they are cached soon after without another call.
   */
  @Test
  void recordsReadIfCachedOnlyAndAMissStartsTheirRead() throws Throwable {
    assumeTrue(System.getProperty("os.name").toLowerCase().contains("linux"), "Linux only");
    Path file = dir.resolve("terms.dat");
    List<byte[]> records = records(6000, 8);
    try (TermTable t = new TermTable(TermFile.open(file), 0)) {
      long[] at = load(t, records);
      for (int i = 0; i < 50; i++) {
        assertArrayEquals(records.get(i), t.readIfCached(at[i]), "from the writer's buffers");
      }
      t.commit();
      t.force();
      for (int i = 0; i < at.length; i++) {
        assertArrayEquals(records.get(i), t.readIfCached(at[i]), "cached record " + i);
      }
      assumeTrue(RandomReadsTest.dropFromOsCache(file), "the file's pages can be dropped");
      long[] probe = new long[20];
      for (int i = 0; i < probe.length; i++) {
        probe[i] = at[i * 293 + 7];
      }
      // Some kernels finish reading a page for a RWF_NOWAIT read at once (see RandomReadsTest).
      assumeTrue(
          RandomReadsTest.nowaitServed(file, new long[] {at[5001], at[5003]}) == 0,
          "the kernel refuses RWF_NOWAIT reads of dropped pages here");
      int missed = 0;
      for (long offset : probe) {
        missed += t.readIfCached(offset) == null ? 1 : 0;
      }
      assertTrue(missed >= 15, "records on dropped pages read without waiting: " + (20 - missed));
      long deadline = System.nanoTime() + 10_000_000_000L;
      for (int i = 0; i < probe.length; i++) {
        byte[] got = t.readIfCached(probe[i]);
        while (got == null && System.nanoTime() < deadline) {
          Thread.sleep(5);
          got = t.readIfCached(probe[i]);
        }
        assertArrayEquals(records.get(i * 293 + 7), got, "record " + (i * 293 + 7) + " read since");
      }
    }
  }

  @Test
  void aMemoryTableReadsEveryRecordAtOnce() throws Exception {
    try (TermTable t = new TermTable(TermFile.memory(), 0)) {
      List<byte[]> records = records(300, 9);
      long[] at = load(t, records);
      t.commit();
      for (int i = 0; i < at.length; i++) {
        assertArrayEquals(records.get(i), t.readIfCached(at[i]), "record " + i);
      }
    }
  }
}
