package dev.quarry.core.interim;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.query.ReadWrite;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphWrapper;
import org.apache.jena.sparql.core.DatasetGraphWrapperView;
import org.apache.jena.sparql.core.GraphView;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;

/**
 * Jena's in-memory transactional dataset with every committed write transaction journaled to disk
 * before the commit completes.
 *
 * <p>All changes are routed through this class (graph views included) so that none can bypass the
 * journal; it is a {@link DatasetGraphWrapperView} so that ARQ does not unwrap it to the base.
 */
final class JournalingDatasetGraph extends DatasetGraphWrapper implements DatasetGraphWrapperView {
  private final Journal journal;

  // The net effect of the write transaction in progress: quad -> added (true) or deleted (false).
  // Later operations on a quad replace earlier ones, as they do on a set. Only the writer uses it.
  private final Map<Quad, Boolean> pending = new LinkedHashMap<>();

  JournalingDatasetGraph(DatasetGraph base, Journal journal) {
    super(base);
    this.journal = journal;
  }

  @Override
  public void add(Quad quad) {
    if (!isInTransaction()) {
      Txn.executeWrite(this, () -> add(quad));
      return;
    }
    get().add(quad);
    pending.put(normalize(quad), Boolean.TRUE);
  }

  @Override
  public void add(Node g, Node s, Node p, Node o) {
    add(Quad.create(g, s, p, o));
  }

  @Override
  public void delete(Quad quad) {
    if (!isInTransaction()) {
      Txn.executeWrite(this, () -> delete(quad));
      return;
    }
    get().delete(quad);
    pending.put(normalize(quad), Boolean.FALSE);
  }

  @Override
  public void delete(Node g, Node s, Node p, Node o) {
    delete(Quad.create(g, s, p, o));
  }

  @Override
  public void deleteAny(Node g, Node s, Node p, Node o) {
    if (!isInTransaction()) {
      Txn.executeWrite(this, () -> deleteAny(g, s, p, o));
      return;
    }
    List<Quad> victims = Iter.toList(find(g, s, p, o));
    victims.forEach(this::delete);
  }

  @Override
  public void clear() {
    deleteAny(Node.ANY, Node.ANY, Node.ANY, Node.ANY);
  }

  @Override
  public void removeGraph(Node graphName) {
    deleteAny(graphName, Node.ANY, Node.ANY, Node.ANY);
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
  public Graph getDefaultGraph() {
    return GraphView.createDefaultGraph(this);
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
  public void commit() {
    if (transactionMode() == ReadWrite.WRITE && !pending.isEmpty()) {
      List<Quad> deletes = new ArrayList<>();
      List<Quad> adds = new ArrayList<>();
      pending.forEach((q, added) -> (added ? adds : deletes).add(q));
      try {
        journal.append(deletes, adds);
      } catch (IOException e) {
        abort();
        throw new UncheckedIOException("commit failed, transaction aborted: " + e.getMessage(), e);
      }
    }
    pending.clear();
    get().commit();
  }

  @Override
  public void abort() {
    pending.clear();
    get().abort();
  }

  @Override
  public void end() {
    if (isInTransaction() && transactionMode() == ReadWrite.WRITE) {
      pending.clear(); // end() without commit() is an abort
    }
    get().end();
  }

  private static Quad normalize(Quad q) {
    return Quad.isDefaultGraph(q.getGraph()) ? Quad.create(Quad.defaultGraphIRI, q.asTriple()) : q;
  }
}
