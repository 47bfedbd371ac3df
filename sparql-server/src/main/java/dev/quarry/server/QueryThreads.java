package dev.quarry.server;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the threads that run queries, each at a lower CPU priority than the JVM's own threads
 * (Linux: a nice value added to the thread's; 0 leaves them as they are).
 *
 * <p>Why: a new server is as fast as the JIT has made it, and the JIT compiles on threads of its
 * own. With more runnable query threads than cores the kernel shares the CPU equally among all
 * runnable threads, so 16 busy query threads on 2 cores left the C2 compiler about 6 % of the CPU,
 * and the warm-up under load took minutes instead of seconds. Niced, the query threads give the
 * compiler and the collector their share first and take all the rest. They also yield to any other
 * thread at nice 0 in their scheduling group, a benchmark driver started from the same shell among
 * them, which is why by default they are niced only while the JIT starts ({@link QueryExecutor}).
 * Measured in bsbm-driver/results/2026-11-30-jit-share and 2026-12-01-start-nice.
 */
final class QueryThreads implements ThreadFactory {
  private static final Logger LOG = LoggerFactory.getLogger(QueryThreads.class);
  private static final int PRIO_PROCESS = 0;
  // All three or none (not Linux, or a libc without gettid).
  private static final MethodHandle GETTID;
  private static final MethodHandle GETPRIORITY;
  private static final MethodHandle SETPRIORITY;

  static {
    MethodHandle[] calls = null;
    if (System.getProperty("os.name", "").toLowerCase().contains("linux")) {
      try {
        ValueLayout.OfInt i = ValueLayout.JAVA_INT;
        // On Linux a thread's nice value is its own: setpriority on a thread id sets just that one.
        calls =
            new MethodHandle[] {
              libc("gettid", FunctionDescriptor.of(i)),
              libc("getpriority", FunctionDescriptor.of(i, i, i)),
              libc("setpriority", FunctionDescriptor.of(i, i, i, i))
            };
      } catch (RuntimeException | LinkageError e) {
        // none: the threads run as they are made
      }
    }
    GETTID = calls == null ? null : calls[0];
    GETPRIORITY = calls == null ? null : calls[1];
    SETPRIORITY = calls == null ? null : calls[2];
  }

  private static MethodHandle libc(String name, FunctionDescriptor fd) {
    Linker linker = Linker.nativeLinker();
    return linker.downcallHandle(linker.defaultLookup().find(name).orElseThrow(), fd);
  }

  private final int nice;
  private final String prefix;
  private final AtomicInteger made = new AtomicInteger();
  private final AtomicBoolean refused = new AtomicBoolean();

  /**
   * Threads named {@code prefix} and a number, daemons, niced by {@code nice} (0: as the JVM makes
   * them).
   */
  QueryThreads(int nice, String prefix) {
    this.nice = nice;
    this.prefix = prefix;
  }

  @Override
  public Thread newThread(Runnable r) {
    Runnable niced =
        () -> {
          if (nice > 0 && !lowerThisThread(nice)) {
            refusedOnce();
          }
          r.run();
        };
    Thread t = new Thread(niced, prefix + made.incrementAndGet());
    t.setDaemon(true);
    return t;
  }

  private void refusedOnce() {
    if (refused.compareAndSet(false, true)) {
      LOG.info(
          "query threads run at the JVM's priority: this system cannot nice a thread"
              + " (server.query-nice needs Linux)");
    }
  }

  /** Adds {@code nice} to the calling thread's nice value; false where that cannot be done. */
  static boolean lowerThisThread(int nice) {
    if (GETTID == null) {
      return false;
    }
    try {
      int tid = (int) GETTID.invokeExact();
      // setpriority sets the value; the thread may already run niced (the JVM under nice).
      int now = (int) GETPRIORITY.invokeExact(PRIO_PROCESS, tid);
      return (int) SETPRIORITY.invokeExact(PRIO_PROCESS, tid, Math.min(19, now + nice)) == 0;
    } catch (Throwable e) {
      return false;
    }
  }
}
