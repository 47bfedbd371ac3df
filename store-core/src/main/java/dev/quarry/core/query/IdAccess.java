package dev.quarry.core.query;

import java.util.Iterator;
import org.apache.jena.graph.Node;

/**
 * What the executor needs from the store, on the calling thread's transaction: terms to ids and
 * back, quads by pattern of ids, and statistics for ordering.
 */
public interface IdAccess {
  /** The id of a concrete term, or 0 if the store does not have it. */
  long id(Node n);

  Node node(long id);

  /** Quads {@code {g, s, p, o}} matching ids (0 = any). */
  Iterator<long[]> find(long g, long s, long p, long o);

  /** Quads with predicate {@code p}, for ordering joins. */
  long quadsWithPredicate(long p);

  long quads();

  /** The id of the default graph. */
  long defaultGraph();
}
