package dev.quarry.core.dict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The term file's random-read descriptor reads the bytes the file holds: small records anywhere,
 * reads longer than its 64 KB buffer, reads cut at the end, and bytes appended after it opened; the
 * kernel takes its hints of reads to come, which change nothing read.
 */
class RandomReadsTest {
  @TempDir Path dir;

  private static byte[] randomBytes(int n, long seed) {
    byte[] data = new byte[n];
    new Random(seed).nextBytes(data);
    return data;
  }

  /** {@code data} in a file of the temporary folder (Linux only: the test is skipped elsewhere). */
  private Path written(String name, byte[] data) throws Exception {
    assumeTrue(System.getProperty("os.name").toLowerCase().contains("linux"), "Linux only");
    Path file = dir.resolve(name);
    Files.write(file, data);
    return file;
  }

  @Test
  void readsWhatTheFileHolds() throws Exception {
    byte[] data = randomBytes(300_000, 3);
    Path file = written("terms.dat", data);
    try (RandomReads r = RandomReads.open(file)) {
      assertNotNull(r, "posix_fadvise and pread through the FFM API on Linux");
      Random rnd = new Random(5);
      for (int i = 0; i < 200; i++) {
        int pos = rnd.nextInt(data.length - 64);
        byte[] b = new byte[64];
        assertEquals(64, r.read(pos, b, 0, 64));
        assertArrayEquals(Arrays.copyOfRange(data, pos, pos + 64), b);
      }
      byte[] big = new byte[200_000]; // three buffers' worth, into an offset of the array
      assertEquals(150_000, r.read(1000, big, 50_000, 150_000));
      assertArrayEquals(
          Arrays.copyOfRange(data, 1000, 151_000), Arrays.copyOfRange(big, 50_000, 200_000));
      byte[] tail = new byte[100];
      assertEquals(40, r.read(data.length - 40, tail, 0, 100), "cut at the end");
      Files.write(file, new byte[] {7, 8, 9}, StandardOpenOption.APPEND);
      assertEquals(3, r.read(data.length, tail, 0, 100), "appended after the open");
      assertEquals(8, tail[1]);
    }
  }

  @Test
  void theKernelTakesHintsOfReadsToCome() throws Exception {
    byte[] data = randomBytes(100_000, 9);
    Path file = written("hinted.dat", data);
    try (RandomReads r = RandomReads.open(file)) {
      assertNotNull(r);
      for (int pos : new int[] {0, 4095, 50_000, 99_990}) {
        assertTrue(r.willNeed(pos, 64), "posix_fadvise(WILLNEED) at " + pos);
        byte[] b = new byte[10];
        assertEquals(10, r.read(pos, b, 0, 10));
        assertArrayEquals(Arrays.copyOfRange(data, pos, pos + 10), b);
      }
      r.close();
      assertFalse(r.willNeed(0, 64), "no hint once closed");
    }
  }
}
