package dev.quarry.bsbm.driver;

import dev.quarry.bsbm.gen.Bucket;
import dev.quarry.bsbm.gen.TestDriverData;
import dev.quarry.bsbm.gen.Vocabulary;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Draws query parameters exactly as bsbmtools' driver does (SPEC §11.2), so that a seed sends the
 * same query strings: three streams from the seed (values, countries, levels); placeholders drawn
 * in desc order, product features last, from the chosen leaf type's pool, including the original's
 * removal quirk ({@code List.remove(Object)} of the drawn index, not of the drawn element).
 */
final class Parameters {
  static final String CURRENT_DATE =
      "\"2008-06-20T00:00:00\"^^<http://www.w3.org/2001/XMLSchema#dateTime>";
  private static final LocalDate MONTH_BASE = LocalDate.of(2007, 6, 20);

  private final TestDriverData td;
  private final Random value;
  private final Random country;
  private final Random level;
  private final UpdateBlocks updates;
  private final String[] words;

  Parameters(TestDriverData td, long seed, UpdateBlocks updates) {
    this.td = td;
    Random seeds = new Random(seed);
    this.value = new Random(seeds.nextLong());
    this.country = new Random(seeds.nextLong());
    this.level = new Random(seeds.nextLong());
    this.updates = updates;
    this.words = td.labelWords().keySet().stream().sorted().toArray(String[]::new);
  }

  /** The query string for the template's next execution. */
  String instantiate(QueryTemplate t) {
    Map<String, String> values = new HashMap<>();
    List<String> features = new ArrayList<>();
    int leaf = -1;
    LocalDate month = null;
    for (QueryTemplate.Placeholder p : t.placeholders()) {
      String type = p.type();
      String v;
      if (type.equals("ProductTypeURI")) {
        leaf = td.firstLeaf() + value.nextInt(td.leafCount());
        v = Vocabulary.productType(leaf);
      } else if (type.equals("ProductFeatureURI")) {
        features.add(p.name());
        continue;
      } else if (type.equals("ProductPropertyNumericValue")) {
        v = Integer.toString(value.nextInt(500) + 1);
      } else if (type.equals("ProductURI")) {
        int n = value.nextInt(td.products()) + 1;
        v = Vocabulary.product(TestDriverData.owner(td.producerEnds(), n), n);
      } else if (type.equals("ReviewURI")) {
        int n = value.nextInt(td.reviews()) + 1;
        v = Vocabulary.review(TestDriverData.owner(td.siteEnds(), n), n);
      } else if (type.equals("OfferURI")) {
        int n = value.nextInt(td.offers()) + 1;
        v = Vocabulary.offer(TestDriverData.owner(td.vendorEnds(), n), n);
      } else if (type.equals("ProducerURI")) {
        v = Vocabulary.producer(value.nextInt(td.producerEnds().length - 1) + 1);
      } else if (type.equals("CountryURI")) {
        v = Vocabulary.country(Bucket.COUNTRY.pick(country));
      } else if (type.equals("CurrentDate")) {
        v = CURRENT_DATE;
      } else if (type.equals("Dictionary1")) {
        v = words[value.nextInt(words.length)];
      } else if (type.startsWith("ConsecutiveMonth_")) {
        if (month == null) {
          month = MONTH_BASE.plusDays(value.nextInt(310));
        }
        int k = Integer.parseInt(type.substring("ConsecutiveMonth_".length()));
        v = month.plusDays(28L * k).toString();
      } else if (type.startsWith("ProductTypeRangeURI_")) {
        v = Vocabulary.productType(typeInRange(type));
      } else if (type.equals("UpdateTransactionData")) {
        v = updates == null ? "" : updates.next();
      } else {
        throw new IllegalArgumentException(
            "unknown parameter type " + type + " in " + t.name() + "desc.txt");
      }
      values.put(p.name(), v);
    }
    if (!features.isEmpty()) {
      if (leaf < 0) {
        throw new IllegalArgumentException(
            t.name() + ": product feature placeholders need a ProductTypeURI");
      }
      List<Integer> pool = featurePool(leaf);
      for (String name : features) {
        int i = value.nextInt(pool.size());
        values.put(name, Vocabulary.productFeature(pool.get(i)));
        pool.remove(Integer.valueOf(i)); // bsbmtools' quirk, kept for identical streams
      }
    }
    return t.fill(values);
  }

  /** The leaf's features, then its parent's, and so on up to (not including) the root. */
  private List<Integer> featurePool(int leaf) {
    List<Integer> pool = new ArrayList<>(128);
    for (int t = leaf; t > 1; t = td.parents()[t]) {
      int first = td.featureFirst()[t];
      for (int f = first; f < first + td.featureCount()[t]; f++) {
        pool.add(f);
      }
    }
    return pool;
  }

  /** {@code ProductTypeRangeURI_a_b[_lvleq]}: a type between two levels of the tree. */
  private int typeInRange(String type) {
    String[] parts = type.split("_");
    int a = Integer.parseInt(parts[1]);
    int b = Integer.parseInt(parts[2]);
    int[] m = td.levelEnds();
    int depth = m.length - 1;
    int min = a > 0 ? a : (a < 0 ? depth + a + 1 : 0);
    int max = b < 0 ? depth + b : (b > 0 ? b - 1 : depth);
    if (parts.length > 3 && parts[3].equals("lvleq")) {
      min = max = level.nextInt(max - min + 1) + min;
    }
    int lo = (min == 0 ? 0 : m[min - 1]) + 1;
    return value.nextInt(m[max] - lo + 1) + lo;
  }
}
