package dev.quarry.accumulo;

import dev.quarry.core.CheckReport;
import dev.quarry.core.QuadBackendStore;
import dev.quarry.core.StoreStats;
import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.index.spi.ReadView;
import dev.quarry.core.storage.StoreException;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.apache.accumulo.core.client.Accumulo;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.admin.DiskUsage;
import org.apache.jena.sys.JenaSystem;

/**
 * A Quarry store whose quads, terms and statistics are tables in an Apache Accumulo instance
 * ({@code store.storage: accumulo}): the same executor, explain, inference and limits as the paged
 * engine, through the same index SPI. Stateless: any number of Quarry servers may open the same
 * tables; each reads what the others committed.
 */
public final class AccumuloStore extends QuadBackendStore {
  private final AccumuloSettings settings;
  private final AccumuloClient client;
  private final AccumuloBackend backend;
  private boolean closed;
  private CompletableFuture<Long> warmUp; // null: not asked for (one-shot commands, tests)

  private AccumuloStore(AccumuloSettings settings, AccumuloClient client, AccumuloBackend backend) {
    super(backend, settings.unionDefault());
    this.settings = settings;
    this.client = client;
    this.backend = backend;
  }

  /** Opens the store the configuration describes, making its tables if the instance lacks them. */
  public static AccumuloStore open(Config config) {
    JenaSystem.init(); // before any ARQ class: Jena initialises in order
    if (config.getBoolean("text.enabled")) {
      throw new ConfigException(
          "text.enabled: full-text search is not supported on the Accumulo backend (docs/TEXT.md)");
    }
    AccumuloSettings s = AccumuloSettings.from(config);
    AccumuloClient client = connect(s);
    try {
      Tables tables = new Tables(s.tablePrefix());
      if (!tables.exist(client)) {
        tables.create(client);
      }
      tables.requireServerIterators(client);
      AccumuloBackend backend =
          new AccumuloBackend(
              client,
              tables,
              s.scanThreads(),
              s.termCache(),
              s.readCache(),
              s.writerLease(),
              s.writerTimeout());
      AccumuloStore store = new AccumuloStore(s, client, backend);
      if (s.warmUp()) {
        store.warmUp = ReadCacheWarmUp.start(backend);
      }
      return store;
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
  }

  /**
   * The read cache's warm-up: completes with the subjects it cached (null if none was asked for).
   */
  CompletableFuture<Long> warmUp() {
    return warmUp;
  }

  /** True if the instance holds the store's tables. */
  static boolean exists(Config config) {
    AccumuloSettings s = AccumuloSettings.from(config);
    try (AccumuloClient client = connect(s)) {
      return new Tables(s.tablePrefix()).exist(client);
    }
  }

  private static AccumuloClient connect(AccumuloSettings s) {
    try {
      return Accumulo.newClient()
          .to(s.instance(), s.zookeepers())
          .as(s.user(), s.password())
          .build();
    } catch (RuntimeException e) {
      throw new StoreException(
          "cannot connect to Accumulo instance '"
              + s.instance()
              + "' at "
              + s.zookeepers()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  @Override
  public String backend() {
    return "accumulo (instance "
        + settings.instance()
        + " at "
        + settings.zookeepers()
        + ", tables "
        + settings.tablePrefix()
        + "*)";
  }

  @Override
  public Optional<Path> location() {
    return Optional.empty();
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    super.bindTo(registry);
    backend.trips.bindTo(registry);
  }

  /**
   * The figures from the statistics, without reading quads: {@code terms} is the dictionary's size
   * (the terms committed transactions gave ids), which also counts terms no quad holds any more, as
   * counting the terms in use would read every quad.
   */
  @Override
  public StoreStats stats() {
    ReadView r = backend.beginRead();
    try {
      long graphs = 0;
      for (long g : r.graphs()) {
        if (g != NodeIds.DEFAULT_GRAPH) {
          graphs++;
        }
      }
      long terms = ((AccumuloReadView) r).stats().terms;
      return new StoreStats(r.quads(), graphs, terms, bytesOnDisk());
    } finally {
      r.end();
    }
  }

  private long bytesOnDisk() {
    try {
      long bytes = 0;
      for (DiskUsage u :
          client.tableOperations().getDiskUsage(new HashSet<>(backend.tables.all()))) {
        bytes += u.getUsage();
      }
      return bytes;
    } catch (Exception e) {
      return 0; // not known (the instance does not say): not worth failing the figures for
    }
  }

  /**
   * Reads every quad table whole at one committed state, in memory that does not grow with the
   * store ({@link AccumuloCheck}): each must hold the same quads, and the statistics must equal a
   * recount.
   */
  @Override
  public CheckReport check() {
    AccumuloReadView r = (AccumuloReadView) backend.beginRead();
    try {
      return AccumuloCheck.run(r);
    } finally {
      r.end();
    }
  }

  /**
   * Compacts every table of the store, dropping the cells of aborted transactions and the versions
   * no reader of any server can see ({@link Compaction}).
   */
  @Override
  public String compact() {
    return Compaction.run(backend).toString();
  }

  @Override
  public BulkLoad bulkLoad() {
    return bulkLoad(BulkOptions.defaults());
  }

  /** A load that holds at most {@code options.memoryBytes()} (into an empty store: see there). */
  @Override
  public BulkLoad bulkLoad(BulkOptions options) {
    return new AccumuloBulkLoad(
        (AccumuloWriteView) backend.beginWrite(),
        settings.bulkDir(),
        settings.tabletsPerIndex(),
        options);
  }

  /** The store's tables (for tests and tools of this package). */
  Tables tables() {
    return backend.tables;
  }

  AccumuloClient client() {
    return client;
  }

  /** Deletes the store's tables from the instance (for tests and for `drop`). */
  public void drop() {
    backend.tables.drop(client);
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    backend.close();
    client.close();
  }
}
