package dev.quarry.core.jena;

import dev.quarry.core.index.spi.QuadBackend;
import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.index.spi.ReadView;
import dev.quarry.core.index.spi.WriteView;
import dev.quarry.core.query.BlankNodeClosureDescribe;
import dev.quarry.core.query.QuarryOpExecutor;
import dev.quarry.core.query.QuarryOptimizer;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.query.TxnType;
import org.apache.jena.riot.system.PrefixMap;
import org.apache.jena.riot.system.PrefixMapFactory;
import org.apache.jena.shared.AddDeniedException;
import org.apache.jena.shared.DeleteDeniedException;
import org.apache.jena.shared.JenaException;
import org.apache.jena.sparql.JenaTransactionException;
import org.apache.jena.sparql.core.DatasetGraphBaseFind;
import org.apache.jena.sparql.core.GraphView;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.engine.main.QC;
import org.apache.jena.sparql.util.Context;
import org.apache.jena.system.Txn;

/**
 * A Quarry store as a Jena {@link org.apache.jena.sparql.core.DatasetGraph}, over any backend of
 * the index SPI ({@link QuadBackend}). Transactions are per thread, as Jena's API has them: READ
 * runs on a snapshot; WRITE is the one writer; READ_PROMOTE and READ_COMMITTED_PROMOTE begin as
 * readers and become the writer on the first change (or {@link #promote}). A change outside a
 * transaction commits on its own; a read outside one runs in a short read transaction and returns
 * its results whole.
 */
public final class QuarryDatasetGraph extends DatasetGraphBaseFind {
  private final QuadBackend backend;
  private final Runnable onClose;
  private final QuarryOpExecutor.Counters executed = new QuarryOpExecutor.Counters();
  private final ThreadLocal<State> state;
  private final PrefixMap prefixes = PrefixMapFactory.create();
  private final boolean unionDefault;
  private final Context context = new Context();

  /** A thread's transaction: a read snapshot, or the writer's transaction. */
  private static final class State {
    TxnType type;
    ReadView read;
    WriteView write;

    QuadView view() {
      return write != null ? write : read;
    }
  }

  /** The one transaction of a pinned dataset, whatever the thread; begin and end do not apply. */
  private static final class Pinned extends ThreadLocal<State> {
    private final State fixed = new State();

    Pinned(QuadView view) {
      if (view instanceof WriteView w) {
        fixed.type = TxnType.WRITE;
        fixed.write = w;
      } else {
        fixed.type = TxnType.READ;
        fixed.read = (ReadView) view;
      }
    }

    @Override
    public State get() {
      return fixed;
    }

    @Override
    public void set(State value) {
      throw new JenaTransactionException("a pinned dataset's transaction is its view's owner's");
    }

    @Override
    public void remove() {
      throw new JenaTransactionException("a pinned dataset's transaction is its view's owner's");
    }
  }

  /** The dataset of {@code backend}; closing it runs {@code onClose} (closing the store). */
  public QuarryDatasetGraph(QuadBackend backend, boolean unionDefault, Runnable onClose) {
    this(backend, unionDefault, onClose, null);
  }

  /**
   * The dataset of one view: every read, from any thread, reads {@code pinned} (as if in its
   * transaction, which stays its owner's: nothing here begins, commits or ends it). For APIs whose
   * transactions are not bound to a thread (RDF4J's connections) to run queries with Quarry's
   * executor on their snapshot. It writes only if the view is the writer's.
   */
  public static QuarryDatasetGraph pinned(
      QuadBackend backend, boolean unionDefault, QuadView pinned) {
    return new QuarryDatasetGraph(backend, unionDefault, () -> {}, pinned);
  }

