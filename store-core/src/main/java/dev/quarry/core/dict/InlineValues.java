package dev.quarry.core.dict;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

/**
 * Literals held inside their NodeId, order-preserving within each datatype: the integer types,
 * xsd:decimal (six fractional digits, |v| < 3.6e10), xsd:double (when its last 8 mantissa bits are
 * zero), xsd:float, xsd:boolean, xsd:dateTime and xsd:date (years 1-9999, milliseconds, with or
 * without a time zone), and xsd:string of up to 7 ASCII characters.
 *
 * <p>A literal is inlined only if decoding its id gives back exactly the same term: same datatype,
 * same lexical form. "042"^^xsd:integer and "1.50"^^xsd:decimal are different terms from "42" and
 * "1.5", and an invalid "abc"^^xsd:integer is a term too: all of those go to the term table, so no
 * term is ever changed by being stored.
 */
public final class InlineValues {
  static final int FIRST_TAG = 0x10;

  // One tag per datatype; integer types share the encoding.
  static final String[] INTEGER_TYPES = {
    XSDDatatype.XSDinteger.getURI(),
    XSDDatatype.XSDint.getURI(),
    XSDDatatype.XSDlong.getURI(),
    XSDDatatype.XSDshort.getURI(),
    XSDDatatype.XSDbyte.getURI(),
    XSDDatatype.XSDnonNegativeInteger.getURI(),
    XSDDatatype.XSDpositiveInteger.getURI(),
    XSDDatatype.XSDnonPositiveInteger.getURI(),
    XSDDatatype.XSDnegativeInteger.getURI(),
    XSDDatatype.XSDunsignedLong.getURI(),
    XSDDatatype.XSDunsignedInt.getURI(),
    XSDDatatype.XSDunsignedShort.getURI(),
    XSDDatatype.XSDunsignedByte.getURI()
  };
  public static final int TAG_INTEGER = 0x10; // .. 0x1C for the types above, in that order
  public static final int TAG_DECIMAL = 0x20;
  public static final int TAG_DOUBLE = 0x21;
  public static final int TAG_FLOAT = 0x22;
  public static final int TAG_BOOLEAN = 0x23;
  public static final int TAG_DATETIME = 0x24;
  public static final int TAG_DATE = 0x25;
  public static final int TAG_SHORT_STRING = 0x30;

  static final long OFFSET56 = 1L << 55; // signed 56-bit values as offset binary
  static final int DECIMAL_SCALE = 6;
  private static final long MILLIS_OFFSET =
      1L << 48; // dateTimes from year 1 to 9999 fit in 49 bits
  private static final long DAYS_OFFSET = 1L << 40;
  private static final int NO_ZONE = 0; // zone codes: 0 = none, 1.. = (offset in 15 min) + 57
  private static final String STRING = XSDDatatype.XSDstring.getURI();

  private InlineValues() {}

  /** The inline id of {@code n}, or {@link NodeIds#NONE} if it is not held inline. */
  public static long encode(Node n) {
    if (!n.isLiteral()) {
      return NodeIds.NONE;
    }
    String lang = n.getLiteralLanguage();
    if (lang != null && !lang.isEmpty()) {
      return NodeIds.NONE;
    }
    String lex = n.getLiteralLexicalForm();
    String dt = n.getLiteralDatatypeURI();
    long id = encode(lex, dt);
    // The rule that makes inlining safe: only what decodes to the identical term.
    if (id != NodeIds.NONE && !n.equals(decode(id))) {
      return NodeIds.NONE;
    }
    return id;
  }

