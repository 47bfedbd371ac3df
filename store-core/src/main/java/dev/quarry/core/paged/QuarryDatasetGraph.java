package dev.quarry.core.paged;

import dev.quarry.core.dict.Dictionary;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.index.QuadIterator;
import dev.quarry.core.index.Stats;
import dev.quarry.core.txn.ReadTxn;
import dev.quarry.core.txn.Transactions;
import dev.quarry.core.txn.WriteTxn;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
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
import org.apache.jena.system.Txn;

/**
 * The paged store as a Jena {@link org.apache.jena.sparql.core.DatasetGraph}. Transactions are per
 * thread, as Jena's API has them: READ runs on a snapshot; WRITE is the one writer; READ_PROMOTE
 * and READ_COMMITTED_PROMOTE begin as readers and become the writer on the first change (or {@link
 * #promote}). A change outside a transaction commits on its own; a read outside one runs in a short
 * read transaction and returns its results whole.
 */
final class QuarryDatasetGraph extends DatasetGraphBaseFind {
  private final PagedStore store;
  private final Transactions txns;
  private final Dictionary dict;
  private final ThreadLocal<State> state = new ThreadLocal<>();
  private final PrefixMap prefixes = PrefixMapFactory.create();
  private final boolean unionDefault;
  private final org.apache.jena.sparql.util.Context context =
      new org.apache.jena.sparql.util.Context();

  /** A thread's transaction: a read snapshot, or the writer's transaction. */
  private static final class State {
    TxnType type;
    ReadTxn read;
    WriteTxn write;
  }

  QuarryDatasetGraph(PagedStore store, boolean unionDefault) {
    this.store = store;
    this.unionDefault = unionDefault;
    // Queries on this dataset run on ids where Quarry's executor can (see QuarryOpExecutor).
    org.apache.jena.sparql.engine.main.QC.setFactory(
        context, dev.quarry.core.query.QuarryOpExecutor.factory(this::idTarget));
    dev.quarry.core.query.BlankNodeClosureDescribe.install();
    this.txns = store.transactions();
    this.dict = store.dictionary();
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
      s.write = txns.beginWrite();
    } else {
      s.read = txns.beginRead();
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
    WriteTxn w = txns.beginWrite();
    boolean isolated = mode == Promote.ISOLATED && s.type != TxnType.READ_COMMITTED_PROMOTE;
    if (isolated && w.base().generation() != s.read.state().generation()) {
      txns.abort(w); // someone committed since this snapshot: cannot promote in isolation
      return false;
    }
    txns.endRead(s.read);
    s.read = null;
    s.write = w;
    return true;
  }

  @Override
  public void commit() {
    State s = required();
    if (s.write != null) {
      txns.commit(s.write);
    } else {
      txns.endRead(s.read);
    }
    state.remove();
  }

