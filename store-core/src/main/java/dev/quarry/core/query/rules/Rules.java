package dev.quarry.core.query.rules;

import dev.quarry.core.index.spi.QuadView;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.vocabulary.RDF;
import org.apache.jena.vocabulary.RDFS;

/**
 * An RDFS rule set for query-time inference, built from the rdfs:subClassOf and rdfs:subPropertyOf
 * triples of one graph, closed transitively once: a pattern {@code ?x rdf:type C} also matches
 * instances of every direct or indirect subclass of C, and {@code ?s P ?o} every direct or indirect
 * subproperty of P. Nothing else is inferred (no domain, range, or OWL).
 */
public final class Rules {
  private final long type;
  private final Map<Long, long[]> subClasses;
  private final Map<Long, long[]> superClasses;
  private final Map<Long, long[]> subProperties;

  private Rules(
      long type,
      Map<Long, long[]> subClasses,
      Map<Long, long[]> superClasses,
      Map<Long, long[]> subProperties) {
    this.type = type;
    this.subClasses = subClasses;
    this.superClasses = superClasses;
    this.subProperties = subProperties;
  }

  /** Reads the schema triples of graph {@code graph} and closes them. */
  public static Rules build(QuadView view, long graph) {
    long type = view.id(RDF.type.asNode());
    Map<Long, List<Long>> classUp = edges(view, graph, RDFS.subClassOf.asNode());
    Map<Long, List<Long>> propUp = edges(view, graph, RDFS.subPropertyOf.asNode());
    return new Rules(type, closure(invert(classUp)), closure(classUp), closure(invert(propUp)));
  }

  /** Subject -> objects of predicate {@code p} in graph {@code g}. */
  private static Map<Long, List<Long>> edges(QuadView view, long g, Node p) {
    Map<Long, List<Long>> out = new HashMap<>();
    long pid = view.id(p);
    if (pid == 0) {
      return out;
    }
    for (Iterator<long[]> it = view.find(g, 0, pid, 0); it.hasNext(); ) {
      long[] q = it.next();
      out.computeIfAbsent(q[1], k -> new ArrayList<>()).add(q[3]);
    }
    return out;
  }

  private static Map<Long, List<Long>> invert(Map<Long, List<Long>> edges) {
    Map<Long, List<Long>> out = new HashMap<>();
    edges.forEach(
        (from, tos) ->
            tos.forEach(to -> out.computeIfAbsent(to, k -> new ArrayList<>()).add(from)));
    return out;
  }

  /** For every node, itself and everything reachable from it (cycles allowed). */
  private static Map<Long, long[]> closure(Map<Long, List<Long>> edges) {
    Map<Long, long[]> out = new HashMap<>();
    for (Long start : edges.keySet()) {
      Set<Long> seen = new LinkedHashSet<>();
      ArrayDeque<Long> todo = new ArrayDeque<>();
      todo.add(start);
      while (!todo.isEmpty()) {
        Long n = todo.poll();
        if (seen.add(n)) {
          todo.addAll(edges.getOrDefault(n, List.of()));
        }
      }
      out.put(start, seen.stream().mapToLong(Long::longValue).toArray());
    }
    return out;
  }

  public long typeId() {
    return type;
  }

  /** C and all its subclasses. */
  public long[] subClassesOf(long c) {
    return subClasses.getOrDefault(c, new long[] {c});
  }

  /** D and all its superclasses. */
  public long[] superClassesOf(long d) {
    return superClasses.getOrDefault(d, new long[] {d});
  }

  /** P and all its subproperties. */
  public long[] subPropertiesOf(long p) {
    return subProperties.getOrDefault(p, new long[] {p});
  }

  public boolean isEmpty() {
    return subClasses.isEmpty() && subProperties.isEmpty();
  }
}
