package dev.quarry.server.train;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A small, deterministic product catalogue in the shape of the Berlin SPARQL Benchmark's (products
 * with types, features and numeric and textual properties; offers with prices and validity dates;
 * reviews with ratings and language-tagged text; producers, vendors and reviewers with countries),
 * written as N-Triples. The training run loads it so that the JIT sees the term kinds, joins,
 * ranges and result sizes that real catalogue-like data gives — what an RDF store serves most.
 */
public final class TrainingData {
  static final String BSBM = "http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/";
  static final String INST = "http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/";
  static final String RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
  static final String RDFS = "http://www.w3.org/2000/01/rdf-schema#";
  static final String DC = "http://purl.org/dc/elements/1.1/";
  static final String FOAF = "http://xmlns.com/foaf/0.1/";
  static final String REV = "http://purl.org/stuff/rev#";
  static final String XSD = "http://www.w3.org/2001/XMLSchema#";
  static final String[] COUNTRIES = {"US", "GB", "DE", "FR", "JP", "CN", "RU", "ES", "AT", "KR"};
  static final String[] WORDS = {
    "alpha", "bronze", "canvas", "delta", "ember", "fjord", "granite", "harbor", "indigo",
    "juniper", "kestrel", "lantern", "meadow", "nickel", "orchid", "pebble", "quartz", "raven",
    "saffron", "tundra", "umber", "velvet", "willow", "xenon", "yarrow", "zephyr"
  };

  /** How many products; offers, reviews and the rest follow from it. */
  private final int products;

  public TrainingData(int products) {
    this.products = products;
  }

  public int products() {
    return products;
  }

  int types() {
    return 1 + products / 50;
  }

  int features() {
    return 20 + products / 10;
  }

  int producers() {
    return 1 + products / 40;
  }

  int vendors() {
    return 1 + products / 100;
  }

  int reviewers() {
    return 1 + products / 4;
  }

  int offers() {
    return products * 4;
  }

  int reviews() {
    return products * 2;
  }

  /** Writes the catalogue to {@code file}; returns the number of triples. */
  public long write(Path file) throws IOException {
    SplittableRandom r = new SplittableRandom(20261126L);
    try (BufferedWriter w = Files.newBufferedWriter(file)) {
      Triples t = new Triples(w);
      for (int i = 1; i < types(); i++) { // type 0 is the root
        String type = instance("ProductType", i);
        t.iri(type, RDFS + "subClassOf", instance("ProductType", (i - 1) / 4));
        t.iri(type, RDF + "type", BSBM + "ProductType");
        t.text(type, RDFS + "label", words(r, 2));
      }
      for (int i = 0; i < features(); i++) {
        String feature = instance("ProductFeature", i);
        t.iri(feature, RDF + "type", BSBM + "ProductFeature");
        t.text(feature, RDFS + "label", words(r, 2));
      }
      for (int i = 0; i < producers(); i++) {
        String producer = instance("Producer", i);
        t.iri(producer, RDF + "type", BSBM + "Producer");
        t.text(producer, RDFS + "label", words(r, 2));
        t.iri(producer, BSBM + "country", country(r));
      }
      for (int i = 0; i < vendors(); i++) {
        String vendor = instance("Vendor", i);
        t.iri(vendor, RDF + "type", BSBM + "Vendor");
        t.text(vendor, RDFS + "label", words(r, 2));
        t.iri(vendor, BSBM + "country", country(r));
      }
      for (int i = 0; i < reviewers(); i++) {
        String person = instance("Reviewer", i);
        t.iri(person, RDF + "type", FOAF + "Person");
        t.text(person, FOAF + "name", words(r, 2));
        t.text(person, FOAF + "mbox_sha1sum", Long.toHexString(r.nextLong()));
        t.iri(person, BSBM + "country", country(r));
      }
      for (int i = 0; i < products; i++) {
        String p = instance("Product", i);
        int type = 1 + r.nextInt(types() - 1);
        for (int ty = type; ty > 0; ty = (ty - 1) / 4) {
          t.iri(p, RDF + "type", instance("ProductType", ty));
        }
        t.iri(p, RDF + "type", BSBM + "Product");
        t.text(p, RDFS + "label", words(r, 3));
        t.text(p, RDFS + "comment", words(r, 12));
        t.iri(p, BSBM + "producer", instance("Producer", r.nextInt(producers())));
        int nf = 3 + r.nextInt(6);
        for (int f = 0; f < nf; f++) {
          t.iri(p, BSBM + "productFeature", instance("ProductFeature", r.nextInt(features())));
        }
        for (int k = 1; k <= 5; k++) {
          if (k <= 3 || r.nextBoolean()) {
            t.typed(p, BSBM + "productPropertyNumeric" + k, 1 + r.nextInt(2000), "integer");
            t.text(p, BSBM + "productPropertyTextual" + k, words(r, 4));
          }
        }
        t.date(p, DC + "date", r);
      }
      for (int i = 0; i < offers(); i++) {
        String o = instance("Offer", i);
        t.iri(o, RDF + "type", BSBM + "Offer");
        t.iri(o, BSBM + "product", instance("Product", r.nextInt(products)));
        t.iri(o, BSBM + "vendor", instance("Vendor", r.nextInt(vendors())));
        t.literal(o, BSBM + "price", String.format(Locale.ROOT, "%.2f", 5 + r.nextDouble() * 9995));
        t.date(o, BSBM + "validFrom", r);
        t.date(o, BSBM + "validTo", r);
        t.typed(o, BSBM + "deliveryDays", 1 + r.nextInt(21), "integer");
        t.iri(o, BSBM + "offerWebpage", "http://vendor.example/offers/" + i);
      }
      for (int i = 0; i < reviews(); i++) {
        String v = instance("Review", i);
        t.iri(v, RDF + "type", BSBM + "Review");
        t.iri(v, BSBM + "reviewFor", instance("Product", r.nextInt(products)));
        t.iri(v, REV + "reviewer", instance("Reviewer", r.nextInt(reviewers())));
        t.date(v, BSBM + "reviewDate", r);
        t.text(v, DC + "title", words(r, 5));
        t.tagged(v, REV + "text", words(r, 20), r.nextInt(4) == 0 ? "de" : "en");
        for (int k = 1; k <= 4; k++) {
          if (r.nextInt(10) < 7) {
            t.typed(v, BSBM + "rating" + k, 1 + r.nextInt(10), "integer");
          }
        }
      }
      return t.count;
    }
  }

