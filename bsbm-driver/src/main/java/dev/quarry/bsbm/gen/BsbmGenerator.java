package dev.quarry.bsbm.gen;

import static dev.quarry.bsbm.gen.Vocabulary.*;

import java.io.IOException;
import java.io.OutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * The BSBM V3.1 dataset exactly as bsbmtools 0.2 writes it (../shared/bsbm/SPEC.md §2-§9): the same
 * random streams drawn in the same order, so that a product count gives the reference file byte for
 * byte. Streaming: only the type tree, the publishers' batch sizes and, with an update dataset, the
 * withheld products stay in memory.
 */
public final class BsbmGenerator {
  /** bsbmtools' master seed; not configurable there either. */
  static final long MASTER_SEED = 53223436L;

  /** Told after each publisher (producer, vendor, rating site) is written. */
  public interface Progress {
    void report(String phase, long done, long total, long triples);
  }

  /** The triples written and the test-driver data. */
  public record Result(long triples, long updateTriples, TestDriverData driverData) {}

  private final int products;
  private final TripleWriter out;
  private final Progress progress;
  private final Withheld withheld;
  private final Hierarchy hierarchy;
  private final Dictionary labels;
  private final Dictionary texts;
  private final Dictionary names;
  private final long[] typeSeeds = new long[2];
  private final long[] featureSeeds = new long[2];
  private final long[] producerSeeds = new long[5];
  private final long[] vendorSeeds = new long[5];
  private final long[] siteSeeds = new long[8];
  private final StringBuilder text = new StringBuilder(2048);
  private final Map<String, Integer> labelWords = new HashMap<>();
  private int[] producerEnds;
  private int[] vendorEnds;
  private int[] siteEnds;
  private int[] parents;
  private int[] featureFirst;
  private int[] featureCount;

  private BsbmGenerator(int products, TripleWriter out, Withheld withheld, Progress progress) {
    if (products < 1) {
      throw new IllegalArgumentException("the product count must be at least 1: " + products);
    }
    this.products = products;
    this.out = out;
    this.withheld = withheld;
    this.progress = progress;
    this.hierarchy = new Hierarchy(products);
    Random master = new Random(MASTER_SEED);
    String[] titleWords = Dictionary.load(Dictionary.TITLE_WORDS);
    this.labels = new Dictionary(titleWords, master.nextLong());
    this.texts = new Dictionary(titleWords, master.nextLong());
    this.names = new Dictionary(Dictionary.load(Dictionary.GIVEN_NAMES), master.nextLong());
    for (long[] seeds : new long[][] {typeSeeds, featureSeeds, producerSeeds, vendorSeeds}) {
      fill(master, seeds);
    }
    fill(master, siteSeeds);
  }

  /**
   * Writes the dataset for {@code products} products to {@code main}. With {@code update} not null,
   * the last {@code transactions * productsPerTransaction} products, their offers and reviews go to
   * {@code update} instead, one transaction per block, each block followed by {@code separator}
   * (bsbmtools' {@code -ud}).
   */
  public static Result generate(
      int products,
      OutputStream main,
      OutputStream update,
      int transactions,
      int productsPerTransaction,
      String separator,
      Progress progress)
      throws IOException {
    Withheld withheld = null;
    if (update != null) {
      int count = transactions * productsPerTransaction;
      if (transactions < 1 || productsPerTransaction < 1 || count > products) {
        throw new IllegalArgumentException(
            "an update dataset of "
                + transactions
                + " transactions of "
                + productsPerTransaction
                + " products needs at least that many products; there are "
                + products);
      }
      withheld = new Withheld(products - count + 1, products);
    }
    TripleWriter writer = new TripleWriter(main, 1 << 16);
    BsbmGenerator g = new BsbmGenerator(products, writer, withheld, progress);
    g.run();
    writer.flush();
    long updateTriples = 0;
    if (withheld != null) {
      updateTriples = withheld.writeTo(update, productsPerTransaction, separator);
    }
    return new Result(writer.triples(), updateTriples, g.driverData());
  }

