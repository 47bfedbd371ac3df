package dev.quarry.core.storage;

import java.io.IOException;
import java.lang.foreign.MemorySegment;

/**
 * Where pages live: numbered pages of {@link Pages#PAGE_SIZE} bytes, read and written whole. The
 * storage SPI: everything above it (the buffer pool, and through it the B+trees, dictionary and
 * transactions) sees only this interface, so a new kind of store needs nothing changed above it.
 *
 * <p>Contract:
 *
 * <ul>
 *   <li>Page numbers start at 0. Pages are grouped in extents of {@link Pages#EXTENT_PAGES} (2 MB);
 *       a store may place extents on different devices ({@link #deviceOf}) but keeps each extent's
 *       pages in order on one device, so an extent can be read in one request.
 *   <li>{@link #read} of a page never written returns zeros. {@link #write} grows the store as
 *       needed. Buffers are native segments aligned to {@link Pages#ALIGNMENT}, as direct I/O
 *       requires; the buffer pool's frames are.
 *   <li>Reads and writes of different pages may run at once from any number of threads; the caller
 *       (the buffer pool) never writes a page while it is being read or written.
 *   <li>A write is durable only after {@link #sync} returns. Allocation of pages is not the store's
 *       business: {@link SpaceMap} does it, on any store.
 *   <li>{@link #close} once, after all I/O has finished.
 * </ul>
 */
public interface PageStore extends AutoCloseable {

  /** Reads one page into {@code dst} ({@code PAGE_SIZE} bytes). */
  void read(long page, MemorySegment dst) throws IOException;

  /**
   * Reads {@code count} consecutive pages into {@code dst} ({@code count * PAGE_SIZE} bytes), in as
   * few requests as the layout allows: one per extent, or one in all within an extent.
   */
  void readRun(long firstPage, int count, MemorySegment dst) throws IOException;

  /** Writes one page from {@code src} ({@code PAGE_SIZE} bytes). */
  void write(long page, MemorySegment src) throws IOException;

  /** Makes every completed write durable. */
  void sync() throws IOException;

  /** One more than the highest page ever written (or present when opened). */
  long size();

  /** How many independent devices the pages are spread over (one I/O thread each). */
  int devices();

  /** The device, {@code 0 .. devices()-1}, holding {@code page}. */
  int deviceOf(long page);

  /** Bytes the store occupies. */
  long bytes();

  /** For people: what the store is and where. */
  String describe();

  @Override
  void close() throws IOException;
}
