package dev.quarry.core.dict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
 * reads longer than its 64 KB buffer, reads cut at the end, and bytes appended after it opened.
 */
class RandomReadsTest {
  @TempDir Path dir;

  @Test
  void readsWhatTheFileHolds() throws Exception {
    assumeTrue(System.getProperty("os.name").toLowerCase().contains("linux"), "Linux only");
    byte[] data = new byte[300_000];
    new Random(3).nextBytes(data);
    Path file = dir.resolve("terms.dat");
    Files.write(file, data);
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
}
