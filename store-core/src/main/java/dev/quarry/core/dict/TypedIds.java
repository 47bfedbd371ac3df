package dev.quarry.core.dict;

import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

/**
 * Literals held in their id whose datatype is outside XSD and RDF and whose lexical form is a plain
 * decimal number, as prices and measures of exported data are ({@code "5944.52"^^bsbm:USD}): the id
 * is {@link NodeIds#TAG_TYPED}, the datatype's number in {@link IriIds}' table (16 bits), the count
 * of digits after the point (3 bits; 0: no point), the sign (1 bit) and the digits read as one
 * number (36 bits). Reading their records was 17 % of a memory-capped server's device reads of the
 * term file at BSBM 100M.
 *
 * <p>The lexical form comes back exactly: {@code -?(0|[1-9][0-9]*)(\.[0-9]{1,7})?}, the digits
 * together below 2^36; "05", "+5", "5." and ".5" stay records. The ids carry no order: SPARQL gives
 * such literals no value, and they compare as terms (the query decodes them). XSD's and RDF's own
 * datatypes never come here: {@link InlineValues} holds their values, and a value of theirs that it
 * cannot hold ("1.50"^^xsd:decimal) is a record, so that ranges of values stay what they are.
 *
 * <p>As with IRIs, every term has one id: such a literal is inline if and only if its datatype has
 * a number, added when the first one is created and never removed. That holds in a store whose
 * every literal was created so, which says so by a {@link #SENTINEL} row from its first commit on;
 * in a store without it (upgraded in place) they stay records.
 */
final class TypedIds {
  private static final int NUMBER_SHIFT = 40;
  private static final int SCALE_SHIFT = 37;
  private static final long NEGATIVE = 1L << 36;
  private static final long MAX_DIGITS = NEGATIVE - 1;
  private static final int MAX_SCALE = 7;
  private static final String XSD = "http://www.w3.org/2001/XMLSchema#";
  private static final String RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";
  private static final long[] POWERS = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000};

  /** The row whose presence says every such literal of the store was created by this rule. */
  static final long[] SENTINEL = sentinel();

  /** Whether a new store keeps them inline: {@code -Dquarry.store.typed-ids=false}, records. */
  static boolean forNewStores() {
    return Boolean.parseBoolean(System.getProperty("quarry.store.typed-ids", "true"));
  }

  private final boolean enabled;
  private final IriIds names;

  TypedIds(boolean enabled, IriIds names) {
    this.enabled = enabled && names.enabled();
    this.names = names;
  }

  boolean enabled() {
    return enabled;
  }

  /**
   * The inline id of literal {@code n} ({@code writer}: with the writer's new datatypes), or NONE.
   */
  long id(Node n, boolean writer) {
    long digits = enabled ? digits(n) : -1;
    int k = digits < 0 ? 0 : names.number(n.getLiteralDatatypeURI(), writer);
    return k == 0 ? NodeIds.NONE : make(k, digits);
  }

  /**
   * The inline id of literal {@code n}, its datatype numbered if new ({@link IriIds#createNumber});
   * NONE if it cannot be inline. Writer only.
   */
  long create(Node n, ToLongFunction<byte[]> append, Consumer<long[]> rows) {
    long digits = enabled ? digits(n) : -1;
    int k = digits < 0 ? 0 : names.createNumber(n.getLiteralDatatypeURI(), append, rows);
    return k == 0 ? NodeIds.NONE : make(k, digits);
  }

  /** The literal of an inline id. */
  Node node(long id) {
    long p = NodeIds.payload(id);
    int scale = (int) (p >>> SCALE_SHIFT) & MAX_SCALE;
    long digits = p & MAX_DIGITS;
    StringBuilder b = new StringBuilder(24);
    if ((p & NEGATIVE) != 0) {
      b.append('-');
    }
    b.append(digits / POWERS[scale]);
    if (scale > 0) {
      String f = Long.toString(digits % POWERS[scale]);
      b.append('.').repeat('0', scale - f.length()).append(f);
    }
    String datatype = names.name((int) (p >>> NUMBER_SHIFT));
    return NodeFactory.createLiteralDT(
        b.toString(), TypeMapper.getInstance().getSafeTypeByName(datatype));
  }

  private static long make(int k, long digits) {
    return NodeIds.make(NodeIds.TAG_TYPED, ((long) k << NUMBER_SHIFT) | digits);
  }

  /**
   * Scale, sign and digits of {@code n} packed as below the datatype's number, or -1 if {@code n}
   * cannot be inline: a literal of another datatype, or another lexical form.
   */
  static long digits(Node n) {
    if (!n.isLiteral()) {
      return -1;
    }
    String dt = n.getLiteralDatatypeURI();
    String lang = n.getLiteralLanguage();
    if (dt == null
        || dt.startsWith(XSD)
        || dt.startsWith(RDF)
        || (lang != null && !lang.isEmpty())) {
      return -1;
    }
    return digits(n.getLiteralLexicalForm());
  }

  /** The packed form of a lexical form (see the class comment), or -1. */
  static long digits(String lex) {
    int n = lex.length();
    int i = 0;
    boolean negative = n > 0 && lex.charAt(0) == '-';
    if (negative) {
      i++;
    }
    int intStart = i;
    while (i < n && isDigit(lex.charAt(i))) {
      i++;
    }
    int intDigits = i - intStart;
    if (intDigits == 0 || (intDigits > 1 && lex.charAt(intStart) == '0')) {
      return -1;
    }
    int scale = 0;
    if (i < n) {
      if (lex.charAt(i) != '.') {
        return -1;
      }
      int fracStart = ++i;
      while (i < n && isDigit(lex.charAt(i))) {
        i++;
      }
      scale = i - fracStart;
      if (i < n || scale == 0 || scale > MAX_SCALE) {
        return -1;
      }
    }
    if (intDigits + scale > 11) { // 2^36 has 11 digits; the bound is checked as a value
      return -1;
    }
    long digits = 0;
    for (int k = negative ? 1 : 0; k < n; k++) {
      char c = lex.charAt(k);
      if (c != '.') {
        digits = digits * 10 + (c - '0');
      }
    }
    if (digits > MAX_DIGITS) {
      return -1;
    }
    return ((long) scale << SCALE_SHIFT) | (negative ? NEGATIVE : 0) | digits;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static long[] sentinel() {
    byte[] b = "quarry:typed-ids:v1".getBytes(StandardCharsets.US_ASCII);
    long[] h = new long[2];
    Murmur3.hash128(b, b.length, 0, h);
    return new long[] {h[0], h[1], 1};
  }
}
