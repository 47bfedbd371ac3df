package dev.quarry.core.buffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The frames' memory: zeroed, aligned, and on Linux with huge pages where the kernel gives them.
 */
class OffHeapTest {
  private static final long MB = 1 << 20;

  @Test
  void itIsZeroedAlignedAndWritable() {
    try (Arena arena = Arena.ofShared()) {
      MemorySegment m = OffHeap.allocate(8 * MB, 4096, arena);
      assertEquals(8 * MB, m.byteSize());
      assertEquals(0, m.address() % 4096);
      for (long at = 0; at < m.byteSize(); at += 4096) {
        assertEquals(0, m.get(ValueLayout.JAVA_LONG, at));
        m.set(ValueLayout.JAVA_LONG, at, at);
      }
      assertEquals(4096, m.get(ValueLayout.JAVA_LONG, 4096));
    }
  }

  @Test
  void onLinuxWithTransparentHugePagesTheFramesGetThem() throws IOException {
    Path mode = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
    assumeTrue(Files.isReadable(mode) && !Files.readString(mode).contains("[never]"));
    try (Arena arena = Arena.ofShared()) {
      MemorySegment m = OffHeap.allocate(64 * MB, 4096, arena);
      for (long at = 0; at < m.byteSize(); at += 4096) {
        m.set(ValueLayout.JAVA_BYTE, at, (byte) 1); // touched, as a pool's frames are when read
      }
      assertTrue(
          anonHugeKb(m.address()) > 0, "no huge page in the frames' mapping (madvise refused?)");
    }
  }

  /** AnonHugePages of the mapping holding {@code address}, from /proc/self/smaps. */
  private static long anonHugeKb(long address) throws IOException {
    List<String> lines = Files.readAllLines(Path.of("/proc/self/smaps"));
    boolean inside = false;
    for (String line : lines) {
      int dash = line.indexOf('-');
      int space = line.indexOf(' ');
      if (dash > 0 && space > dash && line.substring(0, dash).matches("[0-9a-f]+")) {
        long from = Long.parseUnsignedLong(line.substring(0, dash), 16);
        long to = Long.parseUnsignedLong(line.substring(dash + 1, space), 16);
        inside = from <= address && address < to;
      } else if (inside && line.startsWith("AnonHugePages:")) {
        return Long.parseLong(line.replaceAll("[^0-9]", ""));
      }
    }
    return -1;
  }
}
