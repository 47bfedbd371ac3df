package dev.quarry.core.engine;

import dev.quarry.core.btree.Cursor;
import dev.quarry.core.dict.DictionaryWrites;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.index.QuadIndexes;
import dev.quarry.core.index.QuadOrder;
import dev.quarry.core.index.Stats;
import dev.quarry.core.index.spi.LanguageCoverage;
import dev.quarry.core.index.spi.QuadProbes;
import dev.quarry.core.index.spi.QuadScan;
import dev.quarry.core.index.spi.QuadSink;
import dev.quarry.core.index.spi.QuadView;
import java.util.Iterator;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Quad;

/**
 * The paged engine's reads of one state (the index SPI): terms through the dictionary, quads
 * through the trees at the state's roots, figures from its statistics. {@link PagedReadView} and
 * {@link PagedWriteView} say which state.
 */
abstract class PagedView implements QuadView {
  final PagedBackend engine;
  final long[] roots;
  private final DictionaryWrites terms; // the writer's, or null
  private final long hashRoot;

  PagedView(PagedBackend engine, long[] roots, DictionaryWrites terms, long hashRoot) {
    this.engine = engine;
    this.roots = roots;
    this.terms = terms;
    this.hashRoot = hashRoot;
  }

  /** The statistics of this view's state. */
  abstract Stats stats();

  /** Called before every read of the quads or their statistics: the writer's view flushes. */
  void beforeRead() {}

  private QuadIndexes ix() {
    return engine.indexes();
  }

  @Override
  public long id(Node n) {
    if (n == null || n == Node.ANY || !n.isConcrete()) {
      return NONE;
    }
    if (Quad.isDefaultGraph(n)) {
      return NodeIds.DEFAULT_GRAPH;
    }
    return terms != null
        ? engine.dictionary().getId(n, terms)
        : engine.dictionary().getId(n, hashRoot);
  }

  @Override
  public LanguageCoverage languageIds() {
    return engine.languageIds();
  }

  @Override
  public boolean termReadsWait() {
    return engine.dictionary().batches().readsFromDevice();
  }

  @Override
  public void willNeedTerms(long[] ids, int n) {
    engine.dictionary().batches().willNeed(ids, n);
  }

  /** Many terms at once: a reader's read a window of the term file at a time, not cached. */
  @Override
  public void nodes(long[] ids, int n, Node[] out) {
    if (terms != null || n < BULK_NODES) {
      QuadView.super.nodes(ids, n, out); // a writer's own terms, or too few to matter
    } else {
      engine.dictionary().batches().getNodes(ids, n, out);
    }
  }

  /** Terms from which {@link #nodes} reads windows of the term file past the term cache. */
  private static final int BULK_NODES = 4096;

  @Override
  public Node node(long id) {
    return engine.dictionary().getNode(id, terms);
  }

  @Override
  public boolean tripleParts(long id, long[] out) {
    return engine.dictionary().tripleParts(id, dictRoot(), terms, out);
  }

  @Override
  public long tripleTerm(long s, long p, long o) {
    return engine.dictionary().tripleTerm(s, p, o, dictRoot(), terms);
  }

  @Override
  public long[] tripleTermsWith(long p, long s, long o, int max) {
    return engine.dictionary().tripleTermsWith(p, s, o, max, dictRoot(), terms);
  }

  private long dictRoot() {
    return terms != null ? terms.hashRoot() : hashRoot;
  }

  @Override
  public long defaultGraph() {
    return NodeIds.DEFAULT_GRAPH;
  }

  @Override
  public Iterator<long[]> find(long g, long s, long p, long o) {
    beforeRead();
    if (s == NONE && p == NONE && o == NONE && g != NONE && graphIsLarge(g)) {
      return ix().findInGraphByFullScan(roots, g);
    }
    return ix().find(roots, g, s, p, o);
  }

  @Override
  public QuadScan scan(long g, long s, long p, long o) {
    beforeRead();
    boolean large = s == NONE && p == NONE && o == NONE && g != NONE && graphIsLarge(g);
    return ix().scan(roots, g, s, p, o, large);
  }

  /**
   * Exact from the statistics where they hold the answer, else from a projection's key prefixes
   * (the different subjects of all graphs are SP's different first columns, objects OP's): no term
   * decoded, no quad read.
   */
  @Override
  public long countDistinct(long g, long p, int part) {
    beforeRead();
    Stats st = stats();
    boolean everyQuad = holdsEveryQuad(st, g);
    if (p != NONE && everyQuad && part == QuadOrder.S) {
      return st.distinctSubjects(p);
    }
    if (p != NONE && everyQuad && part == QuadOrder.O) {
      return st.distinctObjects(p);
    }
    if (p != NONE && part == QuadOrder.P) {
      return find(g, NONE, p, NONE).hasNext() ? 1 : 0;
    }
    if (p == NONE && part == QuadOrder.G) {
      return g == NONE ? graphs().length : st.quadsInGraph(g) > 0 ? 1 : 0;
    }
    if (p == NONE && everyQuad && part == QuadOrder.P) {
      return predicates().length;
    }
    QuadScan keys = p == NONE ? distinctTerms(g, NONE, part) : null; // GS, SP or OP keys
    if (keys == null) {
      return QuadView.super.countDistinct(g, p, part);
    }
    long[] values = new long[1024];
    long n = 0;
    for (int got; (got = keys.read(values, values, values, values, values.length)) > 0; ) {
      n += got;
    }
    return n;
  }

