package dev.quarry.accumulo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The read cache without a cluster: what goes in comes out, big is not empty, size is bounded. */
class ReadCacheTest {
  private final RoundTrips counts = new RoundTrips();

  @Test
  void subjectsAndPatternsComeBackAsTheyWentIn() {
    ReadCache c = new ReadCache(7, 1 << 20, counts);
    long[][] quads = {{1, 2, 3, 4}, {1, 2, 5, 6}};
    c.putSubject(2, ReadCache.flat(List.of(quads)));
    assertArrayEquals(new long[] {1, 2, 3, 4, 1, 2, 5, 6}, c.subject(2));
    c.putPattern(List.of(0L, 0L, 3L, 4L), new long[][] {{1, 2, 3, 4}});
    assertArrayEquals(quads[0], c.pattern(List.of(0L, 0L, 3L, 4L))[0]);
    assertNull(c.subject(99));
    assertEquals(2, counts.cacheHits.sum());
    assertEquals(1, counts.cacheMisses.sum());
  }

  @Test
  void aBigSubjectIsNotAnEmptyOne() {
    ReadCache c = new ReadCache(7, 1 << 20, counts);
    c.putSubject(1, ReadCache.BIG);
    c.putSubject(2, new long[0]);
    assertSame(ReadCache.BIG, c.subject(1));
    assertEquals(0, c.subject(2).length);
    assertTrue(c.subject(2) != ReadCache.BIG);
  }

  @Test
  void itHoldsNoMoreThanItsSize() {
    ReadCache c = new ReadCache(7, 64 << 10, counts);
    assertFalse(c.nearlyFull());
    for (long s = 1; s <= 10_000; s++) {
      c.putSubject(s, new long[] {1, s, 3, 4, 1, s, 5, 6});
    }
    assertTrue(c.nearlyFull());
    long kept = 0;
    for (long s = 1; s <= 10_000; s++) {
      kept += c.subject(s) == null ? 0 : 1;
    }
    assertTrue(kept > 0 && kept < 1_000, "64 KB holds some hundreds of small subjects: " + kept);
  }

  @Test
  void autoIsAQuarterOfTheHeapAndZeroIsNone() {
    assertEquals(Runtime.getRuntime().maxMemory() / 4, AccumuloSettings.readCacheBytes("auto"));
    assertEquals(256L << 20, AccumuloSettings.readCacheBytes("256MB"));
    assertEquals(0, AccumuloSettings.readCacheBytes("0"));
  }
}
