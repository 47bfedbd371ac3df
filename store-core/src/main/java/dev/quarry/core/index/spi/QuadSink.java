package dev.quarry.core.index.spi;

/** Receives the quads of a vectored lookup ({@link QuadView#lookup}). */
@FunctionalInterface
public interface QuadSink {
  /** One quad matching probe {@code probe}; returns false to stop the lookup. */
  boolean accept(int probe, long g, long s, long p, long o);
}