  /** Convenience: the dataset alone. */
  public static Result generate(int products, OutputStream main, Progress progress)
      throws IOException {
    return generate(products, main, null, 0, 0, null, progress);
  }

  private void run() throws IOException {
    producerEnds = new CountSampler(50, true, producerSeeds[3]).cumulative(products);
    vendorEnds = new CountSampler(2000, true, vendorSeeds[3]).cumulative(20 * products);
    siteEnds = new CountSampler(10000, true, siteSeeds[6]).cumulative(10 * products);
    productTypes();
    productFeatures();
    producers();
    vendors();
    ratingSites();
  }

  private TestDriverData driverData() {
    return new TestDriverData(
        products,
        20 * products,
        10 * products,
        producerEnds,
        vendorEnds,
        siteEnds,
        hierarchy.levelEnds,
        parents,
        featureFirst,
        featureCount,
        labelWords);
  }

  private void productTypes() throws IOException {
    Random dates = new Random(typeSeeds[0]);
    Random values = new Random(typeSeeds[1]);
    int count = hierarchy.typeCount();
    parents = new int[count + 1];
    long from = Dates.day(2000, 6, 20);
    long to = Dates.day(2000, 7, 23);
    out.subject(productType(1));
    out.iri(TYPE, PRODUCT_TYPE);
    out.plain(LABEL, "Thing");
    out.plain(COMMENT, "The Product Type of all Products");
    out.iri(PUBLISHER, STANDARDIZATION_INSTITUTION);
    out.typed(DATE, Dates.date(Dates.between(dates, from, to)), XSD_DATE);
    for (int t = 2; t <= count; t++) {
      parents[t] = hierarchy.parentOf(t);
      out.subject(productType(t));
      out.iri(TYPE, PRODUCT_TYPE);
      labelAndComment(values, 20, 50);
      out.iri(SUBCLASS_OF, productType(parents[t]));
      out.iri(PUBLISHER, STANDARDIZATION_INSTITUTION);
      out.typed(DATE, Dates.date(Dates.between(dates, from, to)), XSD_DATE);
    }
  }

  private void productFeatures() throws IOException {
    Random values = new Random(featureSeeds[0]);
    Random dates = new Random(featureSeeds[1]);
    int types = hierarchy.typeCount();
    featureFirst = new int[types + 1];
    featureCount = new int[types + 1];
    long from = Dates.day(2000, 6, 20);
    long to = Dates.day(2000, 7, 23);
    int next = 1;
    for (int t = 2; t <= types; t++) {
      int[] range = hierarchy.featureRange(hierarchy.depthOf(t));
      featureFirst[t] = next;
      featureCount[t] = uniform(values, range[0], range[1]);
      for (int i = 0; i < featureCount[t]; i++, next++) {
        out.subject(productFeature(next));
        out.iri(TYPE, PRODUCT_FEATURE_CLASS);
        labelAndComment(values, 20, 50);
        out.iri(PUBLISHER, STANDARDIZATION_INSTITUTION);
        out.typed(DATE, Dates.date(Dates.between(dates, from, to)), XSD_DATE);
      }
    }
  }

  /**
   * The streams of one kind of publisher, producers or vendors, which describe themselves alike
   * (SPEC §2.3, §2.5): label, comment, homepage, country, itself as publisher, a date in [from,
   * to).
   */
  private record Publishers(Random dates, Random values, Random countries, long from, long to) {
    Publishers(long[] seeds, long from, long to) {
      this(new Random(seeds[0]), new Random(seeds[1]), new Random(seeds[2]), from, to);
    }
  }

  private void publisher(Publishers p, String iri, String type, String homepage)
      throws IOException {
    out.subject(iri);
    out.iri(TYPE, type);
    labelAndComment(p.values(), 20, 50);
    out.iri(HOMEPAGE, homepage);
    out.iri(COUNTRY, country(Bucket.COUNTRY.pick(p.countries())));
    out.iri(PUBLISHER, iri);
    out.typed(DATE, Dates.date(Dates.between(p.dates(), p.from(), p.to())), XSD_DATE);
  }

