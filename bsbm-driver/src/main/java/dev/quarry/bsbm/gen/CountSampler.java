package dev.quarry.bsbm.gen;

import java.util.Arrays;
import java.util.Random;

/**
 * The sizes of publishers' batches (products per producer, offers per vendor, reviews per site and
 * per person): x ~ N(3, 1) redrawn while negative, then {@code floor(x / 3 * avg)}, plus one except
 * for persons (who may write no review at all).
 */
final class CountSampler {
  private final Random random;
  private final int avg;
  private final int plus;

  CountSampler(int avg, boolean atLeastOne, long seed) {
    this.random = new Random(seed);
    this.avg = avg;
    this.plus = atLeastOne ? 1 : 0;
  }

  int next() {
    double x;
    do {
      x = RangeSampler.normal(random, 3);
    } while (x < 0);
    return (int) (x / 3 * avg) + plus;
  }

  /**
   * The cumulative last numbers of consecutive batches that together hold {@code total} items:
   * {@code [0, end of batch 1, end of batch 2, ..., total]}; the last batch is cut.
   */
  int[] cumulative(int total) {
    int[] ends = new int[16];
    int n = 1;
    int sum = 0;
    while (sum < total) {
      sum += Math.min(next(), total - sum);
      if (n == ends.length) {
        ends = Arrays.copyOf(ends, n * 2);
      }
      ends[n++] = sum;
    }
    return Arrays.copyOf(ends, n);
  }
}
