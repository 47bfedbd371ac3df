package dev.quarry.core.config;

import com.github.benmanes.caffeine.cache.Caffeine;

/**
 * How the caches queries use are built: a Caffeine builder whose upkeep (eviction, the frequency
 * sketch, draining its buffers) runs on the thread that read or wrote. Caffeine's default hands
 * each bout of upkeep to {@code ForkJoinPool.commonPool()}, waking a thread for it: at BSBM 100M
 * with 16 clients on 2 cores that thread took 5-6 % of the server's CPU, and the same upkeep done
 * in place ran 3.5 % more queries (capped at 2 GB; bsbm-driver/results/2026-12-03-cache-upkeep).
 */
public final class Caches {
  private Caches() {}

  /** A new builder for a cache on a query's path. */
  public static Caffeine<Object, Object> builder() {
    return Caffeine.newBuilder().executor(Runnable::run);
  }
}