  @Override
  public void abort() {
    State s = required();
    if (s.write != null) {
      txns.abort(s.write);
    } else {
      txns.endRead(s.read);
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
      txns.abort(s.write); // end() without commit() throws the changes away
    } else {
      txns.endRead(s.read);
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
  private WriteTxn writer() {
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
    WriteTxn w = writer();
    Dictionary.Writes terms = w.terms();
    long gi = graphId(g, terms);
    long si = dict.getOrCreate(s, terms);
    long pi = dict.getOrCreate(p, terms);
    long oi = dict.getOrCreate(o, terms);
    if (store.indexes().add(w.allocators(), w.roots(), w.stats(), gi, si, pi, oi)) {
      w.markChanged();
    }
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
    WriteTxn w = writer();
    Dictionary.Writes terms = w.terms();
    long gi = Quad.isDefaultGraph(g) ? NodeIds.DEFAULT_GRAPH : dict.getId(g, terms);
    long si = dict.getId(s, terms);
    long pi = dict.getId(p, terms);
    long oi = dict.getId(o, terms);
    if (gi == NodeIds.NONE || si == NodeIds.NONE || pi == NodeIds.NONE || oi == NodeIds.NONE) {
      return; // a term the store does not have: no such quad
    }
    if (store.indexes().delete(w.allocators(), w.roots(), w.stats(), gi, si, pi, oi)) {
      w.markChanged();
    }
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

  private long graphId(Node g, Dictionary.Writes terms) {
    return Quad.isDefaultGraph(g) ? NodeIds.DEFAULT_GRAPH : dict.getOrCreate(g, terms);
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
          for (long g : v.stats.graphIds()) {
            if (g != NodeIds.DEFAULT_GRAPH) {
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
          return g != NodeIds.NONE && v.stats.quadsInGraph(g) > 0;
        });
  }

  @Override
  public long size() {
    return read(v -> v.stats.graphIds().stream().filter(g -> g != NodeIds.DEFAULT_GRAPH).count());
  }

  @Override
  public boolean isEmpty() {
    return read(v -> v.stats.quads() == 0);
  }

  @Override
  public PrefixMap prefixes() {
    return prefixes;
  }

  @Override
  public org.apache.jena.sparql.util.Context getContext() {
    return context;
  }

  /** Where the id executor can run a pattern on {@code graph}, or null to leave it to ARQ. */
  private dev.quarry.core.query.QuarryOpExecutor.Target idTarget(Graph graph) {
    State s = state.get();
    // FROM and protocol datasets wrap the store's graphs read-only: look through the wrapper.
    while (graph instanceof org.apache.jena.sparql.graph.GraphReadOnly ro) {
      graph = ro.getWrapped();
    }
    if (s == null) {
      return null;
    }
    Node name;
    if (graph instanceof GraphView gv && gv.getDataset() == this) {
      name = gv.getGraphName();
    } else if (graph instanceof org.apache.jena.sparql.graph.GraphUnionRead u) {
      name = FromGraphs.single(u, this); // FROM <g>: ARQ's union of one graph
      if (name == null) {
        return null;
      }
    } else {
      return null;
    }
    View v = view(s);
    if (name != null && Quad.isUnionGraph(name)) {
      return null; // the union graph: ARQ's way is right
    }
    long g = name == null || Quad.isDefaultGraph(name) ? NodeIds.DEFAULT_GRAPH : v.id(name);
    if (g == NodeIds.NONE || (unionDefault && g == NodeIds.DEFAULT_GRAPH)) {
      return null; // a graph the store does not have, or the default graph as union
    }
    return new dev.quarry.core.query.QuarryOpExecutor.Target(v, g);
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
    return read(v -> findIds(v, NodeIds.DEFAULT_GRAPH, s, p, o, false));
  }

  @Override
  protected Iterator<Quad> findInSpecificNamedGraph(Node g, Node s, Node p, Node o) {
    return read(
        v -> {
          long gi = v.id(g);
          return gi == NodeIds.NONE ? Iter.nullIterator() : findIds(v, gi, s, p, o, false);
        });
  }

  @Override
  protected Iterator<Quad> findInAnyNamedGraphs(Node s, Node p, Node o) {
    return read(v -> findIds(v, NodeIds.NONE, s, p, o, true));
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
    return StreamSupport.stream(java.util.Spliterators.spliteratorUnknownSize(it, 0), false);
  }

  /**
   * Quads of graph id {@code g} (NONE: any), optionally named graphs only, as Jena quads, in the
   * transaction view {@code v} (callers wrap it in {@link #read}).
   */
  private Iterator<Quad> findIds(View v, long g, Node s, Node p, Node o, boolean namedOnly) {
    long si = v.id(s);
    long pi = v.id(p);
    long oi = v.id(o);
    if (si == NodeIds.NONE && isConcrete(s)
        || pi == NodeIds.NONE && isConcrete(p)
        || oi == NodeIds.NONE && isConcrete(o)) {
      return Iter.nullIterator();
    }
    QuadIterator ids = store.indexes().find(v.roots, g, si, pi, oi);
    return Iter.iter(ids).filter(q -> !namedOnly || q[0] != NodeIds.DEFAULT_GRAPH).map(v::quad);
  }

  private static boolean isConcrete(Node n) {
    return n != null && n != Node.ANY && n.isConcrete();
  }

  /**
   * Runs a read in the calling thread's transaction, or, outside one, in a short read transaction,
   * materialising an iterator result so nothing outlives the snapshot.
   */
  @SuppressWarnings("unchecked")
  private <T> T read(java.util.function.Function<View, T> f) {
    State s = state.get();
    if (s != null) {
      return f.apply(view(s));
    }
    ReadTxn r = txns.beginRead();
    try {
      State tmp = new State();
      tmp.type = TxnType.READ;
      tmp.read = r;
      T result = f.apply(view(tmp));
      if (result instanceof Iterator<?> it) {
        List<Object> all = new ArrayList<>();
        it.forEachRemaining(all::add);
        return (T) all.iterator();
      }
      return result;
    } finally {
      txns.endRead(r);
    }
  }

  private View view(State s) {
    if (s.write != null) {
      return new View(s.write.roots(), s.write.stats(), s.write.terms(), -1);
    }
    return new View(
        s.read.state().roots().trees(), s.read.state().stats(), null, s.read.state().generation());
  }

  /** What one transaction sees: roots, statistics, and (for the writer) its new terms. */
  private final class View implements dev.quarry.core.query.IdAccess {
    final long[] roots;
    final Stats stats;
    final Dictionary.Writes terms;
    final long generation;

    View(long[] roots, Stats stats, Dictionary.Writes terms, long generation) {
      this.roots = roots;
      this.stats = stats;
      this.terms = terms;
      this.generation = generation;
    }

    /** The id of a concrete node, NONE for a wildcard or an unknown term. */
    @Override
    public long id(Node n) {
      if (!isConcrete(n)) {
        return NodeIds.NONE;
      }
      if (Quad.isDefaultGraph(n)) {
        return NodeIds.DEFAULT_GRAPH;
      }
      return terms != null
          ? dict.getId(n, terms)
          : dict.getId(n, roots[dev.quarry.core.index.Roots.TERM_HASH]);
    }

    @Override
    public Node node(long id) {
      return dict.getNode(id, terms);
    }

    @Override
    public Iterator<long[]> find(long g, long s, long p, long o) {
      return store.indexes().find(roots, g, s, p, o);
    }

    @Override
    public Iterator<long[]> findObjectIn(long g, long p, long[] ranges) {
      return store.indexes().findObjectIn(roots, g, p, ranges);
    }

    @Override
    public void lookupBatch(
        boolean psog, long[] los, long[] his, int n, dev.quarry.core.btree.RowSink sink) {
      int t = psog ? dev.quarry.core.index.Roots.PSOG : dev.quarry.core.index.Roots.POGS;
      store.indexes().tree(t).lookupBatch(roots[t], los, his, n, sink);
    }

    @Override
    public long estimate(long g, long s, long p, long o) {
      return store.indexes().estimate(roots, g, s, p, o);
    }

    @Override
    public long quadsWithPredicate(long p) {
      return stats.quadsWithPredicate(p);
    }

    @Override
    public long distinctSubjects(long p) {
      return stats.distinctSubjects(p);
    }

    @Override
    public long distinctObjects(long p) {
      return stats.distinctObjects(p);
    }

    @Override
    public long generation() {
      return generation;
    }

    @Override
    public long quads() {
      return stats.quads();
    }

    @Override
    public long defaultGraph() {
      return NodeIds.DEFAULT_GRAPH;
    }

    Quad quad(long[] q) {
      return Quad.create(node(q[0]), node(q[1]), node(q[2]), node(q[3]));
    }
  }

  @Override
  public void close() {
    store.close();
  }
}
