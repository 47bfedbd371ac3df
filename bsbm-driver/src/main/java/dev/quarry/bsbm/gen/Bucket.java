package dev.quarry.bsbm.gen;

import java.util.Random;

/** A weighted choice: the first entry whose running share of the weights reaches the draw. */
public final class Bucket {
  public static final Bucket COUNTRY = new Bucket(40, 10, 10, 10, 5, 5, 5, 5, 5, 5);
  static final Bucket PROFILE = new Bucket(40, 20, 40);

  /**
   * A yes/no draw: a two-entry bucket and the entry that means yes. bsbmtools lists the entries in
   * either order, and the order decides which draws say yes.
   */
  record Flag(Bucket bucket, int yes) {
    boolean draw(Random random) {
      return bucket.pick(random) == yes;
    }
  }

  static final Flag SEVENTY_PERCENT = new Flag(new Bucket(70, 30), 0); // [true 70, false 30]
  static final Flag QUARTER = new Flag(new Bucket(75, 25), 1); // [false 75, true 25]
  static final Flag HALF = new Flag(new Bucket(50, 50), 1); // [false 50, true 50]

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
