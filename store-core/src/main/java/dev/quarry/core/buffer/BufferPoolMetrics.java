package dev.quarry.core.buffer;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToDoubleFunction;

/**
 * The pool's counters. The hot path only adds to {@link LongAdder}s (striped, so threads do not
 * fight over one cache line) and hits to a {@link StripedCounter}; Micrometer reads them when
 * scraped, as {@code quarry.buffer.*}.
 */
public final class BufferPoolMetrics {
  final StripedCounter hits = new StripedCounter(); // every fix: no atomics
  final LongAdder misses = new LongAdder();
  final LongAdder readsSingle = new LongAdder();
  final LongAdder readRequestsBatched = new LongAdder();
  final LongAdder readPagesBatched = new LongAdder();
  final LongAdder bytesRead = new LongAdder();
  final LongAdder writes = new LongAdder();
  final LongAdder bytesWritten = new LongAdder();
  final LongAdder evictions = new LongAdder();
  final LongAdder readAheadIssued = new LongAdder();
  final LongAdder readAheadUsed = new LongAdder();
  final LongAdder readAheadWasted = new LongAdder();
  final LongAdder extentReadAheadSkipped = new LongAdder();
  private final LongAdder[] usedByKind = adders(ReadAheadKind.values().length);
  private final LongAdder[] wastedByKind = adders(ReadAheadKind.values().length);
  final LongAdder latchRestarts = new LongAdder();
  final LongAdder latchWaits = new LongAdder();
  final LongAdder latchWaitNanos = new LongAdder();
  private volatile double warmSeconds = -1; // the start-up warm-up's time, once done
  private final LongAdder warmPages = new LongAdder();
  private final LongAdder warmTermBytes = new LongAdder();

  private static LongAdder[] adders(int n) {
    LongAdder[] a = new LongAdder[n];
    for (int i = 0; i < n; i++) {
      a[i] = new LongAdder();
    }
    return a;
  }

  /** A page read ahead by {@code kind} was used before its eviction. */
  void countUsed(ReadAheadKind kind) {
    readAheadUsed.increment();
    usedByKind[kind.ordinal()].increment();
  }

  /** A page read ahead by {@code kind} was evicted unused. */
  void countWasted(ReadAheadKind kind) {
    readAheadWasted.increment();
    wastedByKind[kind.ordinal()].increment();
  }

  /** Pages read ahead by {@code kind} and used before their eviction, so far. */
  public long readAheadUsed(ReadAheadKind kind) {
    return usedByKind[kind.ordinal()].sum();
  }

  /** Pages read ahead by {@code kind} and evicted unused, so far. */
  public long readAheadWasted(ReadAheadKind kind) {
    return wastedByKind[kind.ordinal()].sum();
  }

  /** The start-up warm-up finished: {@code pages} read in {@code nanos} from the store's open. */
  public void recordWarmUp(long pages, long nanos) {
    warmPages.add(pages);
    warmSeconds = nanos / 1e9;
  }

  /** The start-up warm-up read {@code bytes} of the term file into the OS cache. */
  public void recordTermWarmUp(long bytes) {
    warmTermBytes.add(bytes);
  }

  /** Registers the pool's counters and gauges with {@code registry} (any number of registries). */
  public void bindTo(MeterRegistry registry, BufferPool pool) {
    FunctionCounter.builder("quarry.buffer.hits", hits, StripedCounter::sum)
        .description("page fixes served from the pool")
        .register(registry);
    counter(registry, "misses", "page fixes that had to read the page", misses);
    counter(registry, "reads.single", "single-page reads (demand misses)", readsSingle);
    counter(
        registry, "reads.batched", "multi-page read requests (read-ahead)", readRequestsBatched);
    counter(registry, "reads.batched.pages", "pages read by multi-page requests", readPagesBatched);
    counter(registry, "read.bytes", "bytes read from the page store", bytesRead);
    counter(registry, "writes", "pages written back", writes);
    counter(registry, "write.bytes", "bytes written to the page store", bytesWritten);
    counter(registry, "evictions", "frames taken from one page for another", evictions);
    counter(registry, "readahead.issued", "pages requested by read-ahead", readAheadIssued);
    counter(registry, "readahead.used", "read-ahead pages used before eviction", readAheadUsed);
    counter(registry, "readahead.wasted", "read-ahead pages evicted unused", readAheadWasted);
    counter(
        registry,
        "readahead.extent.skipped",
        "extent read-aheads not made: too few of their pages were used (ExtentBackOff)",
        extentReadAheadSkipped);
    for (ReadAheadKind k : ReadAheadKind.values()) {
      FunctionCounter.builder(
              "quarry.buffer.readahead.kind.used", usedByKind[k.ordinal()], LongAdder::sum)
          .description("read-ahead pages used before eviction, by why they were read")
          .tag("kind", k.label())
          .register(registry);
      FunctionCounter.builder(
              "quarry.buffer.readahead.kind.wasted", wastedByKind[k.ordinal()], LongAdder::sum)
          .description("read-ahead pages evicted unused, by why they were read")
          .tag("kind", k.label())
          .register(registry);
    }
    counter(registry, "latch.restarts", "optimistic reads that had to start over", latchRestarts);
    counter(registry, "latch.waits", "waits for an exclusively latched frame", latchWaits);
    counter(registry, "latch.wait.nanos", "time spent in those waits", latchWaitNanos);
    gauge(registry, "frames", "frames in the pool", pool, p -> p.frameCount());
    counter(registry, "warm.pages", "pages the start-up warm-up read", warmPages);
    counter(
        registry,
        "warm.term.bytes",
        "bytes of the term file the start-up warm-up read (into the OS cache)",
        warmTermBytes);
    gauge(
        registry,
        "warm.seconds",
        "seconds from open until the start-up warm-up was done (-1 before)",
        this,
        m -> m.warmSeconds);
    gauge(registry, "dirty", "dirty frames", pool, p -> p.dirtyCount());
  }

  private static void counter(MeterRegistry r, String name, String help, LongAdder a) {
    FunctionCounter.builder("quarry.buffer." + name, a, LongAdder::sum)
        .description(help)
        .register(r);
  }

  private static <T> void gauge(
      MeterRegistry r, String name, String help, T obj, ToDoubleFunction<T> f) {
    Gauge.builder("quarry.buffer." + name, obj, f).description(help).register(r);
  }

  /** A snapshot, for tests, benchmarks and {@code quarry stats}. */
  public Snapshot snapshot() {
    return new Snapshot(
        hits.sum(),
        misses.sum(),
        readsSingle.sum(),
        readRequestsBatched.sum(),
        readPagesBatched.sum(),
        bytesRead.sum(),
        writes.sum(),
        evictions.sum(),
        readAheadIssued.sum(),
        readAheadUsed.sum(),
        readAheadWasted.sum(),
        latchRestarts.sum(),
        latchWaits.sum());
  }

  /** The counters at one moment. */
  public record Snapshot(
      long hits,
      long misses,
      long readsSingle,
      long readRequestsBatched,
      long readPagesBatched,
      long bytesRead,
      long writes,
      long evictions,
      long readAheadIssued,
      long readAheadUsed,
      long readAheadWasted,
      long latchRestarts,
      long latchWaits) {
    /** Read requests of any kind sent to the page store. */
    public long readRequests() {
      return readsSingle + readRequestsBatched;
    }
  }
}
