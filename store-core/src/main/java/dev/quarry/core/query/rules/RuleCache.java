package dev.quarry.core.query.rules;

import dev.quarry.core.index.spi.QuadView;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

/**
 * The rule sets of one dataset, by ontology graph and commit: built once per commit that is read,
 * so a change to the ontology graph is seen by the next query. Inside a write transaction (whose
 * state changes as it writes) rules are built afresh.
 */
public final class RuleCache {
  private record Key(long graph, long generation) {}

  private final Map<Key, Rules> cache =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Rules> e) {
          return size() > 8;
        }
      };

  /** The rules for an inference setting (an IRI string or Node), or null for none. */
  public synchronized Rules of(Object setting, QuadView view) {
    if (setting == null || setting.toString().isBlank()) {
      return null;
    }
    Node g = setting instanceof Node n ? n : NodeFactory.createURI(setting.toString());
    long graph = view.id(g);
    if (graph == 0) {
      return null; // no such graph: nothing to infer
    }
    long gen = view.generation();
    if (gen < 0) {
      return Rules.build(view, graph);
    }
    return cache.computeIfAbsent(new Key(graph, gen), k -> Rules.build(view, graph));
  }
}
