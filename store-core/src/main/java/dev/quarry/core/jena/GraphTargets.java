package dev.quarry.core.jena;

import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.query.QuarryOpExecutor;
import java.util.Arrays;
import java.util.Collection;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphWrapper;
import org.apache.jena.sparql.core.DynamicDatasets;
import org.apache.jena.sparql.core.GraphView;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.graph.GraphReadOnly;
import org.apache.jena.sparql.graph.GraphUnionRead;

/**
 * Where the id executor can run a pattern: which graph of which Quarry dataset ARQ's active graph
 * is, seen through ARQ's wrappers. A graph of this dataset ({@link GraphView}), possibly read-only
 * (protocol datasets); or the default graph ARQ builds for {@code FROM <g>}: a dynamic dataset over
 * this one whose description names one default graph. Anything else (the union graph, several FROM
 * graphs, another dataset's graph) is left to ARQ: slower, never wrong.
 */
final class GraphTargets {
  /** The name {@link #name} gives the empty default graph of a dataset with FROM NAMED only. */
  private static final Node NO_GRAPH = NodeFactory.createBlankNode();

  private final QuarryDatasetGraph dataset;

  GraphTargets(QuarryDatasetGraph dataset) {
    this.dataset = dataset;
  }

  /** The target for the active graph of a query on {@code queried}, or null to leave it to ARQ. */
  QuarryOpExecutor.Target target(Graph active, DatasetGraph queried) {
    QuadView v = dataset.currentView();
    if (v == null) {
      return null;
    }
    Node name = name(active, queried);
    if (name == null) {
      return null;
    }
    if (Quad.isUnionGraph(name)) {
      return null; // the union graph: ARQ's way is right
    }
    long g =
        name == NO_GRAPH
            ? QuarryOpExecutor.EMPTY_GRAPH
            : Quad.isDefaultGraph(name) ? v.defaultGraph() : v.id(name);
    if (g == QuadView.NONE || (dataset.unionDefault() && g == v.defaultGraph())) {
      return null; // a graph the store does not have, or the default graph as union
    }
    return new QuarryOpExecutor.Target(v, g, () -> namedGraphs(queried, v));
  }

  /**
   * The ids of the named graphs of the dataset queried: the store's graphs but the default for this
   * dataset (or a wrapper of it), the FROM NAMED graphs the store holds for a dynamic dataset over
   * it; null for any other dataset (its GRAPH is then ARQ's).
   */
  private long[] namedGraphs(DatasetGraph queried, QuadView v) {
    long def = v.defaultGraph();
    if (queried instanceof DynamicDatasets.DynamicDatasetGraph dyn
        && dyn.getOriginal() == dataset) {
      return dyn.getOriginalNamedGraphs().stream()
          .mapToLong(v::id)
          .filter(id -> id != QuadView.NONE && id != def)
          .distinct()
          .toArray();
    }
    DatasetGraph d = queried;
    while (d instanceof DatasetGraphWrapper w
        && !(d instanceof DynamicDatasets.DynamicDatasetGraph)) {
      d = w.getWrapped();
    }
    return d == dataset ? Arrays.stream(v.graphs()).filter(g -> g != def).toArray() : null;
  }

  /** The name of the graph of this dataset that {@code active} is, or null. */
  private Node name(Graph active, DatasetGraph queried) {
    Graph g = active;
    while (g instanceof GraphReadOnly ro) {
      g = ro.getWrapped();
    }
    if (g instanceof GraphView gv && gv.getDataset() == dataset) {
      Node n = gv.getGraphName();
      return n == null ? Quad.defaultGraphIRI : n;
    }
    if (g instanceof GraphUnionRead
        && queried instanceof DynamicDatasets.DynamicDatasetGraph dyn
        && dyn.getOriginal() == dataset) {
      Collection<Node> from = dyn.getOriginalDefaultGraphs();
      return from.isEmpty() ? NO_GRAPH : from.size() == 1 ? from.iterator().next() : null;
    }
    return null;
  }
}
