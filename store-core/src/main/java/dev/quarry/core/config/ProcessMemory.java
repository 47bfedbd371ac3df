package dev.quarry.core.config;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;

/** The memory this process may use: what sizes the pool, the warm-up and direct I/O go by. */
public final class ProcessMemory {
  private ProcessMemory() {}

  /**
   * The machine's memory, or its cgroup's limit where that is smaller (the JVM reports the
   * smaller); the heap's maximum where the JVM does not tell.
   */
  public static long limit() {
    return ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os
        ? os.getTotalMemorySize()
        : Runtime.getRuntime().maxMemory();
  }

  /** The heap's maximum. */
  public static long heap() {
    return Runtime.getRuntime().maxMemory();
  }
}
