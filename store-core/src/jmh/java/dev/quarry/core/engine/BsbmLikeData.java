package dev.quarry.core.engine;

import java.util.Random;
import java.util.function.Consumer;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;

/**
 * Data shaped like BSBM's (not the benchmark's generator, which is the bsbm-driver's job):
 * products with types, labels, comments, producer, features, numeric and textual properties;
 * 20 offers each (price in a custom datatype, dates, delivery days, vendor); 10 reviews each
 * (reviewer, dates, title, text, four ratings). About 370 triples a product.
 */
final class BsbmLikeData {
  static final String NS = "http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/";
  private static final Node TYPE = NodeFactory.createURI("http://www.w3.org/1999/02/22-rdf-syntax-ns#type");
  private static final Node LABEL = NodeFactory.createURI("http://www.w3.org/2000/01/rdf-schema#label");
  private static final Node COMMENT = NodeFactory.createURI("http://www.w3.org/2000/01/rdf-schema#comment");
  private static final Node DATE = NodeFactory.createURI("http://purl.org/dc/elements/1.1/date");
  private static final Node PUBLISHER = NodeFactory.createURI("http://purl.org/dc/elements/1.1/publisher");

  private BsbmLikeData() {}

  static Node v(String local) {
    return NodeFactory.createURI(NS + "vocabulary/" + local);
  }

  static Node inst(String local) {
    return NodeFactory.createURI(NS + "instances/" + local);
  }

  static Node integer(long i) {
    return NodeFactory.createLiteralDT(Long.toString(i), XSDDatatype.XSDinteger);
  }

  static void generate(int products, long seed, Consumer<Quad> out) {
    Random rnd = new Random(seed);
    var usd = TypeMapper.getInstance().getSafeTypeByName(NS + "vocabulary/USD");
    String[] words = {"alpha", "brisk", "cobalt", "dune", "ember", "fjord", "gale", "harbor", "iris", "jade", "kestrel", "lumen"};
    for (int p = 0; p < products; p++) {
      Node prod = inst("dataFromProducer" + (p / 100) + "/Product" + p);
      add(out, prod, TYPE, inst("ProductType" + rnd.nextInt(150)));
      add(out, prod, LABEL, NodeFactory.createLiteralString(words[rnd.nextInt(12)] + " " + words[rnd.nextInt(12)] + " " + p));
      add(out, prod, COMMENT, NodeFactory.createLiteralString(text(rnd, words, 40)));
      add(out, prod, v("producer"), inst("dataFromProducer" + (p / 100) + "/Producer" + (p / 100)));
      int features = 5 + rnd.nextInt(10);
      for (int f = 0; f < features; f++) {
        add(out, prod, v("productFeature"), inst("ProductFeature" + rnd.nextInt(1000)));
      }
      for (int k = 1; k <= 5; k++) {
        add(out, prod, v("productPropertyNumeric" + k), integer(1 + rnd.nextInt(2000)));
        add(out, prod, v("productPropertyTextual" + k), NodeFactory.createLiteralString(text(rnd, words, 6)));
      }
      add(out, prod, PUBLISHER, inst("dataFromProducer" + (p / 100) + "/Producer" + (p / 100)));
      add(out, prod, DATE, date(rnd));
      for (int o = 0; o < 20; o++) {
        Node offer = inst("dataFromVendor" + (p % 50) + "/Offer" + (p * 20 + o));
        add(out, offer, TYPE, v("Offer"));
        add(out, offer, v("product"), prod);
        add(out, offer, v("vendor"), inst("dataFromVendor" + (p % 50) + "/Vendor" + (p % 50)));
        add(out, offer, v("price"), NodeFactory.createLiteralDT(String.format("%d.%02d", 5 + rnd.nextInt(9000), rnd.nextInt(100)), usd));
        add(out, offer, v("validFrom"), dateTime(rnd));
        add(out, offer, v("validTo"), dateTime(rnd));
        add(out, offer, v("deliveryDays"), integer(1 + rnd.nextInt(14)));
        add(out, offer, v("offerWebpage"), NodeFactory.createURI("http://www.vendor" + (p % 50) + ".com/Offer" + (p * 20 + o) + "/"));
        add(out, offer, PUBLISHER, inst("dataFromVendor" + (p % 50) + "/Vendor" + (p % 50)));
        add(out, offer, DATE, date(rnd));
      }
      for (int r = 0; r < 10; r++) {
        Node review = inst("dataFromRatingSite" + (p % 10) + "/Review" + (p * 10 + r));
        add(out, review, TYPE, v("Review"));
        add(out, review, v("reviewFor"), prod);
        add(out, review, v("reviewer"), inst("dataFromRatingSite" + (p % 10) + "/Reviewer" + rnd.nextInt(5000)));
        add(out, review, v("reviewDate"), dateTime(rnd));
        add(out, review, NodeFactory.createURI("http://purl.org/dc/elements/1.1/title"), NodeFactory.createLiteralString(text(rnd, words, 5)));
        add(out, review, v("text"), NodeFactory.createLiteralLang(text(rnd, words, 60), "en"));
        for (int k = 1; k <= 4; k++) {
          add(out, review, v("rating" + k), integer(1 + rnd.nextInt(10)));
        }
        add(out, review, PUBLISHER, inst("dataFromRatingSite" + (p % 10) + "/RatingSite" + (p % 10)));
        add(out, review, DATE, date(rnd));
      }
    }
  }

  private static void add(Consumer<Quad> out, Node s, Node p, Node o) {
    out.accept(Quad.create(Quad.defaultGraphIRI, s, p, o));
  }

  private static String text(Random rnd, String[] words, int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "" : " ").append(words[rnd.nextInt(words.length)]);
    }
    return sb.toString();
  }

  private static Node date(Random rnd) {
    return NodeFactory.createLiteralDT(String.format("2008-%02d-%02d", 1 + rnd.nextInt(12), 1 + rnd.nextInt(28)), XSDDatatype.XSDdate);
  }

  private static Node dateTime(Random rnd) {
    return NodeFactory.createLiteralDT(String.format("2008-%02d-%02dT00:00:00", 1 + rnd.nextInt(12), 1 + rnd.nextInt(28)), XSDDatatype.XSDdateTime);
  }
}
