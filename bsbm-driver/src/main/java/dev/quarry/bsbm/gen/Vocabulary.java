package dev.quarry.bsbm.gen;

/** The IRIs BSBM's data uses, with angle brackets, ready to write. */
public final class Vocabulary {
  private Vocabulary() {}

  static final String RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
  static final String RDFS = "http://www.w3.org/2000/01/rdf-schema#";
  static final String XSD = "http://www.w3.org/2001/XMLSchema#";
  static final String DC = "http://purl.org/dc/elements/1.1/";
  static final String FOAF = "http://xmlns.com/foaf/0.1/";
  static final String REV = "http://purl.org/stuff/rev#";
  static final String BSBM = "http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/vocabulary/";
  static final String INST = "http://www4.wiwiss.fu-berlin.de/bizer/bsbm/v01/instances/";
  static final String COUNTRIES = "http://downlode.org/rdf/iso-3166/countries#";

  static final String TYPE = iri(RDF, "type");
  static final String LABEL = iri(RDFS, "label");
  static final String COMMENT = iri(RDFS, "comment");
  static final String SUBCLASS_OF = iri(RDFS, "subClassOf");
  static final String PUBLISHER = iri(DC, "publisher");
  static final String DATE = iri(DC, "date");
  static final String TITLE = iri(DC, "title");
  static final String HOMEPAGE = iri(FOAF, "homepage");
  static final String NAME = iri(FOAF, "name");
  static final String MBOX_SHA1SUM = iri(FOAF, "mbox_sha1sum");
  static final String PERSON = iri(FOAF, "Person");
  static final String REVIEW = iri(REV, "Review");
  static final String REVIEWER = iri(REV, "reviewer");
  static final String TEXT = iri(REV, "text");

  static final String PRODUCT_TYPE = iri(BSBM, "ProductType");
  static final String PRODUCT_FEATURE_CLASS = iri(BSBM, "ProductFeature");
  static final String PRODUCER_CLASS = iri(BSBM, "Producer");
  static final String PRODUCT_CLASS = iri(BSBM, "Product");
  static final String VENDOR_CLASS = iri(BSBM, "Vendor");
  static final String OFFER_CLASS = iri(BSBM, "Offer");
  static final String COUNTRY = iri(BSBM, "country");
  static final String PRODUCER = iri(BSBM, "producer");
  static final String PRODUCT_FEATURE = iri(BSBM, "productFeature");
  static final String PRODUCT = iri(BSBM, "product");
  static final String VENDOR = iri(BSBM, "vendor");
  static final String PRICE = iri(BSBM, "price");
  static final String VALID_FROM = iri(BSBM, "validFrom");
  static final String VALID_TO = iri(BSBM, "validTo");
  static final String DELIVERY_DAYS = iri(BSBM, "deliveryDays");
  static final String OFFER_WEBPAGE = iri(BSBM, "offerWebpage");
  static final String REVIEW_FOR = iri(BSBM, "reviewFor");
  static final String REVIEW_DATE = iri(BSBM, "reviewDate");
  static final String USD = iri(BSBM, "USD");
  static final String[] NUMERIC = numbered(BSBM + "productPropertyNumeric", 6);
  static final String[] TEXTUAL = numbered(BSBM + "productPropertyTextual", 6);
  static final String[] RATING = numbered(BSBM + "rating", 4);

  static final String INTEGER = iri(XSD, "integer");
  static final String STRING = iri(XSD, "string");
  static final String XSD_DATE = iri(XSD, "date");
  static final String DATE_TIME = iri(XSD, "dateTime");

  static final String STANDARDIZATION_INSTITUTION = inst("StandardizationInstitution1");

  /** Country codes in the order of the weighted choice (US 40%, GB, JP, CN 10%, the rest 5%). */
  static final String[] COUNTRY_CODES = {
    "US", "GB", "JP", "CN", "DE", "FR", "ES", "RU", "KR", "AT"
  };

  /** The language tag of a review's text, by the reviewer's country. */
  static final String[] COUNTRY_LANGUAGES = {
    "en", "en", "ja", "zh", "de", "fr", "es", "ru", "ko", "de"
  };

  static String iri(String namespace, String local) {
    return "<" + namespace + local + ">";
  }

  static String inst(String local) {
    return iri(INST, local);
  }

  public static String country(int index) {
    return iri(COUNTRIES, COUNTRY_CODES[index]);
  }

  public static String productType(int n) {
    return inst("ProductType" + n);
  }

  public static String productFeature(int n) {
    return inst("ProductFeature" + n);
  }

  public static String producer(int k) {
    return inst("dataFromProducer" + k + "/Producer" + k);
  }

  public static String product(int producer, int n) {
    return inst("dataFromProducer" + producer + "/Product" + n);
  }

  static String vendor(int v) {
    return inst("dataFromVendor" + v + "/Vendor" + v);
  }

  public static String offer(int vendor, int n) {
    return inst("dataFromVendor" + vendor + "/Offer" + n);
  }

  static String offerPage(int vendor, int n) {
    return inst("dataFromVendor" + vendor + "/Offer" + n + "/");
  }

  static String ratingSite(int s) {
    return inst("dataFromRatingSite" + s + "/RatingSite" + s);
  }

  static String reviewer(int site, int n) {
    return inst("dataFromRatingSite" + site + "/Reviewer" + n);
  }

  public static String review(int site, int n) {
    return inst("dataFromRatingSite" + site + "/Review" + n);
  }

  private static String[] numbered(String prefix, int count) {
    String[] out = new String[count + 1];
    for (int i = 1; i <= count; i++) {
      out[i] = "<" + prefix + i + ">";
    }
    return out;
  }
}
