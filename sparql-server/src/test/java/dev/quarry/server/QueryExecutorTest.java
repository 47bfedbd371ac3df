package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Queries run niced while the JIT starts, then at the steady nice, and no request is lost. */
@Timeout(30)
class QueryExecutorTest {

  private record Seen(String thread, int nice) {}

  private static Seen runOn(QueryExecutor q) throws Exception {
    CompletableFuture<Seen> seen = new CompletableFuture<>();
    q.execute(
        () ->
            seen.complete(
                new Seen(Thread.currentThread().getName(), QueryThreadsTest.niceOfThisThread())));
    return seen.get(10, TimeUnit.SECONDS);
  }

  @Test
  void queriesRunNicedUntilTheStartEndsThenAtTheSteadyNice() throws Exception {
    assumeTrue(Files.isReadable(QueryThreadsTest.SELF), "needs Linux's /proc/thread-self");
    int base = QueryThreadsTest.niceOfThisThread();
    assumeTrue(base <= 12, "the test JVM already runs at nice " + base);
    QueryExecutor q = new QueryExecutor(2, 8, 7, 0);
    try {
      assertTrue(q.starting());
      Seen first = runOn(q);
      assertEquals(base + 7, first.nice());
      assertTrue(first.thread().startsWith("quarry-query-start-"), first.thread());
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (q.startCompleted() < 1 && System.nanoTime() < deadline) {
        Thread.sleep(1); // counted once the task has returned
      }
      assertEquals(1, q.startCompleted(), "the watcher's measure of load");

      q.endStart("test");
      assertFalse(q.starting());
      Seen later = runOn(q);
      assertEquals(base, later.nice(), "threads made after the start phase are not niced");
      assertTrue(later.thread().startsWith("quarry-query-"), later.thread());
      assertFalse(later.thread().startsWith("quarry-query-start-"), later.thread());
    } finally {
      q.shutdownNow();
    }
  }

  @Test
  void theSameNiceAtStartAndAfterMeansOnePoolAndNoStartPhase() throws Exception {
    QueryExecutor q = new QueryExecutor(1, 1, 5, 5);
    try {
      assertFalse(q.starting());
      assertTrue(runOn(q).thread().startsWith("quarry-query-1"));
    } finally {
      q.shutdownNow();
    }
  }

  /** Requests sent while the phase ends all run: none falls between the two pools. */
  @Test
  void requestsRacingTheEndOfTheStartAllRun() throws Exception {
    QueryExecutor q = new QueryExecutor(4, 10_000, 3, 0);
    try {
      int n = 4_000;
      CountDownLatch ran = new CountDownLatch(n);
      AtomicInteger rejected = new AtomicInteger();
      Thread sender =
          new Thread(
              () -> {
                for (int i = 0; i < n; i++) {
                  try {
                    q.execute(ran::countDown);
                  } catch (RejectedExecutionException e) {
                    rejected.incrementAndGet();
                    ran.countDown();
                  }
                }
              });
      sender.start();
      while (q.startCompleted() < 100 && sender.isAlive()) {
        Thread.onSpinWait();
      }
      q.endStart("test");
      sender.join();
      assertTrue(ran.await(10, TimeUnit.SECONDS));
      assertEquals(0, rejected.get());
    } finally {
      q.shutdownNow();
    }
  }

  @Test
  void beyondTheThreadsAndTheQueueARequestIsRefused() throws Exception {
    QueryExecutor q = new QueryExecutor(1, 1, 4, 0);
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch running = new CountDownLatch(1);
    try {
      q.execute(
          () -> {
            running.countDown();
            awaitQuietly(release);
          });
      assertTrue(running.await(10, TimeUnit.SECONDS));
      q.execute(() -> {}); // queued
      assertEquals(1, q.queued());
      assertEquals(1, q.active());
      assertThrows(RejectedExecutionException.class, () -> q.execute(() -> {}));
      assertFalse(q.isShutdown(), "a refusal for load, not for shutdown (the 503's message)");
    } finally {
      release.countDown();
      q.shutdown();
      assertTrue(q.awaitTermination(10, TimeUnit.SECONDS));
    }
    assertTrue(q.isShutdown());
    assertThrows(RejectedExecutionException.class, () -> q.execute(() -> {}));
  }

  @Test
  void theRuleSkipsIdleSecondsAndWantsThreeQuietLoadedOnesInARow() {
    JitSettling.Rule r = new JitSettling.Rule();
    assertFalse(r.settled(0, 0));
    assertFalse(r.settled(0, 0));
    assertFalse(r.settled(0, 0), "an idle server has compiled nothing of its query path yet");
    assertFalse(r.settled(900, 50));
    assertFalse(r.settled(20, 50));
    assertFalse(r.settled(20, 50));
    assertFalse(r.settled(400, 50), "a busy second starts the count again");
    assertFalse(r.settled(99, 50));
    assertFalse(r.settled(0, 0), "an idle second neither counts nor breaks the run");
    assertFalse(r.settled(10, 1));
    assertTrue(r.settled(0, 7));
  }

  @Test
  void tenMinutesOfLoadEndTheStartWhateverTheCompilersDo() {
    JitSettling.Rule r = new JitSettling.Rule();
    for (int i = 1; i < JitSettling.Rule.MAX_SAMPLES; i++) {
      assertFalse(r.settled(1_000, 10));
    }
    assertTrue(r.settled(1_000, 10));
  }

  private static void awaitQuietly(CountDownLatch l) {
    try {
      l.await(20, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
