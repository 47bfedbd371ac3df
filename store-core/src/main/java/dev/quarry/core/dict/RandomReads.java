package dev.quarry.core.dict;

import static dev.quarry.core.storage.NativeCalls.libc;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;

/**
 * Reads of the term file through a descriptor of its own that the kernel is told is read at random
 * ({@code posix_fadvise(POSIX_FADV_RANDOM)}, Linux): no read-ahead around each record. A term read
 * asks for tens of bytes at an offset no other read is near; with the kernel's read-ahead each one
 * that missed the OS cache read 16-128 KB. At BSBM 100M in a 2 GB cgroup (16 clients, 250 mixes,
 * one run each) the device reads went from 5.65 to 5.19 GB with it, for 22 MB of term records asked
 * for. Null where the calls are not there (another OS); the channel reads then.
 *
 * <p>Whether reads wait on the device is asked of the kernel: each read first tries {@code
 * preadv2(RWF_NOWAIT)}, which reads only what the OS cache holds and otherwise fails with EAGAIN.
 * Timing each read instead (where the kernel lacks the flag) also counts a read whose thread was
 * merely preempted: with 16 clients on 2 cores, one in 32 of a 1M store's cached reads did.
 */
final class RandomReads implements AutoCloseable {
  private static final int O_RDONLY = 0;
  private static final int POSIX_FADV_RANDOM = 1;
  private static final int POSIX_FADV_WILLNEED = 3;
  private static final int RWF_NOWAIT = 8;
  private static final int EAGAIN = 11;
  private static final MethodHandle OPEN;
  private static final MethodHandle PREAD;
  private static final MethodHandle PREADV2; // (errno state, fd, iov, 1, offset, flags); or null
  private static final VarHandle ERRNO;
  private static final MethodHandle FADVISE;
  private static final MethodHandle CLOSE;

