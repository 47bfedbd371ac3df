package dev.quarry.accumulo;

import dev.quarry.core.storage.ThreadIo;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

/**
 * Requests to the Accumulo instance, by kind: what a query costs on this backend, where the paged
 * engine's cost is pages. Exposed as {@code quarry_accumulo_requests_total{kind}} and {@code
 * quarry_accumulo_received_bytes_total} (the cells' keys and values the servers sent back, without
 * the RPC's framing), and per operator in explain (through {@link ThreadIo}).
 */
final class RoundTrips {
  enum Kind {
    /** A range read in order (a pattern, a point read, the statistics). */
    SCAN,
    /** Many ranges at once, in parallel across tablet servers (lookups, terms, counts). */
    BATCH_SCAN,
    /** A batch of mutations sent and flushed. */
    WRITE,
    /** A read or conditional write of the transaction record. */
    TXN
  }

  private final LongAdder[] counts = new LongAdder[Kind.values().length];

  /**
   * Look-ups in the state caches ({@link ReadCache}) that found what they asked, and that did not.
   */
  final LongAdder cacheHits = new LongAdder();

  final LongAdder cacheMisses = new LongAdder();

  private final LongAdder received = new LongAdder();

  RoundTrips() {
    for (int i = 0; i < counts.length; i++) {
      counts[i] = new LongAdder();
    }
  }

  void count(Kind k) {
    counts[k.ordinal()].increment();
    ThreadIo.add(ThreadIo.REQUESTS, 1); // explain shows them per operator
  }

  /** {@code cells}, counting the bytes of each cell as it is read. */
  Iterable<Map.Entry<Key, Value>> counted(Iterable<Map.Entry<Key, Value>> cells) {
    return () -> counted(cells.iterator());
  }

  /** {@code cells}, counting the bytes of each cell as it is read. */
  Iterator<Map.Entry<Key, Value>> counted(Iterator<Map.Entry<Key, Value>> cells) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return cells.hasNext();
      }

      @Override
      public Map.Entry<Key, Value> next() {
        Map.Entry<Key, Value> e = cells.next();
        long n = e.getKey().getSize() + e.getValue().getSize();
        received.add(n);
        ThreadIo.add(ThreadIo.BYTES_RECEIVED, n);
        return e;
      }
    };
  }

  long received() {
    return received.sum();
  }

  long get(Kind k) {
    return counts[k.ordinal()].sum();
  }

  void bindTo(MeterRegistry registry) {
    for (Kind k : Kind.values()) {
      FunctionCounter.builder("quarry.accumulo.requests", this, t -> t.get(k))
          .description("Requests to the Accumulo instance")
          .tag("kind", k.name().toLowerCase(Locale.ROOT))
          .register(registry);
    }
    FunctionCounter.builder("quarry.accumulo.received", received, LongAdder::sum)
        .description("Bytes of cells the Accumulo instance sent back (keys and values)")
        .baseUnit("bytes")
        .register(registry);
    FunctionCounter.builder("quarry.accumulo.read.cache", cacheHits, LongAdder::sum)
        .description("Look-ups in the Accumulo backend's cache of a committed state's reads")
        .tag("result", "hit")
        .register(registry);
    FunctionCounter.builder("quarry.accumulo.read.cache", cacheMisses, LongAdder::sum)
        .description("Look-ups in the Accumulo backend's cache of a committed state's reads")
        .tag("result", "miss")
        .register(registry);
  }
}
