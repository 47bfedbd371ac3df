package dev.quarry.core.buffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.quarry.core.storage.CorruptPageException;
import dev.quarry.core.storage.MemoryPageStore;
import dev.quarry.core.storage.Pages;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * A page damaged on its device (bytes flipped anywhere, the checksum's included) is an error when
 * it is read, never its content: the page decoders only ever see pages whose CRC32C matched. Seeds
 * and findings are in the test resources; {@code JAZZER_FUZZ=1} fuzzes (docs/FUZZING.md).
 */
class PageCorruptionFuzzTest {
  @FuzzTest(maxDuration = "30s")
  void aDamagedPageIsAnErrorNeverItsContent(FuzzedDataProvider data) throws Exception {
    // Closed each run: its 2 MB extent is native memory the collector does not see (a fuzzing
    // run of 11,000 inputs grew to 22 GB before this).
    try (MemoryPageStore store = new MemoryPageStore()) {
      damageAndRead(store, data);
    }
  }

  private static void damageAndRead(MemoryPageStore store, FuzzedDataProvider data)
      throws Exception {
    try (BufferPool pool =
        BufferPool.open(store, BufferPoolConfig.ofFrames(16).withExtentReadAhead(false))) {
      int f = pool.create(0);
      for (int off = Pages.HEADER_SIZE; off < Pages.PAGE_SIZE; off += 8) {
        pool.memory().set(ValueLayout.JAVA_LONG_UNALIGNED, pool.offset(f) + off, off * 31L + 7);
      }
      pool.unfixExclusive(f, true);
      pool.flush();
    }
    MemorySegment page = MemorySegment.ofArray(new long[Pages.PAGE_SIZE / 8]); // on the heap
    store.read(0, page);
    byte[] before = page.toArray(ValueLayout.JAVA_BYTE);
    int damages = data.consumeInt(1, 8);
    for (int i = 0; i < damages; i++) {
      long at = data.consumeInt(0, Pages.PAGE_SIZE - 1);
      page.set(
          ValueLayout.JAVA_BYTE,
          at,
          (byte) (page.get(ValueLayout.JAVA_BYTE, at) ^ data.consumeByte()));
    }
    boolean changed = !Arrays.equals(before, page.toArray(ValueLayout.JAVA_BYTE));
    store.write(0, page); // raw, as a device would damage it
    try (BufferPool fresh =
        BufferPool.open(store, BufferPoolConfig.ofFrames(16).withExtentReadAhead(false))) {
      if (!changed) {
        int g = fresh.fixShared(0);
        assertEquals(
            Pages.HEADER_SIZE * 31L + 7,
            fresh
                .memory()
                .get(ValueLayout.JAVA_LONG_UNALIGNED, fresh.offset(g) + Pages.HEADER_SIZE));
        fresh.unfixShared(g);
        return;
      }
      UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> fresh.fixShared(0));
      assertInstanceOf(CorruptPageException.class, e.getCause(), String.valueOf(e.getCause()));
    }
  }
}
