package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadScan;
import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.query.memory.QueryMemory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;

/**
 * GROUP BY over one triple pattern of variables (the predicate may be a constant) with counting
 * aggregates only: the quads are read in column batches straight from the index ({@link
 * QuadView#scan}) and counted on ids, with no row built. A scan of every predicate is split by
 * predicate across the cores when it is large enough ({@link #parallelQuads}); each thread counts
 * into tables of its own, merged at the end. A group key that arrives sorted (the predicate, or the
 * subject of one predicate) is looked up once per run of equal keys, not once per quad.
 *
 * <p>If the tables outgrow the query's memory, it gives up and runs {@code fallback} (the general
 * {@link Aggregate}, which spills) instead: nothing has been produced yet.
 */
public final class ScanAggregate extends IdOperator {
  /** Quads a scan must hold before it is split across threads: below, threads cost more. */
  public static final long PARALLEL_QUADS = 200_000;

  /** Threads one scan may use (system property quarry.exec.scan-threads): the cores. */
  public static int defaultThreads() {
    return Integer.getInteger("quarry.exec.scan-threads", ScanWorkers.CORES);
  }

  /** The least quads split across threads (system property quarry.exec.parallel-quads). */
  public static long parallelQuads() {
    return Long.getLong("quarry.exec.parallel-quads", PARALLEL_QUADS);
  }

  private static final int BATCH = Rows.BATCH;
  private static final long RESERVE_STEP = 1 << 20;

  /** One counting aggregate: over quad part {@code part} (1 s, 2 p, 3 o), distinct or not. */
  public record Count(boolean distinct, int part) {}

  private final QuadView view;
  private final long graph;
  private final long predicate; // NONE: every predicate, one part each
  private final int keyPart; // the group key's quad part, or -1: one group
  private final Count[] counts;
  private final TermSpace terms;
  private final ExecutionContext cxt;
  private final int threads;
  private final Supplier<IdOperator> fallback;
  private IdOperator fellBack;
  private boolean done;
  private int partsRun;
  private int threadsUsed;

  /** Gave up: the tables did not fit the query's memory. */
  private static final class TooLarge extends RuntimeException {
    TooLarge() {
      super(null, null, false, false);
    }
  }

  /**
   * @param vars the output columns: the group variable (if any), then one per count
   * @param threads at most this many threads (1: serial); a small scan uses one
   */
  public ScanAggregate(
      List<Var> vars,
      QuadView view,
      long graph,
      long predicate,
      int keyPart,
      List<Count> counts,
      TermSpace terms,
      ExecutionContext cxt,
      int threads,
      Supplier<IdOperator> fallback) {
    super(vars);
    this.view = view;
    this.graph = graph;
    this.predicate = predicate;
    this.keyPart = keyPart;
    this.counts = counts.toArray(Count[]::new);
    this.terms = terms;
    this.cxt = cxt;
    this.threads = threads;
    this.fallback = fallback;
  }

  @Override
  protected Rows compute() {
    if (fellBack != null) {
      return fellBack.next();
    }
    if (done) {
      return null;
    }
    done = true;
    long[] parts = predicate != QuadView.NONE ? new long[] {predicate} : bySize(view.predicates());
    // The quads the parts hold, every graph's: what decides whether threads pay.
    long quads = predicate != QuadView.NONE ? view.quadsWithPredicate(predicate) : view.quads();
    int n =
        view.concurrentScans() && quads >= parallelQuads()
            ? Math.max(1, Math.min(threads, parts.length))
            : 1;
    QueryMemory memory = memoryOf(cxt);
    Partial[] partials = new Partial[n];
    AtomicInteger next = new AtomicInteger();
    try {
      ScanWorkers.run(
          n,
          w -> {
            Partial mine = new Partial(memory);
            partials[w] = mine;
            for (int i = next.getAndIncrement(); i < parts.length; i = next.getAndIncrement()) {
              mine.scan(parts[i]);
            }
          });
    } catch (TooLarge e) {
      release(partials);
      fellBack = fallback.get().cancellable(cxt);
      return fellBack.next();
    } catch (RuntimeException e) {
      release(partials);
      throw e;
    }
    threadsUsed = n;
    partsRun = parts.length;
    Partial all = partials[0];
    for (int w = 1; w < n; w++) {
      all.merge(partials[w]);
    }
    Rows out = all.rows();
    release(partials);
    return out;
  }

  private static void release(Partial[] partials) {
    for (Partial p : partials) {
      if (p != null) {
        p.release();
      }
    }
  }

  /** Predicates by how many quads they have, most first: the large parts start first. */
  private long[] bySize(long[] predicates) {
    long[][] sized = new long[predicates.length][];
    for (int i = 0; i < predicates.length; i++) {
      sized[i] = new long[] {view.quadsWithPredicate(predicates[i]), predicates[i]};
    }
    Arrays.sort(sized, (a, b) -> Long.compare(b[0], a[0]));
    return Arrays.stream(sized).mapToLong(x -> x[1]).toArray();
  }

  /** One thread's counts: per group, per aggregate; distinct ones as sets of (group key, value). */
  private final class Partial {
    private final QueryMemory memory;
    private final GroupTable groups = keyPart < 0 ? null : new GroupTable(1);
    private final GroupTable[] seen = new GroupTable[counts.length];
    private long[] totals = new long[counts.length * 16]; // [group * counts + aggregate]
    private long reserved;
    private final long[][] columns = new long[4][];

