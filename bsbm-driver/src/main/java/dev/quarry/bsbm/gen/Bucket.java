package dev.quarry.bsbm.gen;

import java.util.Random;

/** A weighted choice: the first entry whose running share of the weights reaches the draw. */
public final class Bucket {
  public static final Bucket COUNTRY = new Bucket(40, 10, 10, 10, 5, 5, 5, 5, 5, 5);
  static final Bucket PROFILE = new Bucket(40, 20, 40);

  /** Draws true with the given percentage; the order of the entries matters to the stream. */
  static boolean percent(Random random, int truePercent) {
    return truePercent == 70
        ? SEVENTY.pick(random) == 0
        : (truePercent == 25 ? QUARTER : HALF).pick(random) == 1;
  }

  private static final Bucket SEVENTY = new Bucket(70, 30); // [true, false]
  private static final Bucket QUARTER = new Bucket(75, 25); // [false, true]
  private static final Bucket HALF = new Bucket(50, 50); // [false, true]

  private final double[] running;

  Bucket(double... weights) {
    double total = 0;
    for (double w : weights) {
      total += w;
    }
    running = new double[weights.length];
    double sum = 0;
    for (int i = 0; i < weights.length; i++) {
      sum += weights[i] / total;
      running[i] = sum;
    }
  }

  /** The index of the chosen entry. */
  public int pick(Random random) {
    double draw = random.nextDouble();
    for (int i = 0; i < running.length - 1; i++) {
      if (running[i] >= draw) {
        return i;
      }
    }
    return running.length - 1;
  }
}
