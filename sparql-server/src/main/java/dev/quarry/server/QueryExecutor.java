package dev.quarry.server;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The query threads, in two pools: while a new server's JIT compiles the query path, queries run on
 * threads niced by {@code server.query-nice-at-start}; once the compilers have settled ({@link
 * JitSettling}), on threads niced by {@code server.query-nice} (0 by default). A thread cannot
 * lower its own nice value without privileges, so the start pool is shut down (its queued requests
 * still run) and the steady pool's threads are made at the server's own priority.
 *
 * <p>Why: with more busy query threads than cores, the kernel shares the CPU equally among them and
 * the compiler threads, and a new server under 16 clients took minutes to reach its warm speed.
 * Niced for good, though, the queries also yield to every other process at nice 0 of their session,
 * a client on the same machine among them (docs/OPERATING.md).
 *
 * <p>Each pool has {@code threads} threads and a queue of {@code queued}; past it, {@link #execute}
 * throws {@link RejectedExecutionException} (the caller answers 503).
 *
 * <p>A caller may also run a request itself ({@link #runHere}) when no request is with the pools
 * ({@link #idle}): an I/O thread does so for a quick query (InlineQueries).
 */
final class QueryExecutor extends AbstractExecutorService {
  private static final Logger LOG = LoggerFactory.getLogger(QueryExecutor.class);

  private final ThreadPoolExecutor start; // null: no start phase (the same nice either way)
  private final ThreadPoolExecutor steady;
  private final List<ThreadPoolExecutor> pools; // both, or the steady one alone
  private final int nice;
  private final AtomicInteger held = new AtomicInteger(); // requests queued or running in the pools
  private final LongAdder ranHere = new LongAdder(); // requests run by their callers

  QueryExecutor(int threads, int queued, int niceAtStart, int nice) {
    this.nice = nice;
    this.steady = pool(threads, queued, new QueryThreads(nice, "quarry-query-"));
    this.start =
        niceAtStart > nice
            ? pool(threads, queued, new QueryThreads(niceAtStart, "quarry-query-start-"))
            : null;
    this.pools = start == null ? List.of(steady) : List.of(start, steady);
  }

  private ThreadPoolExecutor pool(int threads, int queued, QueryThreads factory) {
    return new ThreadPoolExecutor(
        threads, threads, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(queued), factory) {
      @Override
      protected void afterExecute(Runnable r, Throwable t) {
        held.decrementAndGet();
      }
    };
  }

  /** Whether queries still run on the start pool's threads: until it is shut down. */
  boolean starting() {
    return start != null && !start.isShutdown();
  }

  /**
   * Requests completed on the start pool, and run by their callers, so far (what {@link
   * JitSettling} sees as load).
   */
  long startCompleted() {
    return start == null ? 0 : start.getCompletedTaskCount() + ranHere.sum();
  }

  /** True if no request is queued for or running on a query thread. */
  boolean idle() {
    return held.get() == 0;
  }

  /** Runs {@code task} on the calling thread, counted as load for {@link JitSettling}. */
  void runHere(Runnable task) {
    try {
      task.run();
    } finally {
      ranHere.increment();
    }
  }

  /** Ends the start phase: later requests run on the steady pool. Idempotent. */
  synchronized void endStart(String why) {
    if (!starting()) {
      return;
    }
    start.shutdown(); // its idle threads end now, the busy ones after the requests they hold
    LOG.info("{}: queries now run at nice +{}", why, nice);
  }

  @Override
  public void execute(Runnable task) {
    ThreadPoolExecutor p = starting() ? start : steady;
    held.incrementAndGet(); // before the task can end on a query thread
    try {
      p.execute(task);
    } catch (RejectedExecutionException e) {
      try {
        // the start phase ended between the test and the call: the steady pool takes it
        if (p == start && start.isShutdown() && !steady.isShutdown()) {
          steady.execute(task);
          return;
        }
      } catch (RejectedExecutionException again) {
        held.decrementAndGet();
        throw again;
      }
      held.decrementAndGet();
      throw e;
    }
  }

  /** Requests waiting for a query thread. */
  int queued() {
    return pools.stream().mapToInt(p -> p.getQueue().size()).sum();
  }

  /** Requests running on query threads. */
  int active() {
    return pools.stream().mapToInt(ThreadPoolExecutor::getActiveCount).sum();
  }

  @Override
  public void shutdown() {
    pools.forEach(ThreadPoolExecutor::shutdown);
  }

  @Override
  public List<Runnable> shutdownNow() {
    List<Runnable> left = new ArrayList<>();
    pools.forEach(p -> left.addAll(p.shutdownNow()));
    return left;
  }

  @Override
  public boolean isShutdown() {
    return steady.isShutdown();
  }

  @Override
  public boolean isTerminated() {
    return pools.stream().allMatch(ThreadPoolExecutor::isTerminated);
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    long deadline = System.nanoTime() + unit.toNanos(timeout);
    boolean done = true;
    for (ThreadPoolExecutor p : pools) {
      done &= p.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    }
    return done;
  }
}
