package dev.quarry.core.query.memory;

/**
 * A query needed more memory than its budget, even with every operator that can spill to disk
 * spilling: what needed it is in the message, with the limit to raise.
 */
public final class QueryMemoryExceeded extends RuntimeException {
  public QueryMemoryExceeded(String message) {
    super(message);
  }
}
