package dev.quarry.core.dict;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

/**
 * Reads of the term file through a descriptor of its own that the kernel is told is read at random
 * ({@code posix_fadvise(POSIX_FADV_RANDOM)}, Linux): no read-ahead around each record. A term read
 * asks for tens of bytes at an offset no other read is near; with the kernel's read-ahead each one
 * that missed the OS cache read 16-128 KB. At BSBM 100M in a 2 GB cgroup (16 clients, 250 mixes,
 * one run each) the device reads went from 5.65 to 5.19 GB with it, for 22 MB of term records asked
 * for. Null where the calls are not there (another OS); the channel reads then.
 */
final class RandomReads implements AutoCloseable {
  private static final int O_RDONLY = 0;
  private static final int POSIX_FADV_RANDOM = 1;
  private static final int POSIX_FADV_WILLNEED = 3;
  private static final MethodHandle OPEN;
  private static final MethodHandle PREAD;
  private static final MethodHandle FADVISE;
  private static final MethodHandle CLOSE;

  static {
    boolean linux = System.getProperty("os.name", "").toLowerCase().contains("linux");
    boolean on = linux && !"false".equals(System.getProperty("quarry.terms.random-reads"));
    MethodHandle open = null;
    MethodHandle pread = null;
    MethodHandle fadvise = null;
    MethodHandle close = null;
    if (on) {
      try {
        ValueLayout.OfInt i = ValueLayout.JAVA_INT;
        ValueLayout.OfLong l = ValueLayout.JAVA_LONG;
        open =
            libc(
                "open",
                FunctionDescriptor.of(i, ValueLayout.ADDRESS, i),
                Linker.Option.firstVariadicArg(2));
        pread = libc("pread", FunctionDescriptor.of(l, i, ValueLayout.ADDRESS, l, l));
        fadvise = libc("posix_fadvise", FunctionDescriptor.of(i, i, l, l, i));
        close = libc("close", FunctionDescriptor.of(i, i));
      } catch (RuntimeException | LinkageError e) {
        open = null;
      }
    }
    OPEN = open;
    PREAD = pread;
    FADVISE = fadvise;
    CLOSE = close;
  }

  private static MethodHandle libc(String name, FunctionDescriptor fd, Linker.Option... options) {
    Linker linker = Linker.nativeLinker();
    return linker.downcallHandle(linker.defaultLookup().find(name).orElseThrow(), fd, options);
  }

  /** A read slower than this came from the device, not the OS cache (a cached one takes 1-5 us). */
  private static final long DEVICE_NANOS = 40_000;

  private final int fd;
  private final ThreadLocal<MemorySegment> buffers;
  private volatile boolean closed;
  // Of the recent reads, about how many in 1,024 came from the device (decayed by 1/64 a read;
  // updates may race: it is an estimate).
  private volatile int deviceShare;

  private RandomReads(int fd) {
    this.fd = fd;
    this.buffers = ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(64 << 10));
  }

  /** A random-read descriptor of {@code file}, or null where it cannot be had. */
  static RandomReads open(Path file) {
    if (OPEN == null) {
      return null;
    }
    try (Arena a = Arena.ofConfined()) {
      int fd = (int) OPEN.invokeExact(a.allocateFrom(file.toString()), O_RDONLY);
      if (fd < 0) {
        return null;
      }
      int rc = (int) FADVISE.invokeExact(fd, 0L, 0L, POSIX_FADV_RANDOM);
      if (rc != 0) {
        int ignored = (int) CLOSE.invokeExact(fd);
        return null;
      }
      return new RandomReads(fd);
    } catch (Throwable e) {
      return null;
    }
  }

  /** Reads up to {@code len} bytes at {@code pos} into {@code b}; returns how many were there. */
  int read(long pos, byte[] b, int off, int len) throws IOException {
    if (closed) {
      throw new IOException("the term file is closed");
    }
    MemorySegment buf = buffers.get();
    int done = 0;
    while (done < len) {
      int want = (int) Math.min(len - done, buf.byteSize());
      long n;
      long start = System.nanoTime();
      try {
        n = (long) PREAD.invokeExact(fd, buf, (long) want, pos + done);
        boolean device = System.nanoTime() - start > DEVICE_NANOS;
        int share = deviceShare;
        deviceShare = share - (share >> 6) + (device ? 16 : 0); // settles at 1024 x the share
      } catch (Throwable e) {
        throw new IOException("pread of the term file failed", e);
      }
      if (n < 0) {
        throw new IOException("pread of the term file failed at " + (pos + done));
      }
      if (n == 0) {
        break; // the end of the file
      }
      MemorySegment.copy(buf, ValueLayout.JAVA_BYTE, 0, b, off + done, (int) n);
      done += (int) n;
    }
    return done;
  }

  /**
   * True if at least one recent read in 32 waited on the device: the OS cache does not hold the
   * file, and hinting reads ({@link #willNeed}) pays; else each hint would only cost a system call.
   */
  boolean readsFromDevice() {
    return deviceShare >= 32;
  }

  /**
   * Tells the kernel that {@code len} bytes at {@code pos} will be read soon: it starts reading
   * them from the device if they are not in the OS cache, and returns. A batch of records hinted so
   * is read with its device reads in flight together, where reading them one by one waits on each
   * in turn. True if the kernel took the hint.
   */
  boolean willNeed(long pos, int len) {
    if (closed) {
      return false;
    }
    try {
      return (int) FADVISE.invokeExact(fd, pos, (long) len, POSIX_FADV_WILLNEED) == 0;
    } catch (Throwable e) {
      return false; // a hint: the read that follows reads as before
    }
  }

  @Override
  public void close() {
    if (closed) {
      return; // the descriptor's number may be another file's by now
    }
    closed = true;
    try {
      int ignored = (int) CLOSE.invokeExact(fd);
    } catch (Throwable e) {
      // closing a read-only descriptor: nothing to lose
    }
  }
}
