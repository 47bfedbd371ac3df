package dev.quarry.core.storage;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.zip.CRC32C;

/**
 * Page geometry and the header every page starts with.
 *
 * <pre>
 * offset size  field
 *      0    4  checksum: CRC32C of bytes 4..8191, set when the page is written out
 *      4    2  kind: what the page holds (0 = free; values chosen by the layer that owns the page)
 *      6    2  owner: the segment owner (index) the page belongs to
 *      8    8  generation: for the transaction layer (the commit that last wrote the page)
 *     16       payload
 * </pre>
 *
 * A page of all zeros is a page never written, and is valid.
 */
public final class Pages {
  public static final int PAGE_SHIFT = 13;
  public static final int PAGE_SIZE = 1 << PAGE_SHIFT; // 8 KB
  public static final int EXTENT_SHIFT = 8;
  public static final int EXTENT_PAGES = 1 << EXTENT_SHIFT; // 256 pages
  public static final int EXTENT_BYTES = EXTENT_PAGES * PAGE_SIZE; // 2 MB

  /** Alignment of I/O buffers: enough for direct I/O on any common device. */
  public static final int ALIGNMENT = 4096;

  public static final int CHECKSUM_OFFSET = 0;
  public static final int KIND_OFFSET = 4;
  public static final int OWNER_OFFSET = 6;
  public static final int GENERATION_OFFSET = 8;
  public static final int HEADER_SIZE = 16;

  private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;

  private Pages() {}

  public static long extentOf(long page) {
    return page >>> EXTENT_SHIFT;
  }

  public static long firstPageOf(long extent) {
    return extent << EXTENT_SHIFT;
  }

  /** The checksum the page's content should carry (over everything after the checksum field). */
  public static int computeChecksum(MemorySegment page) {
    CRC32C crc = new CRC32C();
    crc.update(page.asSlice(4, PAGE_SIZE - 4).asByteBuffer());
    return (int) crc.getValue();
  }

  /** Sets the page's checksum field; done just before a page is written out. */
  public static void stampChecksum(MemorySegment page) {
    page.set(INT, CHECKSUM_OFFSET, computeChecksum(page));
  }

  /** True if the checksum matches, or the page was never written (all zeros). */
  public static boolean checksumValid(MemorySegment page) {
    int stored = page.get(INT, CHECKSUM_OFFSET);
    if (stored == computeChecksum(page)) {
      return true;
    }
    return stored == 0 && isZero(page);
  }

  public static int storedChecksum(MemorySegment page) {
    return page.get(INT, CHECKSUM_OFFSET);
  }

  /** True for a page never written: all zeros. */
  public static boolean isZeroPage(MemorySegment page) {
    return isZero(page);
  }

  static boolean isZero(MemorySegment page) {
    return MemorySegment.mismatch(page, 0, PAGE_SIZE, ZEROS, 0, PAGE_SIZE) < 0;
  }

  private static final MemorySegment ZEROS = MemorySegment.ofArray(new byte[PAGE_SIZE]);
}
