package dev.quarry.core.engine;

import static java.util.stream.Collectors.joining;

import dev.quarry.core.Backup;
import dev.quarry.core.CheckReport;
import dev.quarry.core.QuadBackendStore;
import dev.quarry.core.Store;
import dev.quarry.core.StoreStats;
import dev.quarry.core.btree.BTree;
import dev.quarry.core.btree.Cursor;
import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.buffer.BufferPoolConfig;
import dev.quarry.core.config.Config;
import dev.quarry.core.config.ConfigException;
import dev.quarry.core.dict.Dictionary;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.index.QuadIndexes;
import dev.quarry.core.index.QuadOrder;
import dev.quarry.core.index.Stats;
import dev.quarry.core.index.StatsTrees;
import dev.quarry.core.index.spi.LanguageCoverage;
import dev.quarry.core.storage.PageStore;
import dev.quarry.core.storage.PageStores;
import dev.quarry.core.storage.Pages;
import dev.quarry.core.storage.SpaceMap;
import dev.quarry.core.storage.StorageKind;
import dev.quarry.core.storage.StoreDirectory;
import dev.quarry.core.storage.StoreException;
import dev.quarry.core.storage.StoreFormats;
import dev.quarry.core.text.TextIndex;
import dev.quarry.core.text.TextSettings;
import dev.quarry.core.txn.RootCatalog;
import dev.quarry.core.txn.Snapshot;
import dev.quarry.core.txn.Transactions;
import dev.quarry.core.txn.TxnKey;
import dev.quarry.core.txn.TxnParticipant;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.jena.sys.JenaSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The paged engine behind {@link Store}: a page store, the buffer pool, the space map, and the
 * transaction layer, with the dictionary, the quad indexes and the statistics in its root slots
 * ({@link Layout}); seen through Jena ({@link QuadBackendStore}) over the index SPI ({@link
 * PagedBackend}).
 */
public final class PagedStore extends QuadBackendStore {
  /** The on-disk format written to the store directory's marker. */
  public static final String FORMAT = StoreFormats.CURRENT;

  static final String TERMS_FILE = "terms.dat";

  /** Files derived from committed states, made again if deleted (orders for top-k walks). */
  static final String DERIVED_DIR = "derived";

  static final String TEXT_DIR = "text";
  private static final Logger LOG = LoggerFactory.getLogger(PagedStore.class);

  private final StoreDirectory directory; // null for memory
  private final PageStore pages;
  private final BufferPool pool;
  private final SpaceMap space;
  private final PagedBackend engine;
  private final long pagesRecovered;
  private final BackupWriter backups;
  private PoolWarmUp warmUp; // null: not asked for
  private boolean closed;

  private PagedStore(
      StoreDirectory directory,
      PageStore pages,
      BufferPool pool,
      SpaceMap space,
      PagedBackend engine,
      boolean unionDefault,
      long pagesRecovered,
      BackupWriter backups) {
    super(engine, unionDefault);
    this.directory = directory;
    this.space = space;
    this.pages = pages;
    this.pool = pool;
    this.engine = engine;
    this.pagesRecovered = pagesRecovered;
    this.backups = backups;
  }