    Partial(QueryMemory memory) {
      this.memory = memory;
      for (int a = 0; a < counts.length; a++) {
        if (counts[a].distinct()) {
          seen[a] = new GroupTable(2);
          columns[counts[a].part()] = new long[BATCH];
        }
      }
      if (keyPart >= 0) {
        columns[keyPart] = new long[BATCH];
      }
    }

    void scan(long p) {
      QuadScan scan = view.scan(graph, QuadView.NONE, p, QuadView.NONE);
      long lastKey = 0;
      int lastGroup = 0;
      boolean onlyTotals = keyPart < 0 && Arrays.stream(seen).allMatch(s -> s == null);
      for (int n = scan.read(columns[0], columns[1], columns[2], columns[3], BATCH);
          n > 0;
          n = scan.read(columns[0], columns[1], columns[2], columns[3], BATCH)) {
        checkCancel(cxt);
        if (onlyTotals) {
          for (int a = 0; a < counts.length; a++) {
            totals[a] += n;
          }
          continue;
        }
        long[] keys = keyPart < 0 ? null : columns[keyPart];
        for (int r = 0; r < n; r++) {
          int group = 0;
          long key = 1; // the one group's key in the distinct sets
          if (keys != null) {
            key = keys[r];
            if (key != lastKey) { // sorted input: one lookup per run of equal keys
              lastKey = key;
              lastGroup = groupOf(key);
            }
            group = lastGroup;
          }
          int at = group * counts.length;
          for (int a = 0; a < counts.length; a++) {
            if (seen[a] == null) {
              totals[at + a]++;
            } else {
              seen[a].indexOf(key, columns[counts[a].part()][r]);
            }
          }
        }
        account();
      }
    }

    private int groupOf(long key) {
      int g = groups.indexOf(key);
      if ((g + 1) * counts.length > totals.length) {
        totals = Arrays.copyOf(totals, totals.length * 2);
      }
      return g;
    }

    /** Keeps the query's memory told of what the tables hold; gives up if it is refused. */
    private void account() {
      long bytes = 8L * totals.length;
      if (groups != null) {
        bytes += groups.size() * GroupTable.bytesPerKey(1);
      }
      for (GroupTable s : seen) {
        bytes += s == null ? 0 : s.size() * GroupTable.bytesPerKey(2);
      }
      while (bytes > reserved) {
        if (!memory.tryReserve(RESERVE_STEP)) {
          throw new TooLarge();
        }
        reserved += RESERVE_STEP;
      }
    }

    void release() {
      memory.release(reserved);
      reserved = 0;
    }

    /** Adds another thread's counts to these. */
    void merge(Partial other) {
      int from = other.groups == null ? 1 : other.groups.size();
      for (int g = 0; g < from; g++) {
        int to = groups == null ? 0 : groupOf(other.groups.key(g, 0));
        for (int a = 0; a < counts.length; a++) {
          totals[to * counts.length + a] += other.totals[g * counts.length + a];
        }
      }
      for (int a = 0; a < counts.length; a++) {
        if (seen[a] != null) {
          GroupTable o = other.seen[a];
          for (int i = 0; i < o.size(); i++) {
            seen[a].indexOf(o.key(i, 0), o.key(i, 1));
          }
        }
      }
      account();
    }

    /** The groups as rows: the key (if any), then each count. */
    Rows rows() {
      for (int a = 0; a < counts.length; a++) {
        if (seen[a] != null) {
          for (int i = 0; i < seen[a].size(); i++) {
            int g = keyPart < 0 ? 0 : groupOf(seen[a].key(i, 0));
            totals[g * counts.length + a]++;
          }
        }
      }
      int groupCount = groups == null ? 1 : groups.size();
      Rows out = new Rows(vars.size(), groupCount);
      for (int g = 0; g < groupCount; g++) {
        int at = out.append();
        int c = 0;
        if (groups != null) {
          out.data[at + c++] = groups.key(g, 0);
        }
        for (int a = 0; a < counts.length; a++) {
          out.data[at + c++] = terms.count(totals[g * counts.length + a]);
        }
      }
      return out;
    }
  }

  @Override
  public String label() {
    if (fellBack != null) {
      return "scan and count: too large for memory, counted by the general group by";
    }
    List<String> what = new ArrayList<>();
    for (Count c : counts) {
      what.add(c.distinct() ? "distinct " + "gspo".charAt(c.part()) : "quads");
    }
    return "scan and count "
        + what
        + (keyPart >= 0 ? " per " + "gspo".charAt(keyPart) : "")
        + (predicate == QuadView.NONE ? " over " + partsRun + " predicates" : " of one predicate")
        + ", "
        + threadsUsed
        + (threadsUsed == 1 ? " thread" : " threads");
  }

  @Override
  public Set<Var> maybeUnbound() {
    return new HashSet<>(vars); // an aggregate over nothing, or one that failed, is unbound
  }

  @Override
  public List<IdOperator> inputs() {
    return fellBack == null ? List.of() : List.of(fellBack);
  }
}
