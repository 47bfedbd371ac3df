package dev.quarry.core.buffer;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What read-ahead may install. A read-ahead reads the disk, then installs what it read: a page
 * written back and evicted (or freed) in between would come back as it was before. Each write-back
 * and discard stamps the page's slot; a read-ahead installs only pages no stamp newer than its read
 * has touched (a shared slot only costs a skipped prefetch).
 */
final class ChangeStamps {
  private final AtomicLong changes = new AtomicLong();
  private final AtomicLongArray changedAt = new AtomicLongArray(1 << 14);

  private static int slot(long page) {
    return (int) ((page * 0x9E3779B97F4A7C15L) >>> 50);
  }

  /** {@code page} was written back or freed. */
  void changed(long page) {
    changedAt.set(slot(page), changes.incrementAndGet());
  }

  /** True if {@code page} may have changed since {@code stamp} was taken. */
  boolean changedSince(long page, long stamp) {
    return changedAt.get(slot(page)) > stamp;
  }

  /** The stamp a read-ahead takes before it reads the disk. */
  long stamp() {
    return changes.get();
  }
}