  /** The IRI of the {@code i}th instance of a kind (Product, ProductType, Offer, Reviewer ...). */
  static String instance(String kind, int i) {
    return INST + kind + i;
  }

  /** A random xsd:dateTime lexical form in 2008. */
  static String dateTime(SplittableRandom r) {
    return String.format(
        Locale.ROOT, "2008-%02d-%02dT00:00:00", 1 + r.nextInt(12), 1 + r.nextInt(28));
  }

  static String country(SplittableRandom r) {
    return "http://downlode.org/rdf/iso-3166/countries#" + COUNTRIES[r.nextInt(COUNTRIES.length)];
  }

  static String words(SplittableRandom r, int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(i == 0 ? "" : " ").append(WORDS[r.nextInt(WORDS.length)]);
    }
    return b.toString();
  }

  /** An N-Triples writer of the few term shapes the catalogue uses. */
  private static final class Triples {
    private final BufferedWriter w;
    long count;

    Triples(BufferedWriter w) {
      this.w = w;
    }

    void iri(String s, String p, String o) throws IOException {
      line(s, p, "<" + o + ">");
    }

    void text(String s, String p, String o) throws IOException {
      line(s, p, "\"" + o + "\"");
    }

    void tagged(String s, String p, String o, String lang) throws IOException {
      line(s, p, "\"" + o + "\"@" + lang);
    }

    void typed(String s, String p, long o, String xsd) throws IOException {
      literal(s, p, Long.toString(o), xsd);
    }

    void literal(String s, String p, String decimal) throws IOException {
      literal(s, p, decimal, "decimal");
    }

    void literal(String s, String p, String lexical, String xsd) throws IOException {
      line(s, p, "\"" + lexical + "\"^^<" + XSD + xsd + ">");
    }

    void date(String s, String p, SplittableRandom r) throws IOException {
      literal(s, p, dateTime(r), "dateTime");
    }

    private void line(String s, String p, String o) throws IOException {
      w.write('<');
      w.write(s);
      w.write("> <");
      w.write(p);
      w.write("> ");
      w.write(o);
      w.write(" .\n");
      count++;
    }
  }
}
