package dev.quarry.rdf4j;

import dev.quarry.core.Store;
import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.index.spi.WriteView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.jena.sparql.core.Quad;
import org.eclipse.rdf4j.common.iteration.AbstractCloseableIteration;
import org.eclipse.rdf4j.common.iteration.CloseableIteration;
import org.eclipse.rdf4j.common.iteration.CloseableIteratorIteration;
import org.eclipse.rdf4j.common.transaction.IsolationLevel;
import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Namespace;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Triple;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleNamespace;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.Dataset;
import org.eclipse.rdf4j.query.QueryEvaluationException;
import org.eclipse.rdf4j.query.algebra.QueryRoot;
import org.eclipse.rdf4j.query.algebra.TupleExpr;
import org.eclipse.rdf4j.query.algebra.evaluation.TripleSource;
import org.eclipse.rdf4j.query.algebra.evaluation.impl.DefaultEvaluationStrategy;
import org.eclipse.rdf4j.query.algebra.evaluation.impl.EvaluationStatistics;
import org.eclipse.rdf4j.sail.SailConflictException;
import org.eclipse.rdf4j.sail.SailException;
import org.eclipse.rdf4j.sail.helpers.AbstractSailConnection;

/**
 * A connection to a {@link QuarrySail}. A transaction reads one snapshot of the store, begun with
 * it, through its own uncommitted changes ({@link Changes}, held here); commit writes them in one
 * write transaction of the store (the bulk path for a large load), so a connection holds the
 * store's single writer only while it commits, never across a transaction. At SNAPSHOT and
 * SERIALIZABLE a commit that finds another committed after its snapshot fails with a {@link
 * SailConflictException} (first committer wins: the check is for the whole store, not per
 * statement); at SNAPSHOT_READ (the default) its changes apply to the latest state. Reads outside a
 * transaction each take a snapshot of their own, ended when their iteration closes.
 */
final class QuarrySailConnection extends AbstractSailConnection {
  /** Past this many added statements (and nothing else), commit takes the store's bulk path. */
  static final int BULK_FROM = 50_000;

  private final QuarrySail sail;
  private final Store store;
  private final Values values;
  private Snapshot snapshot; // the transaction's, or null outside one
  private Changes changes; // the transaction's, created on its first change

  QuarrySailConnection(QuarrySail sail) {
    super(sail);
    this.sail = sail;
    this.store = sail.store();
    this.values = sail.values();
    if (store == null) {
      throw new SailException("the sail has no store: initialise it first");
    }
  }

  // ---- snapshots ------------------------------------------------------------------------------

  /** The snapshot reads use now: the transaction's, or a new one; the caller releases it. */
  Snapshot readSnapshot() {
    return snapshot != null ? snapshot.retain() : new Snapshot(store.quadBackend().beginRead());
  }

  /**
   * True if the open transaction has changes not committed (queries then go through them). RDF4J
   * buffers additions before they reach this connection: they are flushed first.
   */
  boolean hasPendingChanges() {
    if (isActive()) {
      flush();
    }
    return changes != null && !changes.isEmpty();
  }

  Values values() {
    return values;
  }

  Store store() {
    return store;
  }

  // ---- transactions ---------------------------------------------------------------------------

  @Override
  protected void startTransactionInternal() throws SailException {
    snapshot = new Snapshot(store.quadBackend().beginRead());
    changes = null;
  }

  @Override
  protected void commitInternal() throws SailException {
    Changes c = changes;
    if (c != null && !c.isEmpty()) {
      write(c);
      sail.namespaces().apply(c);
    }
    endTransaction();
  }

  @Override
  protected void rollbackInternal() throws SailException {
    endTransaction();
  }

  private void endTransaction() {
    changes = null;
    if (snapshot != null) {
      snapshot.release();
      snapshot = null;
    }
  }

  private boolean checksConflicts() {
    IsolationLevel level = getTransactionIsolation();
    return level != null && level.isCompatibleWith(IsolationLevels.SNAPSHOT);
  }

