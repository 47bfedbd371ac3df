package dev.quarry.core.query.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * The threads that help one query scan in parallel: one per core beyond the first (the query's own
 * thread works too), shared by every query, daemons. A query hands out parts by number from one
 * counter, so a thread that finishes a part takes the next: large parts first balances them.
 */
final class ScanWorkers {
  /** How many threads may work on one scan: the cores. */
  static final int CORES = Runtime.getRuntime().availableProcessors();

  private static final AtomicInteger NAMES = new AtomicInteger();
  private static final ExecutorService HELPERS =
      Executors.newFixedThreadPool(
          Math.max(1, CORES - 1),
          r -> {
            Thread t = new Thread(r, "quarry-scan-" + NAMES.incrementAndGet());
            t.setDaemon(true);
            return t;
          });

  private ScanWorkers() {}

  /**
   * Runs {@code work} for worker 0 .. threads-1, worker 0 on this thread, the rest on helpers; each
   * worker takes part numbers from {@code next} until they run out. Returns when all are done; the
   * first failure is thrown (the others stop at their next check of {@code stop}).
   */
  static void run(int threads, IntConsumer work) {
    List<Future<?>> helpers = new ArrayList<>();
    for (int w = 1; w < threads; w++) {
      int worker = w;
      helpers.add(HELPERS.submit(() -> work.accept(worker)));
    }
    RuntimeException failed = null;
    try {
      work.accept(0);
    } catch (RuntimeException e) {
      failed = e;
    }
    for (Future<?> f : helpers) {
      try {
        f.get();
      } catch (ExecutionException e) {
        if (failed == null) {
          failed =
              e.getCause() instanceof RuntimeException r
                  ? r
                  : new IllegalStateException(e.getCause());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        failed = failed != null ? failed : new IllegalStateException("interrupted", e);
      }
    }
    if (failed != null) {
      throw failed;
    }
  }
}
