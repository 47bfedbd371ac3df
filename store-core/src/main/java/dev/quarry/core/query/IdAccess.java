package dev.quarry.core.query;

import dev.quarry.core.btree.RowSink;
import java.util.Iterator;
import org.apache.jena.graph.Node;

/**
 * What the executor needs from the store, on the calling thread's transaction: terms to ids and
 * back, quads by pattern of ids, vectored index lookups, and statistics for planning.
 */
public interface IdAccess {
  /** The id of a concrete term, or 0 if the store does not have it. */
  long id(Node n);

  Node node(long id);

  /** Quads {@code {g, s, p, o}} matching ids (0 = any). */
  Iterator<long[]> find(long g, long s, long p, long o);

  /**
   * Quads {@code {g, s, p, o}} of predicate p in graph g (0 = any) whose object id lies in one of
   * the ranges {@code [ranges[2i], ranges[2i+1]]} (ascending, disjoint), streamed in POGS order.
   */
  Iterator<long[]> findObjectIn(long g, long p, long[] ranges);

  /**
   * A vectored lookup on PSOG (rows {@code p, s, o, g}) or POGS (rows {@code p, o, g, s}): probe
   * {@code i} is the range {@code [los[i*4..], his[i*4..]]}, probes sorted by {@code los}.
   */
  void lookupBatch(boolean psog, long[] los, long[] his, int n, RowSink sink);

  /**
   * About how many quads match ids with p bound (0 = any): exact when few, else an estimate from
   * the index's shape. For patterns with a constant subject or object, where averages mislead.
   */
  long estimate(long g, long s, long p, long o);

  /** Quads with predicate {@code p}. */
  long quadsWithPredicate(long p);

  /** Distinct subjects of predicate {@code p}. */
  long distinctSubjects(long p);

  /** Distinct objects of predicate {@code p}. */
  long distinctObjects(long p);

  long quads();

  /** The id of the default graph. */
  long defaultGraph();

  /** The commit this view reads, or -1 inside a write transaction (it changes as it writes). */
  long generation();
}