  private void producers() throws IOException {
    Publishers streams =
        new Publishers(producerSeeds, Dates.day(2000, 8, 20), Dates.day(2005, 7, 23));
    Random productSeeds = new Random(producerSeeds[4]);
    int count = producerEnds.length - 1;
    for (int k = 1; k <= count; k++) {
      publisher(streams, producer(k), PRODUCER_CLASS, "<http://www.Producer" + k + ".com/>");
      new ProductWriter(this, productSeeds).write(k, producerEnds[k - 1] + 1, producerEnds[k]);
      report("products", producerEnds[k], products);
    }
  }

  private void vendors() throws IOException {
    long from = Dates.TODAY - 97 * Dates.DAY;
    Publishers streams = new Publishers(vendorSeeds, from, Dates.TODAY);
    Random values = streams.values(); // also prices and validity of offers
    Random offerSeeds = new Random(vendorSeeds[4]);
    int count = vendorEnds.length - 1;
    for (int v = 1; v <= count; v++) {
      String vendor = vendor(v);
      publisher(streams, vendor, VENDOR_CLASS, "<http://www.vendor" + v + ".com/>");
      RangeSampler deliveryDays = new RangeSampler(2, 21, 14.2, offerSeeds.nextLong());
      RangeSampler product = new RangeSampler(2, products, 4, offerSeeds.nextLong());
      Random offerDates = new Random(offerSeeds.nextLong());
      for (int n = vendorEnds[v - 1] + 1; n <= vendorEnds[v]; n++) {
        int p = product.next();
        double price = 5 + values.nextDouble() * (10000 - 5);
        long published = Dates.between(offerDates, from, Dates.TODAY);
        int validFrom = values.nextInt(91);
        int validTo = values.nextInt(84) + 7;
        int days = deliveryDays.next();
        TripleWriter w = withheld != null && withheld.holds(p) ? withheld.offers(p) : out;
        String offer = offer(v, n);
        w.subject(offer);
        w.iri(TYPE, OFFER_CLASS);
        w.iri(PRODUCT, productIri(p));
        w.iri(VENDOR, vendor);
        w.typed(PRICE, String.format(Locale.ENGLISH, "%.2f", price), USD);
        w.typed(VALID_FROM, Dates.midnight(published - validFrom * Dates.DAY), DATE_TIME);
        w.typed(VALID_TO, Dates.midnight(published + validTo * Dates.DAY), DATE_TIME);
        w.typed(DELIVERY_DAYS, Integer.toString(days), INTEGER);
        w.iri(OFFER_WEBPAGE, offerPage(v, n));
        w.iri(PUBLISHER, vendor);
        w.typed(DATE, Dates.date(published), XSD_DATE);
      }
      report("offers", vendorEnds[v], 20L * products);
    }
  }

