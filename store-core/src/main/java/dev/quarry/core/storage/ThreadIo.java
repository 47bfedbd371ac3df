package dev.quarry.core.storage;

/**
 * What the current thread has read, for explain's counts per operator: pages the buffer pool read
 * for it on a miss, pages it asked read-ahead for, term records read from the term file past the
 * term cache, and requests to a backend's servers (Accumulo's scans, batch scans, writes) with the
 * bytes they brought back. Kept per thread, written only by that thread, so counting costs no
 * contention; the counts only grow. An operator's share is the difference across its work (reads by
 * other threads, such as the pool's I/O workers finishing read-ahead, are not in it).
 */
public final class ThreadIo {
  /** Index of pages read into the buffer pool on a miss. */
  public static final int PAGES_READ = 0;

  /** Index of pages asked of read-ahead (a batch's coming leaves, extents, sequential runs). */
  public static final int READ_AHEAD = 1;

  /** Index of term records read from the term file. */
  public static final int TERM_READS = 2;

  /** Index of requests to a backend's servers (a remote backend's round trips). */
  public static final int REQUESTS = 3;

  /** Index of the bytes a backend's servers sent back (the cells' keys and values). */
  public static final int BYTES_RECEIVED = 4;

  /** How many counts there are. */
  public static final int KINDS = 5;

  private static final ThreadLocal<long[]> COUNTS = ThreadLocal.withInitial(() -> new long[KINDS]);

  private ThreadIo() {}

  /** Adds {@code n} to the current thread's count {@code kind}. */
  public static void add(int kind, long n) {
    COUNTS.get()[kind] += n;
  }

  /** The current thread's counts, live (indexed by the constants above): read, do not write. */
  public static long[] counts() {
    return COUNTS.get();
  }
}
