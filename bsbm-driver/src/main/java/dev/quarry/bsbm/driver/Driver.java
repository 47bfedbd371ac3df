package dev.quarry.bsbm.driver;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a plan against a target with N clients (SPEC §12): clients take the next mix from a shared
 * queue; the measured phase starts when every warm-up mix is done, and its wall-clock time runs
 * until the last client finishes. A query's time runs from just before it is sent until its last
 * result is read; a mix's runtime is the sum of its queries' times.
 */
public final class Driver {
  /** One measured query execution. */
  public record Execution(int template, long nanos, long results, boolean timedOut) {}

  /** One measured mix: its runtime and when it ended, from the start of the measured phase. */
  public record MixTiming(int index, long runtimeNanos, long endNanos) {}

  /**
   * Everything measured; {@code startEpochMillis}: the wall clock when the measured phase began.
   */
  public record Measurements(
      List<Execution> executions,
      List<MixTiming> mixes,
      long wallNanos,
      int clients,
      long startEpochMillis) {}

  /** Told after each mix: the phase, mixes done of its total, nanoseconds since it began. */
  public interface Progress {
    void mixDone(boolean warmUp, int done, int total, long phaseNanos);
  }

  private Driver() {}

  public static Measurements run(
      Target target,
      MixPlan.Mixes plan,
      int clients,
      Duration timeout,
      Duration duration,
      Progress progress)
      throws Exception {
    phase(target, plan.warmUps(), clients, timeout, progress, true, 0, Long.MAX_VALUE);
    long startEpochMillis = System.currentTimeMillis();
    long start = System.nanoTime();
    long limit = duration == null ? Long.MAX_VALUE : duration.toNanos();
    List<Recorder> recorders =
        phase(target, plan.measured(), clients, timeout, progress, false, start, limit);
    long wall = System.nanoTime() - start;
    List<Execution> executions = new ArrayList<>();
    List<MixTiming> mixes = new ArrayList<>();
    for (Recorder r : recorders) {
      executions.addAll(r.executions);
      mixes.addAll(r.mixes);
    }
    mixes.sort(Comparator.comparingLong(MixTiming::endNanos));
    return new Measurements(
        List.copyOf(executions), List.copyOf(mixes), wall, clients, startEpochMillis);
  }

  private static List<Recorder> phase(
      Target target,
      List<MixPlan.Mix> mixes,
      int clients,
      Duration timeout,
      Progress progress,
      boolean warmUp,
      long start,
      long limitNanos)
      throws Exception {
    long began = System.nanoTime();
    AtomicInteger next = new AtomicInteger();
    AtomicInteger done = new AtomicInteger();
    AtomicReference<Exception> failure = new AtomicReference<>();
    List<Recorder> recorders = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (int c = 0; c < clients; c++) {
      Recorder rec = new Recorder();
      recorders.add(rec);
      threads.add(
          Thread.ofPlatform()
              .name("bsbm-client-" + c)
              .start(
                  () -> {
                    try {
                      for (int i;
                          failure.get() == null
                              && System.nanoTime() - began < limitNanos
                              && (i = next.getAndIncrement()) < mixes.size(); ) {
                        rec.run(target, mixes.get(i), timeout, warmUp, start);
                        if (progress != null) {
                          progress.mixDone(
                              warmUp,
                              done.incrementAndGet(),
                              mixes.size(),
                              System.nanoTime() - began);
                        }
                      }
                    } catch (Exception e) {
                      failure.compareAndSet(null, e);
                    }
                  }));
    }
    for (Thread t : threads) {
      t.join();
    }
    if (failure.get() != null) {
      throw failure.get();
    }
    return recorders;
  }

  /** One client's measurements. */
  private static final class Recorder {
    final List<Execution> executions = new ArrayList<>();
    final List<MixTiming> mixes = new ArrayList<>();

    void run(Target target, MixPlan.Mix mix, Duration timeout, boolean warmUp, long start)
        throws Exception {
      long runtime = 0;
      for (MixPlan.Planned q : mix.queries()) {
        if (q.ignored()) {
          continue;
        }
        long t0 = System.nanoTime();
        Target.Outcome outcome;
        try {
          outcome = target.execute(q.template().kind(), q.text(), timeout);
        } catch (Exception e) {
          throw new QueryFailedException(q, e);
        }
        long nanos = System.nanoTime() - t0;
        if (outcome.timedOut() && timeout != null) {
          nanos = timeout.toNanos();
        }
        runtime += nanos;
        if (!warmUp) {
          executions.add(
              new Execution(q.template().number(), nanos, outcome.results(), outcome.timedOut()));
        }
      }
      if (!warmUp) {
        mixes.add(new MixTiming(mix.index(), runtime, System.nanoTime() - start));
      }
    }
  }

  /** A query failed: the run stops, naming the template and the query sent. */
  public static final class QueryFailedException extends Exception {
    QueryFailedException(MixPlan.Planned q, Exception cause) {
      super(
          q.template().name()
              + " failed: "
              + (cause.getMessage() == null ? cause.toString() : cause.getMessage())
              + "\nquery sent:\n"
              + q.text(),
          cause);
    }
  }
}