  /** Writes the changes in one write transaction of the store (or one bulk load). */
  private void write(Changes c) {
    boolean conflicts = checksConflicts();
    if (!conflicts && c.onlyAdds() && c.added.size() >= BULK_FROM) {
      try (Store.BulkLoad bulk = store.bulkLoad()) {
        List<Quad> quads = new ArrayList<>(c.added.size());
        for (Statement st : c.added) {
          quads.add(quad(st));
        }
        bulk.addAll(quads);
        bulk.commit();
      } catch (RuntimeException e) {
        throw new SailException("the commit failed; nothing of it is in the store: " + e, e);
      }
      return;
    }
    WriteView w = store.quadBackend().beginWrite();
    boolean done = false;
    try {
      if (conflicts && w.baseGeneration() != snapshot.view.generation()) {
        throw new SailConflictException(
            "another transaction committed after this one's snapshot (isolation "
                + getTransactionIsolation()
                + "): roll back and retry");
      }
      if (c.clearedAll) {
        deleteAll(w, QuadView.NONE);
      }
      for (Resource g : c.cleared) {
        long gi = g == null ? w.defaultGraph() : w.id(Values.node(g));
        if (gi != QuadView.NONE) {
          deleteAll(w, gi);
        }
      }
      for (Statement st : c.removed) {
        long g = st.getContext() == null ? w.defaultGraph() : values.id(w, st.getContext());
        long s = values.id(w, st.getSubject());
        long p = values.id(w, st.getPredicate());
        long o = values.id(w, st.getObject());
        if (g != QuadView.NONE && s != QuadView.NONE && p != QuadView.NONE && o != QuadView.NONE) {
          w.delete(g, s, p, o);
        }
      }
      for (Statement st : c.added) {
        long g =
            st.getContext() == null ? w.defaultGraph() : w.idOrCreate(Values.node(st.getContext()));
        w.add(
            g,
            w.idOrCreate(Values.node(st.getSubject())),
            w.idOrCreate(Values.node(st.getPredicate())),
            w.idOrCreate(Values.node(st.getObject())));
      }
      w.commit();
      done = true;
    } catch (SailException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new SailException("the commit failed; nothing of it is in the store: " + e, e);
    } finally {
      if (!done) {
        w.abort();
      }
    }
  }

  private static void deleteAll(WriteView w, long g) {
    List<long[]> all = new ArrayList<>();
    w.find(g, QuadView.NONE, QuadView.NONE, QuadView.NONE).forEachRemaining(all::add);
    for (long[] q : all) {
      w.delete(q[0], q[1], q[2], q[3]);
    }
  }

  static Quad quad(Statement st) {
    return quad(st, st.getContext());
  }

  /** The statement's triple in graph {@code context} (null: the default graph). */
  static Quad quad(Statement st, Resource context) {
    return Quad.create(
        Values.graph(context),
        Values.node(st.getSubject()),
        Values.node(st.getPredicate()),
        Values.node(st.getObject()));
  }

  private Changes changes() {
    if (changes == null) {
      changes = new Changes();
    }
    return changes;
  }

  // ---- statements -----------------------------------------------------------------------------

  @Override
  protected CloseableIteration<? extends Statement> getStatementsInternal(
      Resource subj, IRI pred, Value obj, boolean includeInferred, Resource... contexts)
      throws SailException {
    return statements(subj, pred, obj, contexts);
  }

  /** The statements matching a pattern in this connection's view (a snapshot and its changes). */
  CloseableIteration<Statement> statements(
      Resource subj, IRI pred, Value obj, Resource... contexts) {
    Snapshot snap = readSnapshot();
    Changes c = changes;
    List<Statement> added =
        c == null ? List.of() : c.addedMatching(subj, pred, obj, contexts); // copied now
    Predicate<Statement> hidden = c == null ? null : c.hiddenNow();
    Iterator<Statement> stored;
    try {
      stored = stored(snap.view, subj, pred, obj, contexts);
    } catch (RuntimeException e) {
      snap.release();
      throw e;
    }
    Iterator<Statement> visible = hidden == null ? stored : new Filtered(stored, hidden.negate());
    if (!added.isEmpty()) { // an addition the snapshot holds already (and shows) counts once
      added.removeIf(st -> (hidden == null || !hidden.test(st)) && holds(snap.view, st));
    }
    return new StatementIteration(visible, added.iterator(), snap);
  }

  /** True if the view holds the statement. */
  private boolean holds(QuadView v, Statement st) {
    long g = st.getContext() == null ? v.defaultGraph() : values.id(v, st.getContext());
    long s = values.id(v, st.getSubject());
    long p = values.id(v, st.getPredicate());
    long o = values.id(v, st.getObject());
    return g != QuadView.NONE
        && s != QuadView.NONE
        && p != QuadView.NONE
        && o != QuadView.NONE
        && v.find(g, s, p, o).hasNext();
  }

