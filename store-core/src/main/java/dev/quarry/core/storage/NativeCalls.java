package dev.quarry.core.storage;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.invoke.MethodHandle;

/** Calls into the C library (mmap, pread, posix_fadvise, ...) for the layers that need them. */
public final class NativeCalls {
  private NativeCalls() {}

  /**
   * A handle on the C library's function {@code name}; throws (NoSuchElementException,
   * IllegalArgumentException) where there is none, so callers fall back to plain Java.
   */
  public static MethodHandle libc(
      String name, FunctionDescriptor signature, Linker.Option... options) {
    Linker linker = Linker.nativeLinker();
    return linker.downcallHandle(
        linker.defaultLookup().find(name).orElseThrow(), signature, options);
  }
}