  private static long encode(String lex, String dt) {
    try {
      for (int i = 0; i < INTEGER_TYPES.length; i++) {
        if (INTEGER_TYPES[i].equals(dt)) {
          return integer(TAG_INTEGER + i, lex);
        }
      }
      if (dt.equals(STRING)) {
        return shortString(lex);
      }
      if (dt.equals(XSDDatatype.XSDdecimal.getURI())) {
        return decimal(lex);
      }
      if (dt.equals(XSDDatatype.XSDdouble.getURI())) {
        return doubleValue(lex);
      }
      if (dt.equals(XSDDatatype.XSDfloat.getURI())) {
        float f = Float.parseFloat(lex);
        return Float.isNaN(f)
            ? NodeIds.NONE
            : NodeIds.make(TAG_FLOAT, orderable(Float.floatToIntBits(f)));
      }
      if (dt.equals(XSDDatatype.XSDboolean.getURI())) {
        return lex.equals("true")
            ? NodeIds.make(TAG_BOOLEAN, 1)
            : lex.equals("false") ? NodeIds.make(TAG_BOOLEAN, 0) : NodeIds.NONE;
      }
      if (dt.equals(XSDDatatype.XSDdateTime.getURI())) {
        return dateTime(lex);
      }
      if (dt.equals(XSDDatatype.XSDdate.getURI())) {
        return date(lex);
      }
    } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
      return NodeIds.NONE; // not a valid value: it stays a lexical term
    }
    return NodeIds.NONE;
  }

  /** The term an inline id stands for. */
  public static Node decode(long id) {
    int tag = NodeIds.tag(id);
    long p = NodeIds.payload(id);
    if (tag >= TAG_INTEGER && tag < TAG_INTEGER + INTEGER_TYPES.length) {
      return literal(Long.toString(p - OFFSET56), INTEGER_TYPES[tag - TAG_INTEGER]);
    }
    return switch (tag) {
      case TAG_DECIMAL ->
          literal(
              decimalLexical(BigDecimal.valueOf(p - OFFSET56, DECIMAL_SCALE)),
              XSDDatatype.XSDdecimal.getURI());
      case TAG_DOUBLE ->
          literal(
              doubleLexical(Double.longBitsToDouble(unorderable56(p) << 8)),
              XSDDatatype.XSDdouble.getURI());
      case TAG_FLOAT ->
          literal(
              floatLexical(Float.intBitsToFloat((int) unorderable32(p))),
              XSDDatatype.XSDfloat.getURI());
      case TAG_BOOLEAN -> literal(p == 1 ? "true" : "false", XSDDatatype.XSDboolean.getURI());
      case TAG_DATETIME -> literal(dateTimeLexical(p), XSDDatatype.XSDdateTime.getURI());
      case TAG_DATE -> literal(dateLexical(p), XSDDatatype.XSDdate.getURI());
      case TAG_SHORT_STRING -> NodeFactory.createLiteralString(shortStringLexical(p));
      default -> throw new IllegalArgumentException("not an inline id: " + NodeIds.toString(id));
    };
  }

  private static Node literal(String lex, String dt) {
    return NodeFactory.createLiteralDT(lex, TypeMapper.getInstance().getSafeTypeByName(dt));
  }

  // ---- integers and decimals ------------------------------------------------------------------

  private static long integer(int tag, String lex) {
    long v = Long.parseLong(lex);
    return v >= -OFFSET56 && v < OFFSET56 ? NodeIds.make(tag, v + OFFSET56) : NodeIds.NONE;
  }

  private static long decimal(String lex) {
    BigDecimal d = new BigDecimal(lex);
    BigInteger scaled = d.setScale(DECIMAL_SCALE).unscaledValue(); // throws if digits would be lost
    if (scaled.bitLength() > 55) {
      return NodeIds.NONE;
    }
    return NodeIds.make(TAG_DECIMAL, scaled.longValueExact() + OFFSET56);
  }

  /**
   * The canonical xsd:decimal form: no exponent, no trailing zeros, at least one fraction digit.
   */
  static String decimalLexical(BigDecimal d) {
    BigDecimal s = d.stripTrailingZeros();
    if (s.scale() <= 0) {
      return s.setScale(0).toPlainString() + ".0";
    }
    return s.toPlainString();
  }

  // ---- floating point -------------------------------------------------------------------------

  private static long doubleValue(String lex) {
    double d = Double.parseDouble(lex);
    long raw = Double.doubleToLongBits(d);
    if (Double.isNaN(d) || (raw & 0xFF) != 0) {
      return NodeIds.NONE; // only doubles whose lowest 8 mantissa bits are zero fit in 56
    }
    return NodeIds.make(TAG_DOUBLE, orderable56(raw >> 8));
  }

  private static final long SIGN56 = 1L << 55;
  private static final long MASK56 = (1L << 56) - 1;

  /**
   * Maps the top 56 bits of an IEEE double (sign-extended) to a payload whose unsigned order is the
   * numeric order: negatives are inverted, positives get the top bit.
   */
  static long orderable56(long top) {
    return top < 0 ? ~top & MASK56 : top | SIGN56;
  }

  private static long unorderable56(long p) {
    return (p & SIGN56) != 0 ? p & ~SIGN56 : (~p & MASK56) | ~MASK56;
  }

  static long orderable(int bits) {
    return (bits < 0 ? ~bits : bits | Integer.MIN_VALUE) & 0xFFFFFFFFL;
  }

  private static long unorderable32(long o) {
    int i = (int) o;
    return i < 0 ? i & Integer.MAX_VALUE : ~i;
  }

  /** The canonical xsd:double form Jena writes: mantissa with one digit before the point, E. */
  static String doubleLexical(double d) {
    if (Double.isInfinite(d)) {
      return d > 0 ? "INF" : "-INF";
    }
    String s = Double.toString(d); // e.g. 1.5, 1.0E10, 1.0E-5
    if (!s.contains("E")) {
      BigDecimal b = new BigDecimal(s);
      int exp = b.precision() - b.scale() - 1;
      BigDecimal mant = b.movePointLeft(exp);
      String m = mant.stripTrailingZeros().toPlainString();
      if (!m.contains(".")) {
        m = m + ".0";
      }
      if (d == 0) {
        return (1 / d < 0 ? "-" : "") + "0.0E0";
      }
      return m + "E" + exp;
    }
    return s;
  }

  static String floatLexical(float f) {
    return doubleLexical(f);
  }

  /** The id of the xsd:integer {@code v}: inline, or {@link NodeIds#NONE} if it does not fit. */
  public static long integerId(long v) {
    return v >= -OFFSET56 && v < OFFSET56 ? NodeIds.make(TAG_INTEGER, v + OFFSET56) : NodeIds.NONE;
  }

  /** Fields of {@link #dateField}, as SPARQL's YEAR, MONTH, DAY, HOURS and MINUTES name them. */
  public static final int YEAR = 0;

  public static final int MONTH = 1;
  public static final int DAY = 2;
  public static final int HOURS = 3;
  public static final int MINUTES = 4;

  /**
   * A field of the date and time an inline xsd:dateTime (any field) or xsd:date (YEAR, MONTH, DAY)
   * holds, as its lexical form reads it (in its own time zone); {@link Long#MIN_VALUE} otherwise.
   */
  public static long dateField(long id, int field) {
    int tag = NodeIds.tag(id);
    long p = NodeIds.payload(id);
    int zone = (int) (p & 0x7F);
    long offsetSeconds = zone == NO_ZONE ? 0 : (zone - 57) * 900L;
    if (tag == TAG_DATETIME) {
      long millis = (p >>> 7) - MILLIS_OFFSET;
      LocalDateTime t =
          LocalDateTime.ofEpochSecond(
              Math.floorDiv(millis, 1000) + offsetSeconds, 0, ZoneOffset.UTC);
      return switch (field) {
        case YEAR -> t.getYear();
        case MONTH -> t.getMonthValue();
        case DAY -> t.getDayOfMonth();
        case HOURS -> t.getHour();
        case MINUTES -> t.getMinute();
        default -> Long.MIN_VALUE;
      };
    }
    if (tag == TAG_DATE && field <= DAY) {
      LocalDate d = LocalDate.ofEpochDay((p >>> 7) - DAYS_OFFSET);
      return field == YEAR ? d.getYear() : field == MONTH ? d.getMonthValue() : d.getDayOfMonth();
    }
    return Long.MIN_VALUE;
  }

  // ---- dates and times ------------------------------------------------------------------------

  private static long dateTime(String lex) {
    int zoneAt = zoneStart(lex, 19);
    String local = zoneAt < 0 ? lex : lex.substring(0, zoneAt);
    int zone = zoneAt < 0 ? NO_ZONE : zoneCode(lex.substring(zoneAt));
    if (zone < 0 || local.length() < 19 || local.charAt(0) == '-') {
      return NodeIds.NONE;
    }
    LocalDateTime t = LocalDateTime.parse(local);
    long offsetSeconds = zone == NO_ZONE ? 0 : (zone - 57) * 900L;
    long millis = t.toInstant(ZoneOffset.UTC).toEpochMilli() - offsetSeconds * 1000;
    return NodeIds.make(TAG_DATETIME, ((millis + MILLIS_OFFSET) << 7) | zone);
  }

  private static String dateTimeLexical(long p) {
    int zone = (int) (p & 0x7F);
    long millis = (p >>> 7) - MILLIS_OFFSET;
    long offsetSeconds = zone == NO_ZONE ? 0 : (zone - 57) * 900L;
    LocalDateTime t =
        LocalDateTime.ofEpochSecond(
            Math.floorDiv(millis, 1000) + offsetSeconds,
            (int) Math.floorMod(millis, 1000) * 1_000_000,
            ZoneOffset.UTC);
    StringBuilder sb =
        new StringBuilder(
            String.format(
                "%04d-%02d-%02dT%02d:%02d:%02d",
                t.getYear(),
                t.getMonthValue(),
                t.getDayOfMonth(),
                t.getHour(),
                t.getMinute(),
                t.getSecond()));
    int ms = t.getNano() / 1_000_000;
    if (ms != 0) {
      String frac = String.format("%03d", ms);
      sb.append('.').append(frac.replaceAll("0+$", ""));
    }
    return sb.append(zoneLexical(zone)).toString();
  }

  private static long date(String lex) {
    int zoneAt = zoneStart(lex, 10);
    String local = zoneAt < 0 ? lex : lex.substring(0, zoneAt);
    int zone = zoneAt < 0 ? NO_ZONE : zoneCode(lex.substring(zoneAt));
    if (zone < 0 || local.length() != 10 || local.charAt(0) == '-') {
      return NodeIds.NONE;
    }
    long days = LocalDate.parse(local).toEpochDay();
    return NodeIds.make(TAG_DATE, ((days + DAYS_OFFSET) << 7) | zone);
  }

  private static String dateLexical(long p) {
    int zone = (int) (p & 0x7F);
    LocalDate d = LocalDate.ofEpochDay((p >>> 7) - DAYS_OFFSET);
    return String.format("%04d-%02d-%02d", d.getYear(), d.getMonthValue(), d.getDayOfMonth())
        + zoneLexical(zone);
  }

  /** Where a zone suffix (Z, +hh:mm, -hh:mm) starts, looking from {@code from}; -1 if none. */
  private static int zoneStart(String lex, int from) {
    for (int i = from; i < lex.length(); i++) {
      char c = lex.charAt(i);
      if (c == 'Z' || c == '+' || c == '-') {
        return i;
      }
    }
    return -1;
  }

  /** 1 + 56 + offset in quarter hours (so -14:00 is 1, Z is 57, +14:00 is 113); -1 if malformed. */
  private static int zoneCode(String z) {
    if (z.equals("Z")) {
      return 57;
    }
    if (z.length() != 6 || z.charAt(3) != ':') {
      return -1;
    }
    int h = Integer.parseInt(z.substring(1, 3));
    int m = Integer.parseInt(z.substring(4, 6));
    if (h > 14 || m % 15 != 0 || (h == 14 && m != 0)) {
      return -1;
    }
    int q = h * 4 + m / 15;
    return 57 + (z.charAt(0) == '-' ? -q : q);
  }

  private static String zoneLexical(int zone) {
    if (zone == NO_ZONE) {
      return "";
    }
    if (zone == 57) {
      return "Z";
    }
    int q = zone - 57;
    int a = Math.abs(q);
    return String.format("%s%02d:%02d", q < 0 ? "-" : "+", a / 4, (a % 4) * 15);
  }

  // ---- short strings --------------------------------------------------------------------------

  private static long shortString(String lex) {
    int n = lex.length();
    if (n > 7) {
      return NodeIds.NONE;
    }
    long p = 0;
    for (int i = 0; i < 7; i++) {
      int c = i < n ? lex.charAt(i) : 0;
      if (i < n && (c == 0 || c > 0x7F)) {
        return NodeIds.NONE;
      }
      p = (p << 8) | c;
    }
    return NodeIds.make(TAG_SHORT_STRING, p);
  }

  private static String shortStringLexical(long p) {
    StringBuilder sb = new StringBuilder(7);
    for (int i = 6; i >= 0; i--) {
      int c = (int) ((p >>> (i * 8)) & 0xFF);
      if (c == 0) {
        break;
      }
      sb.append((char) c);
    }
    return sb.toString();
  }
}
