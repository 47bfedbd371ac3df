package dev.quarry.core.buffer;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Large off-heap memory for the frames. On Linux it is an anonymous private mapping (mmap with
 * MAP_NORESERVE): zero pages that cost nothing until first touched, so a pool of many gigabytes
 * opens at once and grows in resident memory only as it fills. Elsewhere, an ordinary arena
 * allocation (zero-filled up front).
 */
final class OffHeap {
  private static final int PROT_READ = 1;
  private static final int PROT_WRITE = 2;
  private static final int MAP_PRIVATE = 0x02;
  private static final int MAP_ANONYMOUS = 0x20;
  private static final int MAP_NORESERVE = 0x4000;
  private static final MethodHandle MMAP;
  private static final MethodHandle MUNMAP;

  static {
    MethodHandle mmap = null;
    MethodHandle munmap = null;
    if (System.getProperty("os.name", "").toLowerCase().contains("linux")) {
      try {
        Linker linker = Linker.nativeLinker();
        var libc = linker.defaultLookup();
        mmap =
            linker.downcallHandle(
                libc.find("mmap").orElseThrow(),
                FunctionDescriptor.of(
                    ValueLayout.ADDRESS,
                    ValueLayout.ADDRESS,
                    ValueLayout.JAVA_LONG,
                    ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_INT,
                    ValueLayout.JAVA_LONG));
        munmap =
            linker.downcallHandle(
                libc.find("munmap").orElseThrow(),
                FunctionDescriptor.of(
                    ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
      } catch (RuntimeException | LinkageError e) {
        mmap = null;
        munmap = null;
      }
    }
    MMAP = mmap;
    MUNMAP = munmap;
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
          return addr.reinterpret(bytes, arena, OffHeap::unmap);
        }
      } catch (Throwable e) {
        // fall through to the arena
      }
    }
    return arena.allocate(bytes, alignment);
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
