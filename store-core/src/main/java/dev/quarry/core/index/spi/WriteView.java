package dev.quarry.core.index.spi;

import org.apache.jena.graph.Node;

/**
 * The writer's view: what it reads includes its own changes. One writer at a time per store;
 * nothing it does is visible to others until {@link #commit}, and {@link #abort} leaves the store
 * exactly as it was (its new terms included).
 */
public interface WriteView extends QuadView {
  /** The id of {@code n}, adding the term if the store lacks it. */
  long idOrCreate(Node n);

  /** Adds a quad of ids; false if it was there. */
  boolean add(long g, long s, long p, long o);

  /** Removes a quad of ids; false if it was not there. */
  boolean delete(long g, long s, long p, long o);

  /** The commit this writer started from (to tell whether a reader may become it in isolation). */
  long baseGeneration();

  /** Makes the changes durable and visible to readers that begin after; returns when durable. */
  void commit();

  /** Throws the changes away. Harmless after commit or abort. */
  void abort();
}
