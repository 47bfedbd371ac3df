package dev.quarry.core.text;

import org.apache.jena.graph.Node;

/**
 * What the text index reads of one state of the store (the engine implements it over a writer's
 * working trees, or a committed snapshot's): terms, and which predicates each object is used with.
 */
public interface TextSource {
  /** The term of an id the state holds. */
  Node node(long id);

  /** The id of an IRI, or 0 if the state has none. */
  long id(Node n);

  /** The different predicates of the quads (any graph) with object {@code o}, ascending. */
  long[] predicatesOf(long o);

  /** Each object of the state with its different predicates, in ascending object order. */
  void forEachObject(ObjectVisitor v);

  @FunctionalInterface
  interface ObjectVisitor {
    void visit(long o, long[] predicates, int n);
  }
}