  private QuarryDatasetGraph(
      QuadBackend backend, boolean unionDefault, Runnable onClose, QuadView pinned) {
    this.state = pinned == null ? new ThreadLocal<>() : new Pinned(pinned);
    this.backend = backend;
    this.unionDefault = unionDefault;
    this.onClose = onClose;
    // Queries on this dataset run on ids where Quarry's executor can (see QuarryOpExecutor).
    QC.setFactory(
        context, QuarryOpExecutor.factory(new GraphTargets(this)::target, executed, backend));
    QuarryOptimizer.install(context);
    BlankNodeClosureDescribe.install();
  }

  /** Registers the executor's counters (operator trees on ids, left to ARQ) with a registry. */
  public void bindTo(MeterRegistry registry) {
    executed.bindTo(registry);
  }

  // ---- transactions ---------------------------------------------------------------------------

  @Override
  public void begin(TxnType type) {
    if (state.get() != null) {
      throw new JenaTransactionException("already in a transaction");
    }
    State s = new State();
    s.type = type;
    if (type == TxnType.WRITE) {
      s.write = backend.beginWrite();
    } else {
      s.read = backend.beginRead();
    }
    state.set(s);
  }

  @Override
  public void begin(ReadWrite mode) {
    begin(TxnType.convert(mode));
  }

  @Override
  public boolean promote(Promote mode) {
    State s = required();
    if (s.write != null) {
      return true;
    }
    if (s.type == TxnType.READ) {
      throw new JenaTransactionException("a READ transaction cannot be promoted");
    }
    WriteView w = backend.beginWrite();
    boolean isolated = mode == Promote.ISOLATED && s.type != TxnType.READ_COMMITTED_PROMOTE;
    if (isolated && w.baseGeneration() != s.read.generation()) {
      w.abort(); // someone committed since this snapshot: cannot promote in isolation
      return false;
    }
    s.read.end();
    s.read = null;
    s.write = w;
    return true;
  }

  @Override
  public void commit() {
    State s = required();
    if (s.write != null) {
      s.write.commit();
    } else {
      s.read.end();
    }
    state.remove();
  }

  @Override
  public void abort() {
    State s = required();
    if (s.write != null) {
      s.write.abort();
    } else {
      s.read.end();
    }
    state.remove();
  }

  @Override
  public void end() {
    State s = state.get();
    if (s == null) {
      return;
    }
    if (s.write != null) {
      s.write.abort(); // end() without commit() throws the changes away
    } else {
      s.read.end();
    }
    state.remove();
  }

  @Override
  public ReadWrite transactionMode() {
    State s = state.get();
    return s == null ? null : s.write != null ? ReadWrite.WRITE : ReadWrite.READ;
  }

  @Override
  public TxnType transactionType() {
    State s = state.get();
    return s == null ? null : s.type;
  }

  @Override
  public boolean isInTransaction() {
    return state.get() != null;
  }

  @Override
  public boolean supportsTransactions() {
    return true;
  }

  @Override
  public boolean supportsTransactionAbort() {
    return true;
  }

  private State required() {
    State s = state.get();
    if (s == null) {
      throw new JenaTransactionException("not in a transaction");
    }
    return s;
  }

  /** The writer's transaction, promoting a promotable reader; fails in a READ transaction. */
  private WriteView writer() {
    State s = required();
    if (s.write == null) {
      if (s.type == TxnType.READ || !promote(Promote.ISOLATED)) {
        throw new JenaTransactionException("cannot write in this READ transaction");
      }
    }
    return s.write;
  }

  // ---- changes --------------------------------------------------------------------------------

  @Override
  public void add(Quad q) {
    add(q.getGraph(), q.getSubject(), q.getPredicate(), q.getObject());
  }

  @Override
  public void add(Node graph, Node s, Node p, Node o) {
    Node g = graph == null ? Quad.defaultGraphIRI : graph; // Jena: a null graph is the default one
    if (Quad.isUnionGraph(g)) {
      throw new AddDeniedException("the union graph is read-only");
    }
    if (!isInTransaction()) {
      Txn.executeWrite(this, () -> add(g, s, p, o));
      return;
    }
    checkConcrete(g, s, p, o);
    WriteView w = writer();
    w.add(w.idOrCreate(g), w.idOrCreate(s), w.idOrCreate(p), w.idOrCreate(o));
  }

