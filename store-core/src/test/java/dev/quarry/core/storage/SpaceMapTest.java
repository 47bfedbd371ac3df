package dev.quarry.core.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SpaceMapTest {
  @Test
  void ownersGetPagesFromExtentsOfTheirOwn() {
    SpaceMap m = SpaceMap.create();
    long a = m.allocate(2);
    long b = m.allocate(3);
    assertNotEquals(Pages.extentOf(a), Pages.extentOf(b));
    assertEquals(2, m.ownerOf(Pages.extentOf(a)));
    assertEquals(3, m.ownerOf(Pages.extentOf(b)));
    assertEquals(Pages.extentOf(a), Pages.extentOf(m.allocate(2)));
    assertTrue(Pages.extentOf(a) > 0, "extent 0 is the map's own");
  }

  @Test
  void aSplitTakesItsPageFromTheSameExtentThenFromTheOverflowExtent() {
    SpaceMap m = SpaceMap.create();
    long first = m.allocate(2);
    long extent = Pages.extentOf(first);
    Set<Long> pages = new HashSet<>();
    pages.add(first);
    for (int i = 1; i < Pages.EXTENT_PAGES; i++) {
      long p = m.allocateNear(2, first);
      assertEquals(extent, Pages.extentOf(p), "page " + i + " stays in the extent");
      assertTrue(pages.add(p));
    }
    // Owner 3 takes the next extent, so owner 2's overflow must be a different one.
    long other = m.allocate(3);
    long over = m.allocateNear(2, first);
    long overflowExtent = Pages.extentOf(over);
    assertNotEquals(extent, overflowExtent);
    assertNotEquals(Pages.extentOf(other), overflowExtent);
    // Further splits of the full extent keep using the same overflow extent.
    assertEquals(overflowExtent, Pages.extentOf(m.allocateNear(2, first + 17)));
  }

  @Test
  void freedPagesAreReusedAndAnEmptyExtentIsReleased() {
    SpaceMap m = SpaceMap.create();
    long p = m.allocate(2);
    long q = m.allocate(2);
    m.free(p);
    assertFalse(m.isAllocated(p));
    assertEquals(p, m.allocate(2));
    m.free(p);
    m.free(q);
    assertEquals(SpaceMap.FREE, m.ownerOf(Pages.extentOf(p)));
    assertEquals(Pages.extentOf(p), Pages.extentOf(m.allocate(4)), "the free extent is reused");
    assertThrows(IllegalStateException.class, () -> m.free(q));
  }

  @Test
  void persistAndLoadRoundTrip() throws IOException {
    try (MemoryPageStore store = new MemoryPageStore()) {
      SpaceMap m = SpaceMap.create();
      for (int i = 0; i < 700; i++) {
        m.allocate(2 + i % 3);
      }
      m.free(Pages.firstPageOf(1) + 5);
      m.setRoot(new byte[] {1, 2, 3});
      m.persist(store);
      SpaceMap loaded = SpaceMap.load(store);
      assertEquals(m.extentCount(), loaded.extentCount());
      assertEquals(m.allocatedPages(), loaded.allocatedPages());
      assertArrayEquals(new byte[] {1, 2, 3}, loaded.root());
      for (long page = 0; page < Pages.firstPageOf(m.extentCount()); page++) {
        assertEquals(m.isAllocated(page), loaded.isAllocated(page), "page " + page);
      }
      for (int owner = 2; owner < 5; owner++) {
        assertArrayEquals(m.extentsOf(owner), loaded.extentsOf(owner));
      }
    }
  }

  @Test
  void aCrashDuringPersistLeavesTheOldMapOrTheNewOneNeverAMix() throws IOException {
    for (int failAfter = 0; failAfter < 3; failAfter++) {
      try (MemoryPageStore mem = new MemoryPageStore()) {
        SpaceMap m = SpaceMap.create();
        m.allocate(2);
        m.setRoot(new byte[] {42});
        m.persist(mem);
        long before = m.allocatedPages();
        for (int i = 0; i < 300; i++) {
          m.allocate(3);
        }
        m.setRoot(new byte[] {43});
        CrashingStore crashing = new CrashingStore(mem, failAfter);
        assertThrows(IOException.class, () -> m.persist(crashing));
        SpaceMap loaded = SpaceMap.load(mem);
        // One page of map and one header: a crash before the header is written keeps the old map,
        // after it (before its sync) either is allowed; here the write reached the store.
        boolean headerWritten = failAfter >= 2;
        assertEquals(
            headerWritten ? m.allocatedPages() : before,
            loaded.allocatedPages(),
            "crash after " + failAfter + " writes");
        assertArrayEquals(new byte[] {(byte) (headerWritten ? 43 : 42)}, loaded.root());
      }
    }
  }

  @Test
  void generationsFollowTheCommitsAndTheHeadersAlternateWhateverTheJumps() throws IOException {
    try (MemoryPageStore mem = new MemoryPageStore()) {
      SpaceMap m = SpaceMap.create();
      m.allocate(2);
      m.setRoot(new byte[] {1});
      m.persist(mem, 10); // one persist made commits up to 10 durable
      assertEquals(10, SpaceMap.load(mem).generation());
      m.setRoot(new byte[] {2});
      m.persist(mem, 12); // same parity as 10: must not overwrite 10's header
      m.persist(mem); // a persist of its own: one more
      assertEquals(13, SpaceMap.load(mem).generation());
      m.setRoot(new byte[] {3});
      m.persist(mem, 5); // never backwards
      SpaceMap loaded = SpaceMap.load(mem);
      assertEquals(14, loaded.generation());
      assertArrayEquals(new byte[] {3}, loaded.root());
      // The newest header lost (torn): the one before it is intact, in the other slot.
      MemorySegment zero = MemorySegment.ofArray(new byte[Pages.PAGE_SIZE]);
      MemorySegment h0 = MemorySegment.ofArray(new byte[Pages.PAGE_SIZE]);
      MemorySegment h1 = MemorySegment.ofArray(new byte[Pages.PAGE_SIZE]);
      mem.read(0, h0);
      mem.read(1, h1);
      long g0 = h0.get(ValueLayout.JAVA_LONG_UNALIGNED, Pages.GENERATION_OFFSET);
      long g1 = h1.get(ValueLayout.JAVA_LONG_UNALIGNED, Pages.GENERATION_OFFSET);
      assertEquals(Set.of(13L, 14L), Set.of(g0, g1));
      mem.write(g0 == 14 ? 0 : 1, zero);
      assertEquals(13, SpaceMap.load(mem).generation());
    }
  }

  @Test
  void aCopyRestoresTheSameAllocation() {
    SpaceMap m = SpaceMap.create();
    for (int i = 0; i < 600; i++) {
      m.allocate(2 + i % 4);
    }
    m.free(Pages.firstPageOf(2) + 9);
    SpaceMap copy = SpaceMap.fromCopy(m.copyBytes());
    assertEquals(m.extentCount(), copy.extentCount());
    for (long page = 0; page < Pages.firstPageOf(m.extentCount()); page++) {
      assertEquals(m.isAllocated(page), copy.isAllocated(page), "page " + page);
    }
    for (int owner = 2; owner < 6; owner++) {
      assertArrayEquals(m.extentsOf(owner), copy.extentsOf(owner));
    }
  }

  /** Passes {@code writesBeforeCrash} writes through, then fails every write and sync. */
  private static final class CrashingStore implements PageStore {
    private final PageStore inner;
    private int left;

    CrashingStore(PageStore inner, int writesBeforeCrash) {
      this.inner = inner;
      this.left = writesBeforeCrash;
    }

    @Override
    public void write(long page, MemorySegment src) throws IOException {
      if (left-- <= 0) {
        throw new IOException("crash");
      }
      inner.write(page, src);
    }

    @Override
    public void read(long page, MemorySegment dst) throws IOException {
      inner.read(page, dst);
    }

    @Override
    public void readRun(long firstPage, int count, MemorySegment dst) throws IOException {
      inner.readRun(firstPage, count, dst);
    }

    @Override
    public void sync() throws IOException {
      if (left <= 0) {
        throw new IOException("crash");
      }
    }

    @Override
    public long size() {
      return inner.size();
    }

    @Override
    public int devices() {
      return 1;
    }

    @Override
    public int deviceOf(long page) {
      return 0;
    }

    @Override
    public long bytes() {
      return inner.bytes();
    }

    @Override
    public String describe() {
      return "crashing";
    }

    @Override
    public void close() {}
  }
}
