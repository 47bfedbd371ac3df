package dev.quarry.server;

import java.util.Locale;

/**
 * A write that failed because the store's disk is full (or its quota spent): answered 507
 * Insufficient Storage with what happened and what to do, not 500. The store then takes no more
 * commits until it is restarted (a flush that failed half-way is not retried over a store it may
 * have left half-written); reads and /health go on.
 */
final class DiskFull {
  private DiskFull() {}

  /** Whether {@code e} or a cause of it says the device has no space left. */
  static boolean causedBy(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String m = t.getMessage();
      if (m != null) {
        String lower = m.toLowerCase(Locale.ROOT);
        if (lower.contains("no space left on device")
            || lower.contains("disk quota exceeded")
            || lower.contains("not enough space on the disk")) {
          return true;
        }
      }
    }
    return false;
  }

  static String message(Throwable e) {
    return "the store's disk is full: "
        + e.getMessage()
        + " (no write is taken until space is freed and the server restarted; every write"
        + " acknowledged before is kept, and queries go on)";
  }
}