  /** Opens the store the configuration describes (creating it if needed). */
  public static PagedStore open(Config config, MeterRegistry registry) {
    JenaSystem.init(); // before any ARQ class: Jena initialises in order
    long openedAt = System.nanoTime();
    boolean unionDefault = unionDefault(config); // options are checked before anything is opened
    boolean file = StorageKind.parse(config.getString("store.storage")) == StorageKind.FILE;
    StoreDirectory dir =
        file
            ? StoreDirectory.openOrCreate(Path.of(config.getString("store.location")), FORMAT, true)
            : null;
    TextSettings textSettings = TextSettings.from(config);
    PageStore pages = null;
    BufferPool pool = null;
    Dictionary dict = null;
    TextIndex text = null;
    try {
      BufferPoolConfig poolConfig = BufferPoolConfig.from(config);
      pages = PageStores.open(config, (long) poolConfig.frames() * Pages.PAGE_SIZE);
      pool = BufferPool.open(pages, poolConfig, registry);
      SpaceMap space = SpaceMap.load(pages);
      RootCatalog roots = RootCatalog.fromBytes(space.root(), Layout.SLOTS);
      QuadIndexes indexes = new QuadIndexes(pool, Layout.FIRST_INDEX_OWNER, roots);
      StatsTrees statsTrees =
          new StatsTrees(
              pool, Layout.PREDICATE_STATS_OWNER, Layout.GRAPH_STATS_OWNER, roots, indexes);
      BTree termHash = new BTree(pool, 3, Layout.TERM_HASH_OWNER);
      Snapshot bare = new Snapshot(roots, space.generation(), Map.of());
      dict =
          Dictionary.open(
              file ? Dictionary.fileAt(dir.path().resolve(TERMS_FILE)) : Dictionary.inMemory(),
              bare,
              termHash,
              config.getLong("store.term-cache"));
      Stats stats = statsTrees.load(roots.values());
      List<Layout.Tree> trees = trees(indexes, statsTrees, termHash, roots);
      long swept = space.persistedClean() ? 0 : PageSweep.run(space, trees, roots);
      if (swept > 0) {
        space.persist(pages); // the same roots; the map without the leaked pages
        LOG.info(
            "recovered {} pages that no committed tree reaches (left by a process that stopped"
                + " before freeing them)",
            swept);
      }
      Map<TxnKey<?>, Object> published = new HashMap<>(Map.of(statsTrees.key(), stats));
      List<TxnParticipant> participants = new ArrayList<>(List.of(dict, statsTrees));
      text = openText(textSettings, dir, roots, bare, indexes, dict);
      if (text != null) {
        published.put(text.key(), text.initial());
        participants.add(text);
      }
      Snapshot initial = new Snapshot(roots, space.generation(), published);
      Transactions txns =
          new Transactions(
              pages,
              pool,
              space,
              participants,
              initial,
              config.getDuration("store.writer-timeout"));
      boolean languageIdsAll = dir == null || dir.languageIdsAll();
      PagedBackend engine =
          new PagedBackend(
              txns,
              indexes,
              statsTrees,
              dict,
              text,
              file ? dir.path().resolve(DERIVED_DIR) : null,
              languageIdsAll ? LanguageCoverage.ALL : LanguageCoverage.SINCE_UPGRADE);
      BackupWriter backups =
          new BackupWriter(
              txns, pages, space, dict, trees, roots.slot(Dictionary.LENGTH_SLOT), languageIdsAll);
      PagedStore store =
          new PagedStore(dir, pages, pool, space, engine, unionDefault, swept, backups);
      if (file && config.getBoolean("store.warm-up")) {
        store.warmUp = PoolWarmUp.start(pool, space, txns, trees, dir.path(), openedAt);
      }
      return store;
    } catch (IOException | RuntimeException e) {
      closeQuietly(text, dict, pool, pages, dir);
      if (e instanceof StoreException se) {
        throw se;
      }
      throw new StoreException("cannot open the store: " + e.getMessage(), e);
    }
  }

  public static PagedStore open(Config config) {
    return open(config, new SimpleMeterRegistry());
  }

  /**
   * The text index (in the store directory's {@code text/}), built if the committed state has none
   * that matches it; null if text search is off. A store that has an index keeps it up to date
   * whatever the options say (a command run without them must not leave it behind the store): to
   * turn it off for good, remove {@code text/} while the store is closed.
   */
  private static TextIndex openText(
      TextSettings settings,
      StoreDirectory dir,
      RootCatalog roots,
      Snapshot committed,
      QuadIndexes indexes,
      Dictionary dict)
      throws IOException {
    Path path = dir == null ? null : dir.path().resolve(TEXT_DIR);
    if (!settings.enabled() && (path == null || !Files.isDirectory(path))) {
      return null;
    }
    long[] committedRoots = roots.values();
    return TextIndex.open(
        path,
        settings,
        roots,
        committed,
        new EngineTextSource(indexes, committedRoots, dict, null, dict.hashRoot(committed)),
        w -> new EngineTextSource(indexes, w.roots(), dict, dict.writes(w), -1));
  }