  @Override
  public void delete(Quad q) {
    delete(q.getGraph(), q.getSubject(), q.getPredicate(), q.getObject());
  }

  @Override
  public void delete(Node graph, Node s, Node p, Node o) {
    Node g = graph == null ? Quad.defaultGraphIRI : graph;
    if (Quad.isUnionGraph(g)) {
      throw new DeleteDeniedException("the union graph is read-only");
    }
    if (!isInTransaction()) {
      Txn.executeWrite(this, () -> delete(g, s, p, o));
      return;
    }
    checkConcrete(g, s, p, o);
    WriteView w = writer();
    long gi = w.id(g);
    long si = w.id(s);
    long pi = w.id(p);
    long oi = w.id(o);
    if (gi == QuadView.NONE || si == QuadView.NONE || pi == QuadView.NONE || oi == QuadView.NONE) {
      return; // a term the store does not have: no such quad
    }
    w.delete(gi, si, pi, oi);
  }

  @Override
  public void deleteAny(Node g, Node s, Node p, Node o) {
    if (!isInTransaction()) {
      Txn.executeWrite(this, () -> deleteAny(g, s, p, o));
      return;
    }
    writer();
    List<Quad> victims = Iter.toList(find(g, s, p, o));
    victims.forEach(this::delete);
  }

  @Override
  public void clear() {
    deleteAny(Node.ANY, Node.ANY, Node.ANY, Node.ANY);
  }

  private static void checkConcrete(Node... nodes) {
    for (Node n : nodes) {
      if (n == null || !n.isConcrete()) {
        throw new JenaException("a stored quad needs concrete terms, got " + n);
      }
    }
  }

  // ---- graphs ---------------------------------------------------------------------------------

  @Override
  public Graph getDefaultGraph() {
    return unionDefault ? GraphView.createUnionGraph(this) : GraphView.createDefaultGraph(this);
  }

  @Override
  public Graph getGraph(Node graphNode) {
    return Quad.isDefaultGraph(graphNode)
        ? getDefaultGraph()
        : GraphView.createNamedGraph(this, graphNode);
  }

  @Override
  public Graph getUnionGraph() {
    return GraphView.createUnionGraph(this);
  }

  @Override
  public void addGraph(Node graphName, Graph graph) {
    if (!isInTransaction()) {
      Txn.executeWrite(this, () -> addGraph(graphName, graph));
      return;
    }
    graph.find().forEachRemaining(t -> add(Quad.create(graphName, t)));
  }

  @Override
  public void removeGraph(Node graphName) {
    deleteAny(graphName, Node.ANY, Node.ANY, Node.ANY);
  }

  @Override
  public Iterator<Node> listGraphNodes() {
    return read(
        v -> {
          List<Node> out = new ArrayList<>();
          for (long g : v.graphs()) {
            if (g != v.defaultGraph()) {
              out.add(v.node(g));
            }
          }
          return out.iterator();
        });
  }

  @Override
  public boolean containsGraph(Node graphNode) {
    if (Quad.isDefaultGraph(graphNode) || Quad.isUnionGraph(graphNode)) {
      return true;
    }
    return read(
        v -> {
          long g = v.id(graphNode);
          return g != QuadView.NONE && v.quadsInGraph(g) > 0;
        });
  }

  @Override
  public long size() {
    return read(v -> Arrays.stream(v.graphs()).filter(g -> g != v.defaultGraph()).count());
  }

  @Override
  public boolean isEmpty() {
    return read(v -> v.quads() == 0);
  }

  @Override
  public PrefixMap prefixes() {
    return prefixes;
  }

  @Override
  public Context getContext() {
    return context;
  }

