package dev.quarry.core.buffer;

import static dev.quarry.core.storage.NativeCalls.libc;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Large off-heap memory for the frames. On Linux it is an anonymous private mapping (mmap with
 * MAP_NORESERVE): zero pages that cost nothing until first touched, so a pool of many gigabytes
 * opens at once and grows in resident memory only as it fills. Elsewhere, an ordinary arena
 * allocation (zero-filled up front).
 *
 * <p>The mapping is advised to use transparent huge pages (madvise MADV_HUGEPAGE, which a kernel in
 * the usual "madvise" mode needs): the pool's frames are touched at random, and with 4 KB pages
 * nearly every touch of a pool of gigabytes misses the TLB, which in a virtual machine costs a walk
 * of two page tables. {@code -Dquarry.pool.huge-pages=false} leaves the mapping with 4 KB pages.
 */
final class OffHeap {
  private static final int PROT_READ = 1;
  private static final int PROT_WRITE = 2;
  private static final int MAP_PRIVATE = 0x02;
  private static final int MAP_ANONYMOUS = 0x20;
  private static final int MAP_NORESERVE = 0x4000;
  private static final int MADV_HUGEPAGE = 14;
  private static final MethodHandle MMAP;
  private static final MethodHandle MUNMAP;
  private static final MethodHandle MADVISE;

  static {
    MethodHandle mmap = null;
    MethodHandle munmap = null;
    MethodHandle madvise = null;
    if (System.getProperty("os.name", "").toLowerCase().contains("linux")) {
      try {
        mmap =
            libc(
                "mmap",
                FunctionDescriptor.of(
                    ValueLayout.ADDRESS,
                    ValueLayout.ADDRESS,
                    ValueLayout.JAVA_LONG,
                    ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_LONG));
        munmap =
            libc(
                "munmap",
                FunctionDescriptor.of(
                    ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
      } catch (RuntimeException | LinkageError e) {
        mmap = null;
        munmap = null;
      }
      // Advice only: without it the mapping works as before, in 4 KB pages.
      if (mmap != null && !"false".equals(System.getProperty("quarry.pool.huge-pages"))) {
        try {
          madvise =
              libc(
                  "madvise",
                  FunctionDescriptor.of(
                      ValueLayout.JAVA_INT,
                      ValueLayout.ADDRESS,
                      ValueLayout.JAVA_LONG,
                      ValueLayout.JAVA_INT));
        } catch (RuntimeException | LinkageError e) {
          madvise = null;
        }
      }
    }
    MMAP = mmap;
    MUNMAP = munmap;
    MADVISE = madvise;
  }

  private OffHeap() {}

  /** {@code bytes} of zeroed memory, aligned to a page, freed when {@code arena} closes. */
  static MemorySegment allocate(long bytes, long alignment, Arena arena) {
    if (MMAP != null) {
      try {
        MemorySegment addr =
            (MemorySegment)
                MMAP.invokeExact(
                    MemorySegment.NULL,
                    bytes,
                    PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                    -1,
                    0L);
        if (addr.address() != -1L && addr.address() % alignment == 0) {
          adviseHugePages(addr, bytes);
          return addr.reinterpret(bytes, arena, OffHeap::unmap);
        }
      } catch (Throwable e) {
        // fall through to the arena
      }
    }
    return arena.allocate(bytes, alignment);
  }

  /** Asks for huge pages; a kernel without them (or with them off) says no, and 4 KB pages stay. */
  private static void adviseHugePages(MemorySegment addr, long bytes) {
    if (MADVISE != null) {
      try {
        int ignored = (int) MADVISE.invokeExact(addr, bytes, MADV_HUGEPAGE);
      } catch (Throwable e) {
        // advice only
      }
    }
  }

  private static void unmap(MemorySegment s) {
    try {
      int rc = (int) MUNMAP.invokeExact(s, s.byteSize());
      if (rc != 0) {
        throw new IllegalStateException("munmap failed");
      }
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }
}
