package dev.quarry.accumulo;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.List;

/**
 * What the readers of one committed state have read, shared by every reader of that state in this
 * server: whole subjects ({@link SubjectRows}), the quads of patterns an estimate found few of, and
 * estimates. A committed state never changes, so nothing here is ever stale for it; a commit (by
 * any server) makes a new state, whose first reader starts a new cache, and the old one is dropped.
 * It is the Accumulo backend's buffer pool: a request to a tablet server costs milliseconds, a hit
 * here microseconds. Bounded by weight ({@code store.accumulo.read-cache}).
 */
final class ReadCache {
  /** A subject known to have more than {@link SubjectRows#CAP} quads. */
  static final long[][] BIG = new long[0][];

  private static final int QUAD_BYTES = 4 * 8 + 16 + 8; // the array, its header, the reference

  final long txn;
  private final Cache<Object, long[][]> rows; // Long subject, or List<Long> pattern
  private final Cache<List<Long>, Long> estimates;

  private final RoundTrips counts;
  private final long maxBytes;

  ReadCache(long txn, long maxBytes, RoundTrips counts) {
    this.txn = txn;
    this.counts = counts;
    this.maxBytes = maxBytes;
    this.rows =
        Caffeine.newBuilder()
            .maximumWeight(maxBytes)
            .weigher((Object k, long[][] v) -> 64 + v.length * QUAD_BYTES)
            .build();
    this.estimates = Caffeine.newBuilder().maximumSize(Math.max(1024, maxBytes / 4096)).build();
  }

  /** True if the cache holds nine tenths of what it may. */
  boolean nearlyFull() {
    rows.cleanUp(); // the weight counts pending writes only after maintenance
    return rows.policy().eviction().orElseThrow().weightedSize().orElse(0) >= maxBytes / 10 * 9;
  }

  long[][] subject(long s) {
    return counted(rows.getIfPresent(s));
  }

  private <T> T counted(T found) {
    (found != null ? counts.cacheHits : counts.cacheMisses).increment();
    return found;
  }

  void putSubject(long s, long[][] quads) {
    rows.put(s, quads);
  }

  long[][] pattern(List<Long> gspo) {
    return counted(rows.getIfPresent(gspo));
  }

  void putPattern(List<Long> gspo, long[][] quads) {
    rows.put(gspo, quads);
  }

  Long estimate(List<Long> gspo) {
    return counted(estimates.getIfPresent(gspo));
  }

  void putEstimate(List<Long> gspo, long e) {
    estimates.put(gspo, e);
  }
}