  /** The calling thread's view, or null outside a transaction (for {@link GraphTargets}). */
  QuadView currentView() {
    State s = state.get();
    return s == null ? null : s.view();
  }

  boolean unionDefault() {
    return unionDefault;
  }

  // ---- finding --------------------------------------------------------------------------------

  @Override
  protected Iterator<Quad> findInDftGraph(Node s, Node p, Node o) {
    if (unionDefault) {
      // Each distinct triple of the named graphs once, as a default-graph quad.
      return Iter.iter(findInAnyNamedGraphs(s, p, o))
          .map(q -> Quad.create(Quad.defaultGraphIRI, q.asTriple()))
          .distinct();
    }
    return read(v -> findIds(v, v.defaultGraph(), s, p, o, false));
  }

  @Override
  protected Iterator<Quad> findInSpecificNamedGraph(Node g, Node s, Node p, Node o) {
    return read(
        v -> {
          long gi = v.id(g);
          return gi == QuadView.NONE ? Iter.nullIterator() : findIds(v, gi, s, p, o, false);
        });
  }

  @Override
  protected Iterator<Quad> findInAnyNamedGraphs(Node s, Node p, Node o) {
    return read(
        v ->
            // Every quad in the default graph: no named graph to search (two counts, no scan;
            // DESCRIBE asks this for each resource it describes).
            v.quads() == v.quadsInGraph(v.defaultGraph())
                ? Iter.nullIterator()
                : findIds(v, QuadView.NONE, s, p, o, true));
  }

  @Override
  protected Stream<Quad> streamInDftGraph(Node s, Node p, Node o) {
    return stream(findInDftGraph(s, p, o));
  }

  @Override
  protected Stream<Quad> streamInSpecificNamedGraph(Node g, Node s, Node p, Node o) {
    return stream(findInSpecificNamedGraph(g, s, p, o));
  }

  @Override
  protected Stream<Quad> streamInAnyNamedGraphs(Node s, Node p, Node o) {
    return stream(findInAnyNamedGraphs(s, p, o));
  }

  private static Stream<Quad> stream(Iterator<Quad> it) {
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(it, 0), false);
  }

  /**
   * Quads of graph id {@code g} (NONE: any), optionally named graphs only, as Jena quads, in the
   * transaction view {@code v} (callers wrap it in {@link #read}).
   */
  private static Iterator<Quad> findIds(
      QuadView v, long g, Node s, Node p, Node o, boolean namedOnly) {
    long si = v.id(s);
    long pi = v.id(p);
    long oi = v.id(o);
    if (si == QuadView.NONE && isConcrete(s)
        || pi == QuadView.NONE && isConcrete(p)
        || oi == QuadView.NONE && isConcrete(o)) {
      return Iter.nullIterator();
    }
    long dflt = v.defaultGraph();
    return Iter.iter(v.find(g, si, pi, oi))
        .filter(q -> !namedOnly || q[0] != dflt)
        .map(q -> Quad.create(v.node(q[0]), v.node(q[1]), v.node(q[2]), v.node(q[3])));
  }

  private static boolean isConcrete(Node n) {
    return n != null && n != Node.ANY && n.isConcrete();
  }

  /**
   * Runs a read in the calling thread's transaction, or, outside one, in a short read transaction,
   * materialising an iterator result so nothing outlives the snapshot.
   */
  @SuppressWarnings("unchecked")
  private <T> T read(Function<QuadView, T> f) {
    State s = state.get();
    if (s != null) {
      return f.apply(s.view());
    }
    ReadView r = backend.beginRead();
    try {
      T result = f.apply(r);
      if (result instanceof Iterator<?> it) {
        List<Object> all = new ArrayList<>();
        it.forEachRemaining(all::add);
        return (T) all.iterator();
      }
      return result;
    } finally {
      r.end();
    }
  }

  @Override
  public void close() {
    onClose.run();
  }
}
