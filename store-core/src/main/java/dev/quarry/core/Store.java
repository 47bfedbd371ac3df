package dev.quarry.core;

import dev.quarry.core.index.spi.QuadBackend;
import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.query.Explain;
import dev.quarry.core.query.QuarryOpExecutor;
import dev.quarry.core.query.memory.QueryMemory;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExecBuilder;
import org.apache.jena.sparql.util.Symbol;

/**
 * A Quarry store: the one interface everything above store-core (loader, server, benchmarks, tests)
 * uses. Which backend sits behind it is a matter of configuration; see {@link Quarry#open}.
 *
 * <p>Lifecycle: obtained from {@link Quarry}, used from any number of threads, then closed once.
 * All access to the data goes through {@link #dataset()} inside Jena transactions: any number of
 * readers, one writer at a time; readers see only committed data. Closing a persistent store makes
 * everything committed durable and leaves nothing to recover; closing twice is harmless.
 */
public interface Store extends AutoCloseable {
  /**
   * Query context setting: the IRI (a String or Node) of the graph whose RDFS subclass and
   * subproperty rules a query on this store infers with, e.g. {@code
   * QueryExec.dataset(store.dataset()).query(q).set(Store.INFERENCE, "http://ex/onto")}.
   */
  Symbol INFERENCE = QuarryOpExecutor.INFERENCE;

  /**
   * Query context setting: the {@link QueryMemory} a query's sorts, DISTINCT, groups and joins hold
   * their rows in, spilling to disk beyond it, e.g. {@code .set(Store.QUERY_MEMORY, pool.open(256L
   * << 20))} with a {@link dev.quarry.core.query.memory.MemoryPool} of the application's; close it
   * when the query is done. Without it a query draws on a pool of half the heap, at most a quarter
   * of that each.
   */
  Symbol QUERY_MEMORY = QueryMemory.CONTEXT;

  /** The data as a transactional Jena dataset. The same object for the life of the store. */
  DatasetGraph dataset();

  /** What the backend is, for people: e.g. {@code "journaled-memory (interim)"}. */
  String backend();

  /** The store's directory, if it is persistent. */
  Optional<Path> location();

  /** Counts of what the store holds (quads, graphs, terms, bytes on disk). */
  StoreStats stats();

  /**
   * Starts a bulk load: quads added to it become visible all at once when it commits, or never. One
   * write transaction; the store may build its indexes in bulk rather than quad by quad. The
   * default goes through {@link #dataset()}.
   */
  default BulkLoad bulkLoad() {
    DatasetGraph dsg = dataset();
    dsg.begin(ReadWrite.WRITE);
    return new BulkLoad() {
      private long added;
      private boolean done;

      @Override
      public void add(Quad quad) {
        dsg.add(quad);
        added++;
      }

      @Override
      public long commit() {
        done = true;
        dsg.commit();
        dsg.end();
        return added;
      }

      @Override
      public void abort() {
        if (!done) {
          done = true;
          dsg.abort();
          dsg.end();
        }
      }
    };
  }

  /**
   * Starts an atomic bulk load that may use {@code options}' memory and threads; stores without a
   * bulk path of their own ignore them.
   */
  default BulkLoad bulkLoad(BulkOptions options) {
    return bulkLoad();
  }

  /**
   * What a bulk load may use: {@code memoryBytes} of heap for the quads and new terms it holds
   * before it writes sorted runs to disk, and {@code threads} to encode and sort with.
   */
  record BulkOptions(long memoryBytes, int threads) {
    public BulkOptions {
      if (memoryBytes < 1 << 20) {
        throw new IllegalArgumentException("a load needs at least 1 MB of memory: " + memoryBytes);
      }
      if (threads < 1) {
        throw new IllegalArgumentException("a load needs at least one thread: " + threads);
      }
    }

    /** Half the heap and every core. */
    public static BulkOptions defaults() {
      return new BulkOptions(
          Runtime.getRuntime().maxMemory() / 2, Runtime.getRuntime().availableProcessors());
    }
  }

  /** An atomic bulk load in progress. Close without commit to abort. */
  interface BulkLoad extends AutoCloseable {
    void add(Quad quad);

    /**
     * Adds quads; unlike {@link #add}, several threads may call this at once (each with batches of
     * its own), so a loader can parse and encode on every core. The default adds one at a time.
     */
    default void addAll(List<Quad> quads) {
      synchronized (this) {
        for (Quad q : quads) {
          add(q);
        }
      }
    }

    /** The time each phase of the commit took (sorting, building, statistics ...), once done. */
    default Map<String, Duration> phases() {
      return Map.of();
    }

    /** Bytes of sorted runs the load has written to disk so far (0 while it fits in memory). */
    default long spilledBytes() {
      return 0;
    }

    /** Makes everything added durable and visible; returns the quads offered. */
    long commit();

    void abort();

    @Override
    default void close() {
      abort();
    }
  }

  /**
   * Runs the query {@code exec} builds (on this store's dataset, in a read transaction) to its end
   * and says how it ran: the parts on Quarry's id executor with estimated and actual rows, and
   * ARQ's algebra around them.
   */
  default String explain(QueryExecBuilder exec) {
    return Explain.run(exec);
  }

  /**
   * Registers the store's meters (buffer pool, executor) with {@code registry}, e.g. the registry a
   * server exposes; a store may be bound to several.
   */
  default void bindTo(MeterRegistry registry) {}

  /**
   * The store's quads through the index SPI: snapshot reads and the one writer, on ids. For
   * adapters of other APIs (the RDF4J Sail), which need transactions not bound to a thread.
   */
  default QuadBackend quadBackend() {
    throw new UnsupportedOperationException(backend() + " offers no index SPI");
  }

  /**
   * A Jena dataset every read of which, from any thread, reads {@code view} (a view of {@link
   * #quadBackend()}, which stays its owner's to end): queries on it run with Quarry's executor, as
   * on {@link #dataset()}. With {@code unionDefault}, the default graph of queries is the union of
   * all graphs (RDF4J's default dataset), else the store's own default graph.
   */
  default DatasetGraph datasetOn(QuadView view, boolean unionDefault) {
    throw new UnsupportedOperationException(backend() + " offers no index SPI");
  }

  /**
   * Drops what no reader can see any more, where a backend keeps it until asked (the Accumulo
   * backend keeps every version of a cell); readers and the writer go on meanwhile. Returns what
   * was done, for people.
   *
   * @throws UnsupportedOperationException if the backend reclaims space as it writes (the paged
   *     store frees a page once no reader needs it)
   */
  default String compact() {
    throw new UnsupportedOperationException(
        backend() + " reclaims space as it writes: there is nothing to compact");
  }

  /** Checks the store's integrity; {@link CheckReport#sound()} is true only if nothing is wrong. */
  CheckReport check();

  /**
   * Streams a physical backup ({@link Backup}) of the state committed now to {@code out}, from a
   * read snapshot: queries and writes go on meanwhile. With {@code since} (the manifest of an
   * earlier backup of this store) only what changed after it; null for a full backup.
   *
   * @throws UnsupportedOperationException if this store cannot (a memory store)
   * @throws IllegalArgumentException if {@code since} is not an earlier backup of this store
   */
  default Backup.Summary backup(OutputStream out, Backup.Manifest since, String sinceName)
      throws IOException {
    throw new UnsupportedOperationException(backend() + " takes no physical backups");
  }

  @Override
  void close();
}
