package dev.quarry.core.query.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The plan a top-k shape runs is the faster by the times measured (a walk first, to learn its
 * time), the other every sixteenth run, and a change in the times changes the choice.
 */
class WalkChoiceTest {
  @Test
  void theFasterPlanRunsAndTheOtherEverySixteenthRun() {
    WalkChoice c = new WalkChoice();
    assertTrue(c.walkNext(), "never walked: a walk first");
    c.walkTook(10_000_000);
    c.usualTook(4_000_000);
    int walked = walks(c, 160);
    assertEquals(10, walked, "the walk is slower: one run in sixteen");
    for (int i = 0; i < 30; i++) {
      c.walkTook(1_000_000); // the data grew: walking now pays
    }
    int usual = 160 - walks(c, 160);
    assertEquals(10, usual, "the usual plan is slower: one run in sixteen");
  }

  private static int walks(WalkChoice c, int runs) {
    int n = 0;
    for (int i = 0; i < runs; i++) {
      n += c.walkNext() ? 1 : 0;
    }
    return n;
  }
}
