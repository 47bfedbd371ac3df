package dev.quarry.core.query.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The plan a top-k shape runs is the faster by the times measured (each timed on alternate runs
 * first), the other the less often the slower it is, and a change in the times changes the choice.
 */
class WalkChoiceTest {
  @Test
  void theFasterPlanRunsAndTheOtherNowAndThen() {
    WalkChoice c = new WalkChoice();
    for (int i = 0; i < 8; i++) { // the first sixteen runs alternate, a walk first
      assertTrue(c.walkNext());
      c.walkTook(10_000_000);
      assertFalse(c.walkNext());
      c.usualTook(4_000_000);
    }
    // Runs 17-496: the walk is 2.5x slower, so it is tried every 16 x 3 = 48th run.
    int walked = walks(c, 480);
    assertEquals(10, walked, "the walk is slower: one run in 48");
    for (int i = 0; i < 30; i++) {
      c.walkTook(1_000_000); // the data grew: walking now pays
    }
    // Runs 497-1136: the usual plan is now about 4x slower: tried every 16 x 4 = 64th run.
    int usual = 640 - walks(c, 640);
    assertEquals(10, usual, "the usual plan is slower: one run in 64");
  }

  private static int walks(WalkChoice c, int runs) {
    int n = 0;
    for (int i = 0; i < runs; i++) {
      n += c.walkNext() ? 1 : 0;
    }
    return n;
  }
}
