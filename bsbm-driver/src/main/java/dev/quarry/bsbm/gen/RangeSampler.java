package dev.quarry.bsbm.gen;

import java.util.Random;
import umontreal.ssj.probdist.NormalDistQuick;

/**
 * BSBM's skewed integer sampler: a normal variate N(mu, 1), redrawn until it lies in [0, limit],
 * scaled onto 1..max. The variate comes from SSJ's {@code NormalDistQuick} quantile on a uniform
 * draw, as bsbmtools does; an exact quantile would move a few dozen draws at 28,480 products.
 */
final class RangeSampler {
  private final Random random;
  private final double mu;
  private final int max;
  private final double limit;

  RangeSampler(double mu, int max, double limit, long seed) {
    this.random = new Random(seed);
    this.mu = mu;
    this.max = max;
    this.limit = limit;
  }

  int next() {
    double x;
    do {
      x = normal(random, mu);
    } while (x < 0 || x > limit);
    return (int) (x / limit * max) + 1;
  }

  static double normal(Random random, double mu) {
    return NormalDistQuick.inverseF(mu, 1, random.nextDouble());
  }
}
