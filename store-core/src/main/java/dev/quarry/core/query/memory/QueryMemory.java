package dev.quarry.core.query.memory;

import java.util.ArrayList;
import java.util.List;
import org.apache.jena.sparql.util.Context;
import org.apache.jena.sparql.util.Symbol;

/**
 * One query's memory: operators reserve bytes before they hold more rows and release them when they
 * let go; when a reservation is refused (the query's limit, or the pool, is reached) an operator
 * that can spill writes its rows to a {@link SpillFile}, and one that cannot fails the query with
 * {@link QueryMemoryExceeded}. Closing gives back whatever is still reserved and deletes the
 * query's spill files, so an operator that failed half-way leaks nothing.
 */
public final class QueryMemory implements AutoCloseable {
  /** The setting a refused query is told to raise, as the server names it. */
  public static final String LIMIT_NAME = "limits.query-memory";

  /**
   * Query context key: the {@code QueryMemory} a query runs within. The caller that sets it closes
   * it when the query ends; without one, a query draws on {@link MemoryPool#defaultPool()}.
   */
  public static final Symbol CONTEXT = Symbol.create("https://quarry.dev/ns#queryMemory");

  private final MemoryPool pool;
  private final long limit;
  private final List<SpillFile> files = new ArrayList<>();
  private long reserved;
  private long peak;
  private long spilled;
  private boolean closed;
  private boolean refusedByPool; // why the last refusal was: the pool, or this query's limit

  QueryMemory(MemoryPool pool, long limit) {
    this.pool = pool;
    this.limit = limit;
  }

  /**
   * The memory of the query {@code context} belongs to: the one set there, or else a share of the
   * default pool (a quarter of it), kept in the context for the query's other operators.
   */
  public static QueryMemory of(Context context) {
    if (context == null) {
      return MemoryPool.defaultPool().open(MemoryPool.defaultPool().total() / 4);
    }
    synchronized (context) {
      if (context.get(CONTEXT) instanceof QueryMemory m) {
        return m;
      }
      QueryMemory m = MemoryPool.defaultPool().open(MemoryPool.defaultPool().total() / 4);
      context.set(CONTEXT, m);
      return m;
    }
  }

  /** Reserves {@code bytes} if the query's limit and the pool allow it. */
  public synchronized boolean tryReserve(long bytes) {
    if (bytes <= 0) {
      return true;
    }
    if (closed || reserved + bytes > limit) {
      refusedByPool = false;
      return false;
    }
    if (!pool.take(bytes)) {
      refusedByPool = true;
      return false;
    }
    reserved += bytes;
    peak = Math.max(peak, reserved);
    return true;
  }

  /**
   * Reserves {@code bytes} for something that cannot spill, or fails the query saying {@code what}
   * needed it.
   */
  public void reserve(long bytes, String what) {
    if (!tryReserve(bytes)) {
      throw exceeded(what);
    }
  }

  /** The error for {@code what} needing more than this query may have. */
  public QueryMemoryExceeded exceeded(String what) {
    boolean poolFull;
    synchronized (this) {
      poolFull = refusedByPool;
    }
    return new QueryMemoryExceeded(
        "the query needs more memory than it may have for "
            + what
            + (poolFull
                ? ": the memory all running queries may hold together is in use (limits.total-query-memory, "
                    + mb(pool.total())
                    + ")"
                : " (" + LIMIT_NAME + ": " + mb(limit) + ", " + mb(reserved) + " held)")
            + ", even with its sorts, DISTINCT and groups spilled to disk");
  }

  private static String mb(long bytes) {
    return (bytes + (1 << 19)) / (1 << 20) + " MB";
  }

  public synchronized void release(long bytes) {
    bytes = Math.min(bytes, reserved);
    if (bytes > 0) {
      reserved -= bytes;
      pool.give(bytes);
    }
  }

  /** A new spill file of this query, deleted when the caller closes it or the query ends. */
  public synchronized SpillFile newSpillFile() {
    if (closed) {
      throw new IllegalStateException("the query has ended");
    }
    SpillFile f = pool.spillSpace().create(this);
    files.add(f);
    return f;
  }

  synchronized void spilled(long bytes) {
    spilled += bytes;
    pool.spilled(bytes);
  }

  synchronized void forget(SpillFile f) {
    files.remove(f);
  }

  public long limit() {
    return limit;
  }

  public synchronized long reserved() {
    return reserved;
  }

  /** The most this query held at once. */
  public synchronized long peak() {
    return peak;
  }

  /** Bytes this query wrote to spill files. */
  public synchronized long spilled() {
    return spilled;
  }

  @Override
  public void close() {
    List<SpillFile> left;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      left = new ArrayList<>(files);
      files.clear();
      pool.give(reserved);
      reserved = 0;
    }
    left.forEach(SpillFile::close);
  }
}
