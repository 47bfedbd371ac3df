package dev.quarry.core.query.exec;

import com.github.benmanes.caffeine.cache.Cache;
import dev.quarry.core.config.Caches;
import dev.quarry.core.index.spi.QuadBackend;
import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.index.spi.ReadView;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.util.Symbol;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Patterns read whole ({@link PatternJoin#wholePattern}), kept by commit for the queries after: a
 * table does not depend on the query that read it, only on the pattern (graph, predicate, object)
 * and the state read, and a commit's state never changes. So a later query of the same commit
 * serves its rows from memory instead of reading the pattern again (5-7 ms for BSBM's 284,800
 * reviewers at 10M) or probing the index a row at a time (about 350 ns a row). Bounded in bytes,
 * least recently used first out; a writer's own state (generation -1) is never kept. One per store,
 * given to each query's operators in its context.
 */
public final class WholeReads {
  private static final Logger LOG = LoggerFactory.getLogger(WholeReads.class);

  /** The context symbol a query's operators find the dataset's tables under. */
  public static final Symbol CONTEXT = Symbol.create("https://quarry.dev/ns#wholeReads");

  /** A pattern at a commit: read whole (its subjects by object), or in its objects' order. */
  private record Key(long generation, long graph, long p, long o, boolean ordered) {}

  private final Cache<Key, Object> tables; // SubjectsInRange, or ValueOrder for an ordered key
  private final Cache<Key, LongAdder> probed; // rows looked up in patterns not kept, per commit
  private final Cache<Key, LongAdder> orderWanted; // work of top-k plans that could have walked
  private final Cache<Object, WalkChoice> choices; // per query shape, across commits
  private final Set<Key> making = ConcurrentHashMap.newKeySet(); // orders being made
  private final Cache<Key, Boolean> onFile; // whether an earlier process kept the order in a file
  private final Path files; // where orders are kept in files (null: not kept)
  private final long maxBytes;
  // Where an order is made off the query path (null: in it). Weakly: the store is this object's
  // key in BY_STORE, a WeakHashMap, and a value that held its key would keep both for ever.
  private final WeakReference<QuadBackend> backend;

  /**
   * One thread for every store's orders made in the background: they are rare (once per commit and
   * pattern, once paid for) and each reads much of the term file, so more would only compete.
   */
  private static final ExecutorService ORDER_MAKER = startedOrderMaker();

  static final String ORDER_MAKER_NAME = "quarry-order-maker";

  /**
   * The order maker, its thread made now, when the first store opens, not at its first order: a
   * thread starts at the CPU priority of the thread that makes it, and the server's query threads
   * run niced (server.query-nice), so a maker made by one of them made every order at the queries'
   * low priority, though they all wait for it (BSBM 100M, 16 clients: 18 s instead of 3 s).
   */
  private static ExecutorService startedOrderMaker() {
    ThreadPoolExecutor maker =
        new ThreadPoolExecutor(
            1,
            1,
            0,
            TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(),
            r -> {
              Thread t = new Thread(r, ORDER_MAKER_NAME);
              t.setDaemon(true);
              return t;
            });
    maker.prestartCoreThread();
    return maker;
  }

  /** Tables up to {@code maxBytes} in all (0: none kept); orders made by the query that pays. */
  public WholeReads(long maxBytes) {
    this(maxBytes, null, null);
  }

  /**
   * Tables up to {@code maxBytes} in all (0: none kept); orders made in the background on a read of
   * {@code backend}'s latest commit (null: by the query that pays, as it runs), and kept in files
   * in {@code files} (null: not kept beyond the process) for the next process of the same state.
   */
  WholeReads(long maxBytes, QuadBackend backend, Path files) {
    this.maxBytes = maxBytes;
    this.files = files;
    this.backend = backend == null ? null : new WeakReference<>(backend);
    this.tables = // both kinds under one bound
        Caches.builder()
            .maximumWeight(Math.max(0, maxBytes))
            .weigher((Key k, Object t) -> (int) Math.min(Integer.MAX_VALUE, bytesOf(t)))
            .build();
    this.probed = Caches.builder().maximumSize(PROBE_COUNTS).build();
    this.orderWanted = Caches.builder().maximumSize(PROBE_COUNTS).build();
    this.choices = Caches.builder().maximumSize(PROBE_COUNTS).build();
    this.onFile = Caches.builder().maximumSize(PROBE_COUNTS).build();
  }

  /**
   * The choice between walking and the usual plan for top-k queries of one {@code shape} (equal for
   * queries that differ in constants only) over the pattern of {@code p} in graph {@code g}.
   */
  public WalkChoice choice(long g, long p, Object shape) {
    return choices.get(List.of(g, p, shape), x -> new WalkChoice());
  }

  private static long bytesOf(Object table) {
    return table instanceof ValueOrder v
        ? ValueOrder.bytesFor(v.size())
        : ((SubjectsInRange) table).bytes();
  }

  /**
   * Whether a paid-for order is made off the query path ({@code -Dquarry.exec.order-background},
   * default true). Made in a query, from a cold cache, it held that query for the order's reads: 16
   * s at BSBM 300M (a 16 GB term file), 26 s at 100M under 16 cold clients.
   */
  private static final boolean ORDER_OFF_QUERY =
      Boolean.parseBoolean(System.getProperty("quarry.exec.order-background", "true"));

  /**
   * Whether orders are kept in files beside the store for the next process ({@code
   * -Dquarry.exec.order-files}, default true): made again after a restart, BSBM 300M's labels took
   * 18-30 s of term reads from a cold cache, during which top-k queries ran their usual plans.
   */
  private static final boolean ORDER_FILES =
      Boolean.parseBoolean(System.getProperty("quarry.exec.order-files", "true"));

  /** A row put in order costs about two rows of a plan's work: its term decoded, then sorted. */
  private static final long ORDER_COST = 2;

  /** Patterns whose probed rows are counted at most (the least recently counted forgotten). */
  private static final int PROBE_COUNTS = 4096;

  private static final Map<Object, WholeReads> BY_STORE =
      Collections.synchronizedMap(new WeakHashMap<>());

  /**
   * The tables of one store (its quad backend), shared by every dataset over it, so that they are
   * bounded once: up to the system property {@code quarry.exec.whole-read-cache} in bytes (0 turns
   * them off), by default a sixteenth of the heap, where their arrays live.
   */
  public static WholeReads forStore(Object store) {
    return BY_STORE.computeIfAbsent(
        store,
        s ->
            new WholeReads(
                Long.getLong("quarry.exec.whole-read-cache", Runtime.getRuntime().maxMemory() / 16),
                s instanceof QuadBackend b && ORDER_OFF_QUERY ? b : null,
                s instanceof QuadBackend b && ORDER_FILES ? b.derivedFiles() : null));
  }

  /** The tables of the query {@code cxt} runs, or null if it has none (or no context). */
  public static WholeReads of(ExecutionContext cxt) {
    return cxt != null && cxt.getContext().get(CONTEXT) instanceof WholeReads w ? w : null;
  }

  /** The pattern's table read at the commit {@code view} reads, if one is kept; else null. */
  SubjectsInRange get(QuadView view, long g, long p, long o) {
    Key k = key(view, g, p, o, false);
    return k == null ? null : (SubjectsInRange) tables.getIfPresent(k);
  }

  /**
   * Counts {@code rows} looked up one by one in the pattern at the commit {@code view} reads, too
   * few for one query to read it whole; returns the rows of the commit's queries so far, these
   * included (0 for a writer's state, which is not kept). Once they add up to what a whole read
   * costs, the query that finds so reads it whole and keeps it: the later queries of the commit
   * probe it no more (a rent-or-buy choice, within twice the better of the two).
   */
  long probed(QuadView view, long g, long p, long o, long rows) {
    Key k = key(view, g, p, o, false);
    if (k == null) {
      return 0;
    }
    LongAdder n = probed.get(k, x -> new LongAdder());
    n.add(rows);
    return n.sum();
  }

  /** Keeps the pattern's table read at the commit {@code view} reads (not a writer's). */
  void put(QuadView view, long g, long p, long o, SubjectsInRange table) {
    Key k = key(view, g, p, o, false);
    if (k != null) {
      tables.put(k, table);
    }
  }

  /**
   * The rows of {@code (g, ?s, p, ?o)} in ORDER BY's order of {@code ?o} at the commit {@code view}
   * reads, or null if not kept. Made once the commit's top-k queries that could have walked them
   * have made, in their usual plans, the rows that putting the pattern's {@code rows} in order
   * costs ({@link #spentWithoutOrder}; rent or buy, as for {@link #probed}), or at once if {@code
   * now}, or if an earlier process kept it in a file ({@link OrderFiles}). Once paid for, a store's
   * order is made in the background (this query and those after it run their usual plans until it
   * is kept); with {@code now}, or without a backend, by this query. A writer's state is never
   * kept.
   */
  public ValueOrder ordered(
      QuadView view, long g, long p, long rows, boolean now, Runnable cancel) {
    Key k = key(view, g, p, QuadView.NONE, true);
    if (k == null || ValueOrder.bytesFor((int) Math.min(Integer.MAX_VALUE, rows)) > maxBytes) {
      return null;
    }
    ValueOrder kept = (ValueOrder) tables.getIfPresent(k);
    if (kept != null) {
      return kept;
    }
    LongAdder spent = orderWanted.getIfPresent(k);
    if (!now && (spent == null || spent.sum() < ORDER_COST * rows) && !onFile(view, k)) {
      return null;
    }
    if (!making.add(k)) {
      return null; // another query is making it: this one runs its usual plan meanwhile
    }
    kept = (ValueOrder) tables.getIfPresent(k); // made (and let go of) while this query looked
    if (kept != null) {
      making.remove(k);
      return kept;
    }
    if (backend != null && !now) {
      makeInBackground(k);
      return null;
    }
    try {
      ValueOrder t = made(view, g, p, cancel);
      tables.put(k, t);
      return t;
    } finally {
      making.remove(k);
    }
  }

  /**
   * Makes the order of {@code k} on a read of its own (the query that paid may end first), if the
   * latest commit is still the one {@code k} is of; a newer one's queries pay for theirs.
   */
  private void makeInBackground(Key k) {
    try {
      ORDER_MAKER.execute(
          () -> {
            try {
              QuadBackend store = backend.get();
              if (store == null) {
                return; // the store is gone
              }
              ReadView view = store.beginRead();
              try {
                if (view.generation() == k.generation()) {
                  tables.put(k, made(view, k.graph(), k.p(), () -> {}));
                }
              } finally {
                view.end();
              }
            } catch (RuntimeException e) { // a store closed meanwhile, say: the usual plans go on
              LOG.warn("an order for top-k walks was not made: {}", e.toString());
            } finally {
              making.remove(k);
            }
          });
    } catch (RuntimeException e) {
      making.remove(k);
      throw e;
    }
  }

  /** Whether an order is being made (tests wait for the background maker with it). */
  boolean making() {
    return !making.isEmpty();
  }

  /**
   * Whether the order of {@code k} is kept in a file, made from the state {@code view} reads
   * (looked for once per pattern and commit).
   */
  private boolean onFile(QuadView view, Key k) {
    return files != null
        && onFile.get(
            k,
            x -> {
              String state = view.durableName();
              return state != null && OrderFiles.holds(files, state, k.graph(), k.p());
            });
  }

  /** The order of {@code (g, ?s, p, ?o)} at {@code view}: from its file, or made (and kept so). */
  private ValueOrder made(QuadView view, long g, long p, Runnable cancel) {
    long start = System.nanoTime();
    String state = files == null ? null : view.durableName();
    ValueOrder t = state == null ? null : OrderFiles.read(files, state, g, p);
    if (t != null) {
      LOG.info(
          "rows of predicate {} in their objects' order for top-k walks read from {}: {} rows in {}"
              + " ms",
          p,
          files,
          t.size(),
          (System.nanoTime() - start) / 1_000_000);
      return t;
    }
    t = ValueOrder.read(view, g, p, cancel);
    LOG.info(
        "rows of predicate {} put in their objects' order for top-k walks: {} rows in {} ms",
        p,
        t.size(),
        (System.nanoTime() - start) / 1_000_000);
    if (state != null && OrderFiles.write(files, state, g, p, t)) {
      onFile.put(new Key(view.generation(), g, p, QuadView.NONE, true), true);
    }
    return t;
  }

  /** Counts {@code rows} made by a top-k's usual plan that could have walked {@link #ordered}. */
  public void spentWithoutOrder(QuadView view, long g, long p, long rows) {
    Key k = key(view, g, p, QuadView.NONE, true);
    if (k != null) {
      orderWanted.get(k, x -> new LongAdder()).add(rows);
    }
  }

  /** The pattern's key at the commit {@code view} reads; null if nothing of it is kept. */
  private Key key(QuadView view, long g, long p, long o, boolean ordered) {
    long generation = view.generation(); // -1: a writer's own state, which changes
    return generation < 0 || maxBytes <= 0 ? null : new Key(generation, g, p, o, ordered);
  }
}
