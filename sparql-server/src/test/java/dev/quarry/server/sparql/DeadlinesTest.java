package dev.quarry.server.sparql;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class DeadlinesTest {
  /** Waits until {@code flag} is set or {@code ms} pass; whether it was set. */
  private static boolean setWithin(AtomicBoolean flag, long ms) throws InterruptedException {
    long until = System.nanoTime() + ms * 1_000_000;
    while (!flag.get() && System.nanoTime() < until) {
      Thread.sleep(1);
    }
    return flag.get();
  }

  @Test
  void aQueryPastItsDeadlineIsCancelledAndAnEndedOneIsNot() throws Exception {
    AtomicBoolean late = new AtomicBoolean();
    AtomicBoolean ended = new AtomicBoolean();
    AtomicBoolean later = new AtomicBoolean();
    long start = System.nanoTime();
    Deadlines.watch(50, late);
    Deadlines.watch(50, ended).close();
    Deadlines.Watch w = Deadlines.watch(60_000, later);
    assertTrue(setWithin(late, 5_000));
    assertTrue(System.nanoTime() - start >= 50_000_000L, "not before its deadline");
    Thread.sleep(100);
    assertFalse(ended.get(), "a closed watch never fires");
    assertFalse(later.get(), "a later deadline has not come");
    w.close();
  }

  @Test
  void theSweeperWakesAgainAfterItHadNothingToWatch() throws Exception {
    for (int round = 0; round < 3; round++) {
      Thread.sleep(3 * Deadlines.TICK_MS); // nothing running: the sweeper parks
      List<AtomicBoolean> flags = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        AtomicBoolean f = new AtomicBoolean();
        flags.add(f);
        Deadlines.watch(1 + i % 20, f);
      }
      for (AtomicBoolean f : flags) {
        assertTrue(setWithin(f, 5_000), "round " + round);
      }
    }
  }
}
