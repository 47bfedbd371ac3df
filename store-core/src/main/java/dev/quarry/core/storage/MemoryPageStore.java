package dev.quarry.core.storage;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Pages in off-heap memory, one 2 MB segment per extent, allocated on first write. For tests,
 * embedding and lite use; everything is gone when it is closed.
 */
public final class MemoryPageStore implements PageStore {
  private final Arena arena = Arena.ofShared();
  private final AtomicLong size = new AtomicLong();
  private volatile MemorySegment[] extents = new MemorySegment[16];

  @Override
  public void read(long page, MemorySegment dst) {
    MemorySegment ext = extent(Pages.extentOf(page));
    if (ext == null) {
      dst.asSlice(0, Pages.PAGE_SIZE).fill((byte) 0);
    } else {
      MemorySegment.copy(ext, offsetInExtent(page), dst, 0, Pages.PAGE_SIZE);
    }
  }

  @Override
  public void readRun(long firstPage, int count, MemorySegment dst) {
    for (int i = 0; i < count; i++) {
      read(firstPage + i, dst.asSlice((long) i * Pages.PAGE_SIZE, Pages.PAGE_SIZE));
    }
  }

  @Override
  public void write(long page, MemorySegment src) {
    MemorySegment ext = extentForWrite(Pages.extentOf(page));
    MemorySegment.copy(src, 0, ext, offsetInExtent(page), Pages.PAGE_SIZE);
    size.accumulateAndGet(page + 1, Math::max);
  }

  @Override
  public void sync() {}

  @Override
  public long size() {
    return size.get();
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
    long n = 0;
    for (MemorySegment e : extents) {
      if (e != null) {
        n += Pages.EXTENT_BYTES;
      }
    }
    return n;
  }

  @Override
  public String describe() {
    return "memory";
  }

  @Override
  public void close() {
    arena.close();
  }

  private static long offsetInExtent(long page) {
    return (page & (Pages.EXTENT_PAGES - 1)) << Pages.PAGE_SHIFT;
  }

  private MemorySegment extent(long e) {
    MemorySegment[] ext = extents;
    return e < ext.length ? ext[(int) e] : null;
  }

  private MemorySegment extentForWrite(long e) {
    MemorySegment seg = extent(e);
    return seg != null ? seg : allocate(e);
  }

  private synchronized MemorySegment allocate(long e) {
    MemorySegment[] ext = extents;
    if (e >= ext.length) {
      MemorySegment[] grown = new MemorySegment[(int) Math.max(e + 1, ext.length * 2L)];
      System.arraycopy(ext, 0, grown, 0, ext.length);
      ext = grown;
    }
    if (ext[(int) e] == null) {
      ext[(int) e] = arena.allocate(Pages.EXTENT_BYTES, Pages.ALIGNMENT);
    }
    extents = ext; // publish (volatile) after the segment is in place
    return ext[(int) e];
  }
}
