package dev.quarry.core.engine;

import dev.quarry.core.btree.Cursor;
import dev.quarry.core.dict.Dictionary;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.index.QuadIndexes;
import dev.quarry.core.index.QuadOrder;
import dev.quarry.core.index.Stats;
import dev.quarry.core.index.spi.QuadProbes;
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
  private final Dictionary.Writes terms; // the writer's, or null
  private final long hashRoot;

  PagedView(PagedBackend engine, long[] roots, Dictionary.Writes terms, long hashRoot) {
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
    return engine.indexes;
  }

  @Override
  public long id(Node n) {
    if (n == null || n == Node.ANY || !n.isConcrete()) {
      return NONE;
    }
    if (Quad.isDefaultGraph(n)) {
      return NodeIds.DEFAULT_GRAPH;
    }
    return terms != null ? engine.dictionary.getId(n, terms) : engine.dictionary.getId(n, hashRoot);
  }

  @Override
  public Node node(long id) {
    return engine.dictionary.getNode(id, terms);
  }

  @Override
  public long defaultGraph() {
    return NodeIds.DEFAULT_GRAPH;
  }

  @Override
  public Iterator<long[]> find(long g, long s, long p, long o) {
    beforeRead();
    return ix().find(roots, g, s, p, o);
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
    beforeRead();
    long n = 0;
    try (Cursor c = ix().scan(roots, QuadOrder.GS, new long[] {g, 0}, new long[] {g, -1L})) {
      while (c.next()) {
        n++;
      }
    }
    return n;
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
