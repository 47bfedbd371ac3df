package dev.quarry.core.query.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The bucket directory finds exactly the entries a linear search finds, for any key. */
class SortedKeysTest {
  /** Every entry with the key, in order, as SortedKeys gives them. */
  private static List<Integer> found(SortedKeys t, long key) {
    List<Integer> out = new ArrayList<>();
    for (int i = t.first(key); i >= 0; i = t.next(i)) {
      out.add(i);
    }
    return out;
  }

  private static List<Integer> linear(long[] keys, int n, long key) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (keys[i] == key) {
        out.add(i);
      }
    }
    return out;
  }

  private static void sameAsLinear(long[] keys, int n, Random rnd) {
    SortedKeys t = SortedKeys.of(keys, n);
    assertNotNull(t, Arrays.toString(Arrays.copyOf(keys, Math.min(n, 20))));
    for (int i = 0; i < n; i++) {
      assertEquals(linear(keys, n, keys[i]), found(t, keys[i]), "key " + keys[i]);
      for (long d : new long[] {-1, 1}) {
        assertEquals(linear(keys, n, keys[i] + d), found(t, keys[i] + d), "key " + (keys[i] + d));
      }
    }
    for (int k = 0; k < 200; k++) {
      long key = rnd.nextLong();
      assertEquals(linear(keys, n, key), found(t, key), "key " + key);
    }
    // Many keys at once: each the first entry one key alone finds (present, absent, out of range).
    long[] probes = new long[3 * n + 2];
    for (int i = 0; i < n; i++) {
      probes[3 * i] = keys[rnd.nextInt(n)];
      probes[3 * i + 1] = keys[i] + 1;
      probes[3 * i + 2] = keys[i] - 1;
    }
    probes[3 * n] = rnd.nextLong();
    probes[3 * n + 1] = keys[n - 1] + 1000;
    int[] firsts = new int[probes.length];
    t.firstOfEach(probes, probes.length, firsts);
    for (int i = 0; i < probes.length; i++) {
      assertEquals(t.first(probes[i]), firsts[i], "key " + probes[i]);
    }
  }

  @Test
  void findsWhatALinearSearchFinds() {
    Random rnd = new Random(11);
    for (int round = 0; round < 40; round++) {
      int n = 1 + rnd.nextInt(3000);
      long[] keys = new long[n + 5]; // longer than n: entries past n are not the table's
      long k = round % 3 == 0 ? Long.MAX_VALUE - 1000 : rnd.nextInt(1000); // across the sign bit
      int maxGap = round % 4 == 0 ? 1 : round % 4 == 1 ? 10 : 1000;
      for (int i = 0; i < n; i++) {
        k += rnd.nextInt(3) == 0 ? 0 : 1 + rnd.nextInt(maxGap); // a third repeat the key before
        keys[i] = k;
      }
      Arrays.fill(keys, n, keys.length, k + 1);
      sameAsLinear(keys, n, rnd);
    }
    sameAsLinear(new long[] {42}, 1, rnd);
    sameAsLinear(new long[] {0, -1}, 2, rnd); // the whole unsigned range
  }

  /**
   * Keys in runs of consecutive numbers far apart, as IRIs of a prefix and a number held in their
   * ids are (the prefix's number above bit 40): a bucket holds a whole run and is searched by
   * halves.
   */
  @Test
  void findsKeysThatComeInClusters() {
    Random rnd = new Random(12);
    for (int round = 0; round < 10; round++) {
      int clusters = 1 + rnd.nextInt(200);
      long[] keys = new long[clusters * 400];
      int n = 0;
      long number = 1 + rnd.nextInt(100);
      long prefixNumber = 0;
      for (int c = 0; c < clusters; c++) {
        prefixNumber += 1 + rnd.nextInt(3);
        long prefix = (3L << 56) | (prefixNumber << 40);
        int run = 1 + rnd.nextInt(round % 2 == 0 ? 60 : 300);
        for (int i = 0; i < run; i++) {
          number += rnd.nextInt(4) == 0 ? 0 : 1 + rnd.nextInt(round % 3 == 0 ? 2 : 40);
          keys[n++] = prefix | number;
        }
      }
      sameAsLinear(keys, n, rnd);
    }
  }

  @Test
  void keysOutOfOrderOrBunchedAreRefused() {
    assertNull(SortedKeys.of(new long[] {5, 3, 9}, 3));
    assertNull(SortedKeys.of(new long[] {-1, 0}, 2)); // unsigned: -1 is the largest
    long[] bunched = new long[SortedKeys.MAX_PER_BUCKET + 2];
    for (int i = 0; i < bunched.length; i++) {
      bunched[i] = i < bunched.length - 1 ? i : 1L << 40; // all but one in the first bucket
    }
    assertNull(SortedKeys.of(bunched, bunched.length));
    assertNull(SortedKeys.of(new long[0], 0));
  }
}
