package dev.quarry.server.sparql;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * The time limits of running queries, kept by one daemon thread that looks at them every {@link
 * #TICK_MS} ms while any runs (and sleeps while none does): a query past its deadline has its
 * cancel signal set, which its operators check between batches. Jena's {@code AlarmClock}, which
 * {@code QueryExecDataset} uses, schedules a task per query and leaves a cancelled one queued until
 * its time: with the default limit, a minute's worth of every query's tasks.
 */
final class Deadlines {
  static final long TICK_MS = 10;

  private static final Set<Watch> RUNNING = ConcurrentHashMap.newKeySet();
  private static volatile boolean idle;
  private static final Thread SWEEPER =
      Thread.ofPlatform().daemon().name("quarry-deadlines").unstarted(Deadlines::sweep);

  static {
    SWEEPER.start();
  }

  private Deadlines() {}

  /**
   * Starts the sweeper now (class initialization), from the calling thread: a thread inherits its
   * maker's nice value, and a query thread may run niced (server.query-nice-at-start).
   */
  static void start() {
    // the static initializer has run by the time this is called
  }

  /** A query's time limit; closing it (when the query ends) stops watching. */
  static final class Watch implements AutoCloseable {
    private final long deadline;
    private final AtomicBoolean cancel;

    private Watch(long deadline, AtomicBoolean cancel) {
      this.deadline = deadline;
      this.cancel = cancel;
    }

    @Override
    public void close() {
      RUNNING.remove(this);
    }
  }

  /** Sets {@code cancel} once {@code millis} have passed, unless the watch is closed first. */
  static Watch watch(long millis, AtomicBoolean cancel) {
    Watch w = new Watch(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis), cancel);
    RUNNING.add(w);
    if (idle) { // the sweeper sets idle before it looks again, so it sees w or is woken here
      LockSupport.unpark(SWEEPER);
    }
    return w;
  }

  private static void sweep() {
    while (true) {
      if (RUNNING.isEmpty()) {
        idle = true;
        if (RUNNING.isEmpty()) {
          LockSupport.park();
        }
        idle = false;
        continue;
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(TICK_MS));
      long now = System.nanoTime();
      for (Watch w : RUNNING) {
        if (now - w.deadline >= 0) {
          w.cancel.set(true);
          RUNNING.remove(w);
        }
      }
    }
  }
}