  /** The store's statements of a pattern in a view, by ids; nothing if a bound term is unknown. */
  private Iterator<Statement> stored(
      QuadView v, Resource subj, IRI pred, Value obj, Resource... contexts) {
    long s = values.id(v, subj);
    long p = values.id(v, pred);
    long o = values.id(v, obj);
    if (subj != null && s == QuadView.NONE
        || pred != null && p == QuadView.NONE
        || obj != null && o == QuadView.NONE) {
      return Collections.emptyIterator();
    }
    if (contexts.length == 0) {
      return map(v, v.find(QuadView.NONE, s, p, o));
    }
    List<Iterator<Statement>> parts = new ArrayList<>();
    for (Resource ctx : new LinkedHashSet<>(Arrays.asList(contexts))) {
      long g = ctx == null ? v.defaultGraph() : values.id(v, ctx);
      if (g != QuadView.NONE) {
        parts.add(map(v, v.find(g, s, p, o)));
      }
    }
    return new Concat(parts.iterator());
  }

  private Iterator<Statement> map(QuadView v, Iterator<long[]> quads) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return quads.hasNext();
      }

      @Override
      public Statement next() {
        return values.statement(v, quads.next());
      }
    };
  }

  @Override
  protected void addStatementInternal(Resource subj, IRI pred, Value obj, Resource... contexts)
      throws SailException {
    Values.node(obj); // an RDF-star triple fails here, at the call, not at commit
    for (Resource c : contexts) {
      if (c instanceof Triple) {
        throw new SailException("context argument can not be of type Triple: " + c);
      }
    }
    if (contexts.length == 0) {
      changes().add(Values.statement(subj, pred, obj, null));
      return;
    }
    for (Resource c : contexts) {
      changes().add(Values.statement(subj, pred, obj, c));
    }
  }

  @Override
  protected void removeStatementsInternal(Resource subj, IRI pred, Value obj, Resource... contexts)
      throws SailException {
    if (subj == null && pred == null && obj == null) {
      changes().clear(contexts);
      return;
    }
    List<Statement> matching = new ArrayList<>();
    try (CloseableIteration<Statement> it = statements(subj, pred, obj, contexts)) {
      it.forEachRemaining(matching::add);
    }
    Changes c = changes();
    matching.forEach(c::remove);
  }

  @Override
  protected void clearInternal(Resource... contexts) throws SailException {
    changes().clear(contexts);
  }

  @Override
  protected long sizeInternal(Resource... contexts) throws SailException {
    if (!hasPendingChanges()) {
      Snapshot snap = readSnapshot();
      try {
        QuadView v = snap.view;
        if (contexts.length == 0) {
          return v.quads();
        }
        long n = 0;
        for (Resource ctx : new LinkedHashSet<>(Arrays.asList(contexts))) {
          long g = ctx == null ? v.defaultGraph() : values.id(v, ctx);
          n += g == QuadView.NONE ? 0 : v.quadsInGraph(g);
        }
        return n;
      } finally {
        snap.release();
      }
    }
    long n = 0;
    try (CloseableIteration<Statement> it = statements(null, null, null, contexts)) {
      while (it.hasNext()) {
        it.next();
        n++;
      }
    }
    return n;
  }

  @Override
  protected CloseableIteration<? extends Resource> getContextIDsInternal() throws SailException {
    Set<Resource> out = new LinkedHashSet<>();
    Snapshot snap = readSnapshot();
    try {
      QuadView v = snap.view;
      for (long g : v.graphs()) {
        if (g != v.defaultGraph()) {
          out.add((Resource) values.value(v, g));
        }
      }
    } finally {
      snap.release();
    }
    if (hasPendingChanges()) {
      Changes c = changes;
      c.added.forEach(
          st -> {
            if (st.getContext() != null) {
              out.add(st.getContext());
            }
          });
      out.removeIf(
          g -> {
            try (CloseableIteration<Statement> it = statements(null, null, null, g)) {
              return !it.hasNext();
            }
          });
    }
    return new CloseableIteratorIteration<>(out.iterator());
  }

  // ---- queries (the Sail's own: RDF4J's evaluation over these statements) --------------------

  @Override
  protected CloseableIteration<? extends BindingSet> evaluateInternal(
      TupleExpr tupleExpr, Dataset dataset, BindingSet bindings, boolean includeInferred)
      throws SailException {
    TripleSource source =
        new TripleSource() {
          @Override
          public CloseableIteration<? extends Statement> getStatements(
              Resource s, IRI p, Value o, Resource... contexts) throws QueryEvaluationException {
            return statements(s, p, o, contexts);
          }

          @Override
          public ValueFactory getValueFactory() {
            return sail.getValueFactory();
          }
        };
    DefaultEvaluationStrategy strategy = new DefaultEvaluationStrategy(source, dataset, null);
    TupleExpr expr = tupleExpr.clone();
    if (!(expr instanceof QueryRoot)) {
      expr = new QueryRoot(expr);
    }
    TupleExpr optimized = strategy.optimize(expr, new EvaluationStatistics(), bindings);
    return strategy.evaluate(optimized, bindings);
  }

  // ---- namespaces -----------------------------------------------------------------------------

  @Override
  protected CloseableIteration<? extends Namespace> getNamespacesInternal() throws SailException {
    List<Namespace> out = new ArrayList<>();
    for (Map.Entry<String, String> e : namespaceView().entrySet()) {
      out.add(new SimpleNamespace(e.getKey(), e.getValue()));
    }
    return new CloseableIteratorIteration<>(out.iterator());
  }

  @Override
  protected String getNamespaceInternal(String prefix) throws SailException {
    return namespaceView().get(prefix);
  }

  /** The namespaces as this connection sees them: the committed ones and its changes. */
  private Map<String, String> namespaceView() {
    return sail.namespaces().view(changes);
  }

  @Override
  protected void setNamespaceInternal(String prefix, String name) throws SailException {
    changes().namespaces.put(prefix, name);
  }

  @Override
  protected void removeNamespaceInternal(String prefix) throws SailException {
    changes().namespaces.put(prefix, null);
  }

  @Override
  protected void clearNamespacesInternal() throws SailException {
    Changes c = changes();
    c.namespaces.clear();
    c.namespacesCleared = true;
  }

  @Override
  protected void closeInternal() throws SailException {
    endTransaction();
  }

  // ---- iterations -----------------------------------------------------------------------------

  /** The stored statements, then the added ones; lets go of its snapshot when closed. */
  private static final class StatementIteration extends AbstractCloseableIteration<Statement> {
    private final Iterator<Statement> stored;
    private final Iterator<Statement> added;
    private Snapshot snapshot;

    StatementIteration(Iterator<Statement> stored, Iterator<Statement> added, Snapshot snapshot) {
      this.stored = stored;
      this.added = added;
      this.snapshot = snapshot;
    }

    @Override
    public boolean hasNext() {
      if (isClosed()) {
        return false;
      }
      if (stored.hasNext() || added.hasNext()) {
        return true;
      }
      close(); // exhausted: the snapshot goes now, not when the caller remembers
      return false;
    }

    @Override
    public Statement next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return stored.hasNext() ? stored.next() : added.next();
    }

    @Override
    protected void handleClose() {
      if (snapshot != null) {
        snapshot.release();
        snapshot = null;
      }
    }
  }

  private static final class Filtered implements Iterator<Statement> {
    private final Iterator<Statement> in;
    private final Predicate<Statement> keep;
    private Statement next;

    Filtered(Iterator<Statement> in, Predicate<Statement> keep) {
      this.in = in;
      this.keep = keep;
    }

    @Override
    public boolean hasNext() {
      while (next == null && in.hasNext()) {
        Statement st = in.next();
        if (keep.test(st)) {
          next = st;
        }
      }
      return next != null;
    }

    @Override
    public Statement next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      Statement st = next;
      next = null;
      return st;
    }
  }

  private static final class Concat implements Iterator<Statement> {
    private final Iterator<Iterator<Statement>> parts;
    private Iterator<Statement> current = Collections.emptyIterator();

    Concat(Iterator<Iterator<Statement>> parts) {
      this.parts = parts;
    }

    @Override
    public boolean hasNext() {
      while (!current.hasNext() && parts.hasNext()) {
        current = parts.next();
      }
      return current.hasNext();
    }

    @Override
    public Statement next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return current.next();
    }
  }
}