  private void ratingSites() throws IOException {
    Random dates = new Random(siteSeeds[0]);
    Random values = new Random(siteSeeds[1]);
    Random countries = new Random(siteSeeds[2]);
    Random reviewDates = new Random(siteSeeds[3]);
    Random ratings = new Random(siteSeeds[4]);
    RangeSampler product = new RangeSampler(2, products, 4, siteSeeds[5]);
    CountSampler reviewsPerPerson = new CountSampler(20, false, siteSeeds[7]);
    long personFrom = Dates.day(2008, 6, 20);
    long personTo = Dates.day(2008, 9, 23);
    long reviewFrom = Dates.TODAY - 365 * Dates.DAY;
    int person = 0;
    int review = siteEnds[0];
    for (int s = 1; s < siteEnds.length; s++) {
      String site = ratingSite(s);
      while (review < siteEnds[s]) {
        person++;
        String reviewer = reviewer(s, person);
        String name = names.word();
        int country = Bucket.COUNTRY.pick(countries);
        int mbox = values.nextInt();
        long date = Dates.between(dates, personFrom, personTo);
        int reviews = Math.min(reviewsPerPerson.next(), siteEnds[s] - review);
        out.subject(reviewer);
        out.iri(TYPE, PERSON);
        out.plain(NAME, name);
        out.plain(MBOX_SHA1SUM, sha1Hex(mbox));
        out.iri(COUNTRY, country(country));
        out.iri(PUBLISHER, site);
        out.typed(DATE, Dates.date(date), XSD_DATE);
        for (int i = 0; i < reviews; i++) {
          review++;
          int p = product.next();
          long reviewDate = Dates.between(reviewDates, reviewFrom, Dates.TODAY);
          String title = sentence(texts, values, 4, 15);
          String body = sentence(texts, values, 50, 200);
          TripleWriter w = withheld != null && withheld.holds(p) ? withheld.reviews(p) : out;
          w.subject(review(s, review));
          w.iri(TYPE, REVIEW);
          w.iri(REVIEW_FOR, productIri(p));
          w.iri(REVIEWER, reviewer);
          w.typed(REVIEW_DATE, Dates.midnight(reviewDate), DATE_TIME);
          w.plain(TITLE, title);
          w.tagged(TEXT, body, COUNTRY_LANGUAGES[country]);
          for (int j = 1; j <= 4; j++) {
            if (Bucket.SEVENTY_PERCENT.draw(ratings)) {
              w.typed(RATING[j], Integer.toString(values.nextInt(10) + 1), INTEGER);
            }
          }
          w.iri(PUBLISHER, site);
          w.typed(DATE, Dates.date(Dates.between(dates, reviewDate, Dates.TODAY)), XSD_DATE);
        }
      }
      report("reviews", review, 10L * products);
    }
  }

  // --- shared with ProductWriter ---

  TripleWriter out() {
    return out;
  }

  Withheld withheld() {
    return withheld;
  }

  Hierarchy hierarchy() {
    return hierarchy;
  }

  int[] featureFirst() {
    return featureFirst;
  }

  int[] featureCount() {
    return featureCount;
  }

  int[] parents() {
    return parents;
  }

  /** A product label: its words are counted into the label word list (cdlw.dat). */
  String label(Random values) {
    text.setLength(0);
    labels.sentence(uniform(values, 1, 3), text, labelWords);
    return text.toString();
  }

  String sentence(Dictionary words, Random counts, int min, int max) {
    text.setLength(0);
    words.sentence(uniform(counts, min, max), text, null);
    return text.toString();
  }

  /** rdfs:label (1-3 words) and rdfs:comment, their word counts drawn on {@code values}. */
  private void labelAndComment(Random values, int minComment, int maxComment) throws IOException {
    out.plain(LABEL, sentence(labels, values, 1, 3));
    out.plain(COMMENT, sentence(texts, values, minComment, maxComment));
  }

  Dictionary texts() {
    return texts;
  }

  String productIri(int n) {
    return product(TestDriverData.owner(producerEnds, n), n);
  }

  static int uniform(Random random, int min, int max) {
    return random.nextInt(max - min + 1) + min;
  }

  private void report(String phase, long done, long total) {
    if (progress != null) {
      progress.report(phase, done, total, out.triples());
    }
  }

  private static void fill(Random master, long[] seeds) {
    for (int i = 0; i < seeds.length; i++) {
      seeds[i] = master.nextLong();
    }
  }

  /** SHA-1 of the int's four bytes, low byte first; each byte in hex without a leading zero. */
  static String sha1Hex(int value) {
    try {
      MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
      byte[] digest =
          sha1.digest(
              new byte[] {
                (byte) value, (byte) (value >>> 8), (byte) (value >>> 16), (byte) (value >>> 24)
              });
      StringBuilder sb = new StringBuilder(40);
      for (byte b : digest) {
        sb.append(Integer.toHexString(b & 0xFF));
      }
      return sb.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
