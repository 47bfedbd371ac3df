package dev.quarry.bsbm.gen;

import static dev.quarry.bsbm.gen.Vocabulary.*;

import java.io.IOException;
import java.util.Arrays;
import java.util.Random;

/**
 * One producer's products (SPEC §2.4, §9.2 phase 4): seven streams seeded per producer, and per
 * product the draws in bsbmtools' order (label, comment, leaf type, profile, the properties 1-3,
 * the optional 4-6, the features, the date). The write order differs from the draw order.
 */
final class ProductWriter {
  private final BsbmGenerator g;
  private final Random dates;
  private final Random values;
  private final RangeSampler leaf;
  private final RangeSampler numeric;
  private final Random profiles;
  private final Random quarter;
  private final Random half;
  private final int[] numbers = new int[7];
  private final String[] textuals = new String[7];
  private final int[] features = new int[1024];

  ProductWriter(BsbmGenerator g, Random seeds) {
    this.g = g;
    this.dates = new Random(seeds.nextLong());
    this.values = new Random(seeds.nextLong());
    this.leaf = new RangeSampler(0, g.hierarchy().leafCount(), 2, seeds.nextLong());
    this.numeric = new RangeSampler(0, 2000, 2, seeds.nextLong());
    this.profiles = new Random(seeds.nextLong());
    this.quarter = new Random(seeds.nextLong());
    this.half = new Random(seeds.nextLong());
  }

  void write(int producer, int firstProduct, int lastProduct) throws IOException {
    long from = Dates.day(2000, 10, 20);
    long to = Dates.day(2007, 1, 23);
    String producerIri = Vocabulary.producer(producer);
    for (int n = firstProduct; n <= lastProduct; n++) {
      String label = g.label(values);
      String comment = g.sentence(g.texts(), values, 50, 150);
      int type = g.hierarchy().firstLeaf() + leaf.next() - 1;
      int profile = Bucket.PROFILE.pick(profiles) + 1;
      Arrays.fill(numbers, 0);
      Arrays.fill(textuals, null);
      for (int i = 1; i <= 3; i++) {
        numbers[i] = numeric.next();
        textuals[i] = textual();
      }
      optional(4, profile == 1, profile == 2, half, Bucket.HALF);
      optional(5, profile == 1, profile != 1, quarter, Bucket.QUARTER);
      if (profile == 3) {
        if (Bucket.HALF.draw(half)) {
          numbers[6] = numeric.next();
        }
        if (Bucket.HALF.draw(half)) {
          textuals[6] = textual();
        }
      }
      int featureCount = 0;
      for (int t = type; t != 1; t = g.parents()[t]) {
        int first = g.featureFirst()[t];
        for (int f = first; f < first + g.featureCount()[t]; f++) {
          if (Bucket.QUARTER.draw(quarter)) {
            features[featureCount++] = f;
          }
        }
      }
      String date = Dates.date(Dates.between(dates, from, to));

      TripleWriter w =
          g.withheld() != null && g.withheld().holds(n) ? g.withheld().product(n) : g.out();
      w.subject(Vocabulary.product(producer, n));
      w.iri(TYPE, PRODUCT_CLASS);
      w.plain(LABEL, label);
      w.plain(COMMENT, comment);
      w.iri(TYPE, productType(type));
      w.iri(PRODUCER, producerIri);
      for (int i = 1; i <= 6; i++) {
        if (numbers[i] != 0) {
          w.typed(NUMERIC[i], Integer.toString(numbers[i]), INTEGER);
        }
      }
      for (int i = 1; i <= 6; i++) {
        if (textuals[i] != null) {
          w.typed(TEXTUAL[i], textuals[i], STRING);
        }
      }
      for (int i = 0; i < featureCount; i++) {
        w.iri(PRODUCT_FEATURE, productFeature(features[i]));
      }
      w.iri(PUBLISHER, producerIri);
      w.typed(DATE, date, XSD_DATE);
    }
  }

  /** Property i: both present, or each by its own flag, or absent; flags first, then values. */
  private void optional(int i, boolean both, boolean flagged, Random flags, Bucket.Flag flag) {
    boolean hasNumber = both;
    boolean hasText = both;
    if (flagged) {
      hasNumber = flag.draw(flags);
      hasText = flag.draw(flags);
    }
    if (hasNumber) {
      numbers[i] = numeric.next();
    }
    if (hasText) {
      textuals[i] = textual();
    }
  }

  private String textual() {
    return g.sentence(g.texts(), values, 3, 15);
  }
}
