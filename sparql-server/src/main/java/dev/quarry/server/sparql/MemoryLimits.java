package dev.quarry.server.sparql;

import dev.quarry.core.query.memory.MemoryPool;
import dev.quarry.core.query.memory.QueryMemory;

/**
 * The memory the server's queries and updates hold rows in: the pool of all of them
 * (limits.total-query-memory) and one request's share (limits.query-memory).
 */
public record MemoryLimits(MemoryPool pool, long perRequest) {
  /** The process's default pool, a quarter of it per request (the command line's). */
  public static MemoryLimits defaults() {
    MemoryPool p = MemoryPool.defaultPool();
    return new MemoryLimits(p, p.total() / 4);
  }

  /** A request's share; closing it frees what the request left. */
  public QueryMemory open() {
    return pool.open(perRequest);
  }
}