  /** Every tree of the engine with its root slot. */
  private static List<Layout.Tree> trees(
      QuadIndexes ix, StatsTrees st, BTree termHash, RootCatalog roots) {
    List<Layout.Tree> all = new ArrayList<>();
    for (QuadOrder o : QuadOrder.values()) {
      all.add(new Layout.Tree(ix.tree(o), ix.slot(o)));
    }
    all.add(new Layout.Tree(termHash, roots.slot(Dictionary.HASH_SLOT)));
    all.add(new Layout.Tree(st.predicateTree(), roots.slot(StatsTrees.PREDICATES)));
    all.add(new Layout.Tree(st.graphTree(), roots.slot(StatsTrees.GRAPHS)));
    return all;
  }

  private static boolean unionDefault(Config config) {
    String v = config.getString("store.default-graph");
    return switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "default" -> false;
      case "union" -> true;
      default ->
          throw new ConfigException(
              "option 'store.default-graph' must be default or union, got '" + v + "'");
    };
  }

  @Override
  public BulkLoad bulkLoad() {
    return bulkLoad(BulkOptions.defaults());
  }

  @Override
  public BulkLoad bulkLoad(BulkOptions options) {
    Path spill =
        directory != null
            ? directory.path().resolve("tmp").resolve("load")
            : Path.of(System.getProperty("java.io.tmpdir"))
                .resolve("quarry-load-" + ProcessHandle.current().pid());
    return new PagedBulkLoad(engine, options, spill);
  }

  /** Pages the sweep at open found leaked (by a process that died) and freed. */
  public long pagesRecoveredAtOpen() {
    return pagesRecovered;
  }

  /** The engine's parts, for tests and benchmarks in this package. */
  PagedBackend engine() {
    return engine;
  }

  Transactions transactions() {
    return engine.txns();
  }

  QuadIndexes indexes() {
    return engine.indexes();
  }

  StatsTrees statsTrees() {
    return engine.statsTrees();
  }

  Dictionary dictionary() {
    return engine.dictionary();
  }

  SpaceMap space() {
    return space;
  }

  BufferPool pool() {
    return pool;
  }

  @Override
  public String backend() {
    String languages =
        engine.languageIds() == LanguageCoverage.ALL
            ? ""
            : "; literals from before the upgrade to paged-v3 lack their language in their ids";
    return "paged ("
        + pages.describe()
        + ", "
        + pool.frameCount()
        + " buffers"
        + languages
        + engine.dictionary().olderRules().stream().map(r -> "; " + r).collect(joining())
        + ")";
  }

  @Override
  public Optional<Path> location() {
    return directory == null ? Optional.empty() : Optional.of(directory.path());
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    pool.metrics().bindTo(registry, pool);
    engine.dictionary().bindTo(registry);
    super.bindTo(registry);
  }

  @Override
  public StoreStats stats() {
    Snapshot c = engine.txns().current();
    Stats stats = engine.statsTrees().read(c);
    long graphs = stats.graphIds().stream().filter(g -> g != NodeIds.DEFAULT_GRAPH).count();
    long terms = countTerms(c.roots().values());
    long bytes = directory != null ? directory.bytesOnDisk() : pages.bytes();
    return new StoreStats(stats.quads(), graphs, terms, bytes);
  }

  /** Distinct terms in use: subjects (GS), predicates, objects (OP), graphs; by the projections. */
  private long countTerms(long[] roots) {
    Set<Long> seen = new HashSet<>();
    for (QuadOrder o : new QuadOrder[] {QuadOrder.SP, QuadOrder.OP, QuadOrder.GS}) {
      try (Cursor cur = engine.indexes().scan(roots, o, new long[2], new long[] {-1L, -1L})) {
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
    return new IndexCheck(engine).run();
  }

  @Override
  public Backup.Summary backup(OutputStream out, Backup.Manifest since, String sinceName)
      throws IOException {
    if (directory == null) {
      throw new UnsupportedOperationException("a memory store takes no physical backups");
    }
    return backups.write(
        out, directory.id(), s -> engine.statsTrees().read(s).quads(), since, sinceName);
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (warmUp != null) { // a served store (one-shot commands do not warm up, nor overwrite this)
      warmUp.stop();
      try {
        ResidentPages.save(directory.path(), pool.residentPages(true));
      } catch (IOException | RuntimeException e) {
        LOG.warn("could not note the pool's used pages: {}", e.toString());
      }
    }
    engine.close();
    closeQuietly(engine.txns()::close, engine.text(), engine.dictionary(), pool, pages, directory);
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