  static {
    boolean linux = System.getProperty("os.name", "").toLowerCase().contains("linux");
    boolean on = linux && !"false".equals(System.getProperty("quarry.terms.random-reads"));
    MethodHandle open = null;
    MethodHandle pread = null;
    MethodHandle fadvise = null;
    MethodHandle close = null;
    MethodHandle preadv2 = null;
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
        preadv2 =
            libc(
                "preadv2",
                FunctionDescriptor.of(l, i, ValueLayout.ADDRESS, i, l, i),
                Linker.Option.captureCallState("errno"));
      } catch (RuntimeException | LinkageError e) {
        if (close == null) {
          open = null;
        } // else: no preadv2 (an older C library): reads are timed
      }
    }
    PREADV2 = "false".equals(System.getProperty("quarry.terms.nowait-reads")) ? null : preadv2;
    ERRNO =
        Linker.Option.captureStateLayout()
            .varHandle(MemoryLayout.PathElement.groupElement("errno"));
    OPEN = open;
    PREAD = pread;
    FADVISE = fadvise;
    CLOSE = close;
  }

  /** A read slower than this came from the device, not the OS cache (a cached one takes 1-5 us). */
  private static final long DEVICE_NANOS = 40_000;

  private final int fd;
  private final ThreadLocal<PerThread> buffers;
  private volatile boolean nowait = PREADV2 != null; // false once the kernel refuses the flag
  private volatile boolean closed;
  // Of the recent reads, about how many in 1,024 came from the device (decayed by 1/64 a read;
  // updates may race: it is an estimate).
  private volatile int deviceShare;

  private RandomReads(int fd) {
    this.fd = fd;
    this.buffers = ThreadLocal.withInitial(PerThread::new);
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

  /** A thread's read buffer, its one iovec (the buffer) and its errno. */
  private static final class PerThread {
    final Arena arena = Arena.ofAuto();
    final MemorySegment buf = arena.allocate(64 << 10);
    final MemorySegment iov = arena.allocate(16, 8);
    final MemorySegment errno = arena.allocate(Linker.Option.captureStateLayout());

    PerThread() {
      iov.set(ValueLayout.ADDRESS, 0, buf);
    }
  }

  /** Reads up to {@code len} bytes at {@code pos} into {@code b}; returns how many were there. */
  int read(long pos, byte[] b, int off, int len) throws IOException {
    if (closed) {
      throw new IOException("the term file is closed");
    }
    PerThread t = buffers.get();
    MemorySegment buf = t.buf;
    int done = 0;
    while (done < len) {
      int want = (int) Math.min(len - done, buf.byteSize());
      long n;
      boolean device = false;
      try {
        long cached = nowait ? cachedOnly(t, want, pos + done) : -2;
        if (cached >= 0) {
          n = cached;
        } else { // not cached (-1), or the kernel cannot tell (-2): then a slow read says so
          long start = System.nanoTime();
          n = (long) PREAD.invokeExact(fd, buf, (long) want, pos + done);
          device = cached == -1 || System.nanoTime() - start > DEVICE_NANOS;
        }
      } catch (Throwable e) {
        throw new IOException("pread of the term file failed", e);
      }
      counted(device);
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
   * Reads up to {@code len} bytes at {@code pos} into {@code b} if the OS cache holds the first of
   * them, without waiting on the device, and returns how many (0 at the end of the file); else
   * starts reading them from the device and returns -1. Fewer than {@code len} bytes: the OS cache
   * holds the first page and not the next, which is then being read.
   *
   * <p>A {@code preadv2(RWF_NOWAIT)} that misses the OS cache starts the device read itself (Linux
   * 6.18 here: 1,000 such reads of dropped pages, 300 ms later all 1,000 were cached): it is the
   * hint and the probe in one call. Where the kernel cannot tell, {@link #willNeed} hints instead.
   */
  int readIfCached(long pos, byte[] b, int off, int len) throws IOException {
    if (closed) {
      throw new IOException("the term file is closed");
    }
    if (!nowait) {
      willNeed(pos, len);
      return -1;
    }
    PerThread t = buffers.get();
    long n;
    try {
      n = cachedOnly(t, (int) Math.min(len, t.buf.byteSize()), pos);
    } catch (Throwable e) {
      throw new IOException("preadv2 of the term file failed", e);
    }
    if (n == -2) {
      willNeed(pos, len); // the kernel refused the flag just now
      return -1;
    }
    if (n > 0) {
      MemorySegment.copy(t.buf, ValueLayout.JAVA_BYTE, 0, b, off, (int) n);
    }
    if (n >= 0) {
      counted(false); // a read from the OS cache, as read() would have counted it
    }
    return (int) n;
  }

  /** One more read in {@link #deviceShare}. */
  private void counted(boolean device) {
    int share = deviceShare;
    // Settles at 1,024 x the share; rounded up, so that it decays to 0 (share >> 6 alone stopped
    // at 63, and one burst of slow reads kept hints on for good).
    deviceShare = share - ((share + 63) >> 6) + (device ? 16 : 0);
  }

  /**
   * What of {@code want} bytes at {@code pos} the OS cache holds, read into the buffer (0 at the
   * end of the file): -1 if the first of them is not cached (a device read), -2 if the kernel
   * cannot tell (the flag is then not tried again).
   */
  private long cachedOnly(PerThread t, int want, long pos) throws Throwable {
    t.iov.set(ValueLayout.JAVA_LONG, 8, want);
    long n = (long) PREADV2.invokeExact(t.errno, fd, t.iov, 1, pos, RWF_NOWAIT);
    if (n >= 0) {
      return n;
    }
    if ((int) ERRNO.get(t.errno, 0L) == EAGAIN) {
      return -1;
    }
    nowait = false; // EOPNOTSUPP, EINVAL: this kernel or file system lacks it
    return -2;
  }

  /** True while reads ask the kernel whether they wait on the device (see the class comment). */
  boolean asksTheKernel() {
    return nowait;
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
