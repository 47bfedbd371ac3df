package dev.quarry.core.query.plan;

import com.github.benmanes.caffeine.cache.Cache;
import dev.quarry.core.config.Caches;
import dev.quarry.core.index.spi.QuadView;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.util.Symbol;

/**
 * The planner's pattern counts, kept for the commit they were made on: queries of one template ask
 * for the same counts (a product's twelve properties, BSBM Q2), and each is a descent of an index.
 * A commit makes a new generation, so a count is never read for a state it was not made on; a
 * writer's own state (generation -1) is counted afresh.
 */
public final class KeptCounts {
  /** Context key of a dataset's counts (set by its executor factory). */
  public static final Symbol CONTEXT = Symbol.create("https://quarry.dev/ns#keptCounts");

  /** Diagnostic switch for A/B runs: {@code quarry.exec.kept-counts=false}. */
  private static final boolean ON = !"false".equals(System.getProperty("quarry.exec.kept-counts"));

  private record Key(long generation, long g, long s, long p, long o) {}

  private final Cache<Key, Long> counts;

  /** At most {@code max} counts, the least recently used going first. */
  public KeptCounts(long max) {
    counts = Caches.builder().maximumSize(max).build();
  }

  /** The counts of the query {@code cxt} runs, or null if it has none (or no context). */
  static KeptCounts of(ExecutionContext cxt) {
    return ON && cxt != null && cxt.getContext().get(CONTEXT) instanceof KeptCounts k ? k : null;
  }

  /** {@link QuadView#estimate} at the commit {@code view} reads, made once per commit. */
  long estimate(QuadView view, long g, long s, long p, long o) {
    long generation = view.generation();
    if (generation < 0) {
      return view.estimate(g, s, p, o);
    }
    Key k = new Key(generation, g, s, p, o);
    Long n = counts.getIfPresent(k);
    if (n == null) {
      n = view.estimate(g, s, p, o);
      counts.put(k, n);
    }
    return n;
  }

  /** How many counts are kept (for tests). */
  long size() {
    counts.cleanUp();
    return counts.estimatedSize();
  }
}
