package dev.quarry.server;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.ForkJoinPool;

/**
 * Ends the query threads' start phase ({@link QueryExecutor}) once the JIT's compilers have
 * settled: three one-second samples in a row in which requests completed and the compilers were at
 * work for less than a tenth of the second, by the JVM's accumulated compilation time. A second
 * without requests says nothing about the query path and is skipped, so an idle server stays in its
 * start phase until its first load has been compiled; ten minutes of samples with requests end it
 * anyway.
 */
final class JitSettling {
  static final long SAMPLE_MILLIS = 1_000;

  private JitSettling() {}

  /** The rule, apart from the clock. */
  static final class Rule {
    static final int QUIET_SAMPLES = 3;
    static final long QUIET_MILLIS = 100; // of compilation in a one-second sample
    static final int MAX_SAMPLES = 600;

    private int quiet;
    private int loaded;

    /**
     * One sample: the compilers' milliseconds and the requests completed since the last one. True
     * once the phase should end.
     */
    boolean settled(long compileMillis, long requests) {
      if (requests == 0) {
        return false;
      }
      loaded++;
      quiet = compileMillis < QUIET_MILLIS ? quiet + 1 : 0;
      return quiet >= QUIET_SAMPLES || loaded >= MAX_SAMPLES;
    }
  }

  /** Watches on a daemon thread of its own until the phase has ended (at once without one). */
  static void watch(QueryExecutor queries) {
    if (!queries.starting()) {
      return;
    }
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
      queries.endStart("this JVM does not report its compilers' time");
      return;
    }
    Thread t = new Thread(() -> run(queries, jit), "quarry-jit-settling");
    t.setDaemon(true);
    t.start();
  }

  private static void run(QueryExecutor queries, CompilationMXBean jit) {
    long began = System.nanoTime();
    Rule rule = new Rule();
    long compiled = jit.getTotalCompilationTime();
    long done = queries.startCompleted();
    while (queries.starting()) {
      // Keeps the common fork-join pool's worker (the caches' upkeep) busy enough not to end, so
      // that no niced query thread starts one: a thread inherits its maker's nice value.
      ForkJoinPool.commonPool().execute(() -> {});
      try {
        Thread.sleep(SAMPLE_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
      long c = jit.getTotalCompilationTime();
      long d = queries.startCompleted();
      if (rule.settled(c - compiled, d - done)) {
        queries.endStart(
            String.format(
                "the JIT's compilers settled %d s after the server started (%,d requests, %.1f s"
                    + " of compilation)",
                (System.nanoTime() - began) / 1_000_000_000L, d, c / 1000.0));
        return;
      }
      compiled = c;
      done = d;
    }
  }
}
