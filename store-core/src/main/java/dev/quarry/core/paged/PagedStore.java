package dev.quarry.core.paged;

import dev.quarry.core.CheckReport;
import dev.quarry.core.StorageKind;
import dev.quarry.core.Store;
import dev.quarry.core.StoreDirectory;
import dev.quarry.core.StoreException;
import dev.quarry.core.StoreStats;
import dev.quarry.core.btree.Cursor;
import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.buffer.BufferPoolConfig;
import dev.quarry.core.config.Config;
import dev.quarry.core.dict.Dictionary;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.index.QuadIndexes;
import dev.quarry.core.index.Roots;
import dev.quarry.core.index.Stats;
import dev.quarry.core.index.StatsTrees;
import dev.quarry.core.storage.PageStore;
import dev.quarry.core.storage.PageStores;
import dev.quarry.core.storage.SpaceMap;
import dev.quarry.core.txn.Committed;
import dev.quarry.core.txn.Transactions;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.jena.sparql.core.DatasetGraph;

/**
 * The paged engine behind {@link Store}: a page store, the buffer pool, the space map, the
 * dictionary, the five quad indexes, and copy-on-write transactions, seen through Jena as a {@link
 * QuarryDatasetGraph}.
 */
public final class PagedStore implements Store {
  /** The on-disk format written to the store directory's marker. */
  public static final String FORMAT = "paged-v1";

  private static final String TERMS_FILE = "terms.dat";

  private final StoreDirectory directory; // null for memory
  private final PageStore pages;
  private final BufferPool pool;
  private final SpaceMap space;
  private final Dictionary dictionary;
  private final QuadIndexes indexes;
  private final Transactions txns;
  private final QuarryDatasetGraph dataset;
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(PagedStore.class);
  private final long pagesRecovered;
  private boolean closed;

  private PagedStore(
      StoreDirectory directory,
      PageStore pages,
      BufferPool pool,
      SpaceMap space,
      Dictionary dictionary,
      QuadIndexes indexes,
      Transactions txns,
      boolean unionDefault,
      long pagesRecovered) {
    this.directory = directory;
    this.pagesRecovered = pagesRecovered;
    this.pages = pages;
    this.pool = pool;
    this.space = space;
    this.dictionary = dictionary;
    this.indexes = indexes;
    this.txns = txns;
    this.dataset = new QuarryDatasetGraph(this, unionDefault);
  }

  /** Opens the store the configuration describes (creating it if needed). */
  public static PagedStore open(Config config, MeterRegistry registry) {
    org.apache.jena.sys.JenaSystem.init(); // before any ARQ class: Jena initialises in order
    boolean unionDefault = unionDefault(config); // options are checked before anything is opened
    boolean file = StorageKind.parse(config.getString("store.storage")) == StorageKind.FILE;
    StoreDirectory dir =
        file
            ? StoreDirectory.openOrCreate(Path.of(config.getString("store.location")), FORMAT)
            : null;
    PageStore pages = null;
    BufferPool pool = null;
    Dictionary dict = null;
    try {
      pages = PageStores.open(config);
      pool = BufferPool.open(pages, BufferPoolConfig.from(config), registry);
      SpaceMap space = SpaceMap.load(pages);
      Roots roots = Roots.fromBytes(space.root());
      QuadIndexes indexes = new QuadIndexes(pool);
      dict =
          Dictionary.open(
              file ? Dictionary.fileAt(dir.path().resolve(TERMS_FILE)) : Dictionary.inMemory(),
              roots.termBytes(),
              indexes.tree(Roots.TERM_HASH),
              config.getLong("store.term-cache"));
      Stats stats = StatsTrees.read(indexes, roots.trees());
      long swept = space.persistedClean() ? 0 : PageSweep.run(space, indexes, roots);
      if (swept > 0) {
        space.persist(pages); // the same roots; the map without the leaked pages
        LOG.info(
            "recovered {} pages that no committed tree reaches (left by a process that stopped"
                + " before freeing them)",
            swept);
      }
      Committed initial = new Committed(roots, stats, space.generation());
      Transactions txns =
          new Transactions(
              pages,
              pool,
              space,
              dict,
              indexes,
              initial,
              config.getDuration("store.writer-timeout"));
      return new PagedStore(dir, pages, pool, space, dict, indexes, txns, unionDefault, swept);
    } catch (IOException | RuntimeException e) {
      closeQuietly(dict, pool, pages, dir);
      if (e instanceof StoreException se) {
        throw se;
      }
      throw new StoreException("cannot open the store: " + e.getMessage(), e);
    }
  }

  public static PagedStore open(Config config) {
    return open(config, new SimpleMeterRegistry());
  }

  private static boolean unionDefault(Config config) {
    return switch (config
        .getString("store.default-graph")
        .trim()
        .toLowerCase(java.util.Locale.ROOT)) {
      case "default" -> false;
      case "union" -> true;
      default ->
          throw new dev.quarry.core.config.ConfigException(
              "option 'store.default-graph' must be default or union, got '"
                  + config.getString("store.default-graph")
                  + "'");
    };
  }

  @Override
  public BulkLoad bulkLoad() {
    return new PagedBulkLoad(this);
  }

  /** Pages the sweep at open found leaked (by a process that died) and freed. */
  public long pagesRecoveredAtOpen() {
    return pagesRecovered;
  }

  Transactions transactions() {
    return txns;
  }

  Dictionary dictionary() {
    return dictionary;
  }

  QuadIndexes indexes() {
    return indexes;
  }

  SpaceMap space() {
    return space;
  }

  public BufferPool pool() {
    return pool;
  }

  @Override
  public DatasetGraph dataset() {
    return dataset;
  }

  @Override
  public String backend() {
    return "paged (" + pages.describe() + ", " + pool.frameCount() + " buffers)";
  }

  @Override
  public Optional<Path> location() {
    return directory == null ? Optional.empty() : Optional.of(directory.path());
  }

  @Override
  public StoreStats stats() {
    Committed c = txns.current();
    long graphs = c.stats().graphIds().stream().filter(g -> g != NodeIds.DEFAULT_GRAPH).count();
    long terms = countTerms(c);
    long bytes = directory != null ? directory.bytesOnDisk() : pages.bytes();
    return new StoreStats(c.stats().quads(), graphs, terms, bytes);
  }

  /** Distinct terms in use: subjects (GS), predicates, objects (OP), graphs; by the projections. */
  private long countTerms(Committed c) {
    java.util.HashSet<Long> seen = new java.util.HashSet<>();
    for (int t : new int[] {Roots.SP, Roots.OP, Roots.GS}) {
      try (Cursor cur =
          indexes.tree(t).scan(c.roots().root(t), new long[2], new long[] {-1L, -1L})) {
        while (cur.next()) {
          seen.add(cur.get(0));
          seen.add(cur.get(1));
        }
      }
    }
    return seen.size();
  }

  /**
   * Checks that the indexes agree: every quad of PSOG is in POGS and has its projections, the
   * counts match, and the statistics match a recount.
   */
  @Override
  public CheckReport check() {
    return new IndexCheck(this).run();
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    closeQuietly(txns::close, dictionary, pool, pages, directory);
  }

  private static void closeQuietly(AutoCloseable... things) {
    List<Exception> errors = new ArrayList<>();
    for (AutoCloseable t : things) {
      if (t != null) {
        try {
          t.close();
        } catch (Exception e) {
          errors.add(e);
        }
      }
    }
    if (!errors.isEmpty()) {
      throw new StoreException("closing the store: " + errors.get(0).getMessage(), errors.get(0));
    }
  }
}