  /** True if graph g (NONE: every graph) holds every quad of the state. */
  private static boolean holdsEveryQuad(Stats st, long g) {
    return g == NONE || st.graphIds().stream().allMatch(x -> x == g);
  }

  /**
   * From key prefixes: with P bound, the subjects of PSOG's or the objects of POGS's P range, each
   * run of equal ones given once (the graph, a later column, filtered); without P, the subjects of
   * GS (one graph), SP's first columns (every graph) or OP's, and the statistics' predicates.
   */
  @Override
  public QuadScan distinctTerms(long g, long p, int part) {
    beforeRead();
    boolean everyQuad = holdsEveryQuad(stats(), g);
    if (p != NONE && (part == QuadOrder.S || part == QuadOrder.O)) {
      QuadOrder order = part == QuadOrder.S ? QuadOrder.PSOG : QuadOrder.POGS;
      long[] lo = {p, 0, 0, 0};
      long[] hi = {p, -1L, -1L, -1L};
      int gi = order.columnOf(QuadOrder.G);
      return runs(ix().scan(roots, order, lo, hi), 4, 1, gi, everyQuad ? NONE : g, part);
    }
    if (p == NONE && part == QuadOrder.P && everyQuad) {
      long[] all = predicates();
      int[] at = {0};
      return (gs, ss, ps, os, max) -> {
        int n = Math.min(max, all.length - at[0]);
        System.arraycopy(all, at[0], ps, 0, n);
        at[0] += n;
        return n;
      };
    }
    if (p == NONE && part == QuadOrder.S && g != NONE) {
      return runs(
          ix().scan(roots, QuadOrder.GS, new long[] {g, 0}, new long[] {g, -1L}),
          2,
          1,
          -1,
          NONE,
          part);
    }
    if (p == NONE && everyQuad && (part == QuadOrder.S || part == QuadOrder.O)) {
      QuadOrder order = part == QuadOrder.S ? QuadOrder.SP : QuadOrder.OP;
      return runs(
          ix().scan(roots, order, new long[] {0, 0}, new long[] {-1L, -1L}), 2, 0, -1, NONE, part);
    }
    return null;
  }

  /**
   * Column {@code col} of a cursor's rows ({@code width} wide), each run of equal values once,
   * keeping only rows whose column {@code gi} is {@code g} if g is not NONE; into column {@code
   * part} of each read.
   */
  private static QuadScan runs(Cursor c, int width, int col, int gi, long g, int part) {
    long[] rows = new long[1024 * width];
    long[] last = {0};
    return (gs, ss, ps, os, max) -> {
      long[] out = part == QuadOrder.S ? ss : part == QuadOrder.P ? ps : os;
      int n = 0;
      while (n == 0) {
        int got = c.fill(rows, Math.min(1024, max));
        if (got == 0) {
          return 0;
        }
        for (int r = 0; r < got && n < max; r++) {
          long v = rows[r * width + col];
          if (v != last[0] && (g == NONE || rows[r * width + gi] == g)) {
            out[n++] = v;
            last[0] = v;
          }
        }
      }
      return n;
    };
  }

  /** True if graph g holds at least a quarter of the quads: a full scan reads it best. */
  private boolean graphIsLarge(long g) {
    Stats st = stats();
    return st.quadsInGraph(g) * 4 >= st.quads();
  }

  @Override
  public Iterator<long[]> findObjectIn(long g, long p, long[] ranges) {
    beforeRead();
    return ix().findObjectIn(roots, g, p, ranges);
  }

  @Override
  public void lookup(QuadProbes probes, QuadSink sink) {
    beforeRead();
    ix().lookup(roots, probes, sink);
  }

  @Override
  public long estimate(long g, long s, long p, long o) {
    beforeRead();
    return ix().estimate(roots, g, s, p, o);
  }

  @Override
  public long estimateObjectIn(long g, long p, long[] ranges) {
    beforeRead();
    return ix().estimateObjectIn(roots, p, ranges);
  }

  @Override
  public long quads() {
    beforeRead();
    return stats().quads();
  }

  @Override
  public long quadsWithPredicate(long p) {
    beforeRead();
    return stats().quadsWithPredicate(p);
  }

  @Override
  public long distinctSubjects(long p) {
    beforeRead();
    return stats().distinctSubjects(p);
  }

  @Override
  public long distinctObjects(long p) {
    beforeRead();
    return stats().distinctObjects(p);
  }

  @Override
  public long quadsInGraph(long g) {
    beforeRead();
    return stats().quadsInGraph(g);
  }

  /** Counted on the GS projection: one row per (graph, subject), no term decoded. */
  @Override
  public long subjectsInGraph(long g) {
    return countDistinct(g, NONE, QuadOrder.S);
  }

  @Override
  public long[] predicates() {
    beforeRead();
    return stats().predicateIds().stream().mapToLong(Long::longValue).sorted().toArray();
  }

  @Override
  public long[] graphs() {
    beforeRead();
    return stats().graphIds().stream().mapToLong(Long::longValue).sorted().toArray();
  }
}
