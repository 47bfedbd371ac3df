package dev.quarry.core.buffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The extent read-ahead backs off while it wastes, probes meanwhile, and comes back when it pays.
 */
class ExtentBackOffTest {
  private static int allowed(ExtentBackOff b, long used, long wasted, int triggers) {
    int n = 0;
    for (int i = 0; i < triggers; i++) {
      n += b.allow(used, wasted) ? 1 : 0;
    }
    return n;
  }

  @Test
  void readsEveryExtentUntilAWindowShowsItWastes() {
    ExtentBackOff b = new ExtentBackOff();
    assertEquals(100, allowed(b, 10, 100, 100), "less than a window resolved: no judgement yet");
    assertEquals(100, allowed(b, 2000, 2096, 100), "half used: it pays");
    assertFalse(b.backedOff());
  }

  @Test
  void backsOffToOneInSixteenWhileMostOfItsPagesAreWastedAndReturnsWhenThatChanges() {
    ExtentBackOff b = new ExtentBackOff();
    long used = 700;
    long wasted = 3500; // 17 % used, as at BSBM 100M in a 2 GB cgroup
    assertFalse(b.allow(used, wasted));
    assertTrue(b.backedOff());
    // 160 triggers with the one above: one in sixteen goes.
    assertEquals(160 / ExtentBackOff.PROBE_EVERY, allowed(b, used, wasted, 159));
    // The probes' pages come back used: the next full window judges it worth reading again.
    used += 3000;
    wasted += 1100;
    assertTrue(b.allow(used, wasted));
    assertFalse(b.backedOff());
    assertEquals(50, allowed(b, used, wasted, 50));
  }
}
