package dev.quarry.accumulo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The key layout: what every table's rows and every pattern's range rest on (no cluster). */
class OrderTest {
  @Test
  void keysDecodeToTheirQuadAndSortAsUnsignedIds() {
    Random rnd = new Random(1);
    for (Order order : Order.values()) {
      for (int i = 0; i < 1000; i++) {
        long[] a = {rnd.nextLong(), rnd.nextLong(), rnd.nextLong(), rnd.nextLong()};
        long[] b = a.clone();
        b[order.parts[rnd.nextInt(4)]] = rnd.nextLong();
        long[] back = new long[4];
        order.decode(order.key(a), back);
        assertArrayEquals(a, back);
        int byIds = 0;
        for (int k = 0; k < 4 && byIds == 0; k++) {
          byIds = Long.compareUnsigned(a[order.parts[k]], b[order.parts[k]]);
        }
        assertEquals(
            Integer.signum(byIds),
            Integer.signum(Arrays.compareUnsigned(order.key(a), order.key(b))),
            order + ": byte order is id order");
      }
    }
  }

  @Test
  void everyPatternIsOneRangeOfTheOrderThatBindsTheMostOfIt() {
    for (int shape = 0; shape < 16; shape++) {
      long[] pattern = new long[4];
      int bound = 0;
      for (int i = 0; i < 4; i++) {
        if ((shape & (1 << i)) != 0) {
          pattern[i] = 7 + i;
          bound++;
        }
      }
      Order o = Order.forPattern(pattern);
      int prefix = o.boundPrefix(pattern);
      boolean pAndG = pattern[2] != 0 && pattern[0] != 0 && pattern[1] == 0 && pattern[3] == 0;
      if (pAndG) {
        assertEquals(Order.PSOG, o, "p and g bound, s and o free: subject order");
      } else {
        assertEquals(bound, prefix, "shape " + shape + ": every bound part in the range");
      }
      assertTrue(prefix >= Math.min(bound, 1), "shape " + shape);
    }
  }
}
