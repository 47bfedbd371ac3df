package dev.quarry.server;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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
 * <p>A caller may also run a request itself ({@link #runHereIfIdle}), if no other request is queued
 * or running, here or in the pools: an I/O thread does so for a quick query (InlineQueries). One at
 * a time, so that under load every request goes to the pools.
 */
final class QueryExecutor extends AbstractExecutorService {
  private static final Logger LOG = LoggerFactory.getLogger(QueryExecutor.class);

  private final ThreadPoolExecutor start; // null: no start phase (the same nice either way)
  private final ThreadPoolExecutor steady;
  private final List<ThreadPoolExecutor> pools; // both, or the steady one alone
  private final int nice;
  private final AtomicInteger held = new AtomicInteger(); // requests queued or running, anywhere
  private final LongAdder ranHere = new LongAdder(); // requests run by their callers
  private final ThreadLocal<Held> running = new ThreadLocal<>(); // on a query thread: its request

  /**
   * A request in a pool, counted in {@link #held} until it has ended or said that its answer is on
   * its way ({@link #answered}), whichever comes first.
   */
  private final class Held extends AtomicBoolean implements Runnable {
    private final Runnable task;

    Held(Runnable task) {
      this.task = task;
      held.incrementAndGet();
    }

    @Override
    public void run() {
      running.set(this);
      try {
        task.run();
      } finally {
        running.remove();
      }
    }

    void release() {
      if (compareAndSet(false, true)) {
        held.decrementAndGet();
      }
    }
  }

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
        ((Held) r).release();
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

  /** True if no request is queued or running. */
  boolean idle() {
    return held.get() == 0;
  }

  /**
   * Runs {@code task} on the calling thread if no other request is queued or running (counted as
   * load for {@link JitSettling}); else returns false at once.
   */
  boolean runHereIfIdle(Runnable task) {
    if (!held.compareAndSet(0, 1)) {
      return false;
    }
    try {
      task.run();
    } finally {
      held.decrementAndGet();
      ranHere.increment();
    }
    return true;
  }

  /**
   * Called on a query thread when its request's answer is about to be sent: the request no longer
   * counts as running. Else the client's next request, read on an I/O thread as soon as the answer
   * arrives, would find it still running (the query thread, niced while the JIT starts, may not yet
   * have returned) and never run there.
   */
  void answered() {
    Held h = running.get();
    if (h != null) {
      h.release();
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
    Held h = new Held(task);
    try {
      p.execute(h);
    } catch (RejectedExecutionException e) {
      try {
        // the start phase ended between the test and the call: the steady pool takes it
        if (p == start && start.isShutdown() && !steady.isShutdown()) {
          steady.execute(h);
          return;
        }
      } catch (RejectedExecutionException again) {
        h.release();
        throw again;
      }
      h.release();
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
