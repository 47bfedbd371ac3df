package dev.quarry.server.sparql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A SPARQL query text cut into its shape and its constants, by a small lexer of SPARQL's tokens.
 *
 * <p>The {@link #key} is the text with comments dropped, whitespace collapsed and each liftable
 * constant (absolute IRI, prefixed name, string, unsigned number) replaced by a marker of its kind:
 * two queries with one key differ only in those constants, as applications sending one template
 * with different parameters do. Constants whose value the parser does not keep as an RDF term stay
 * in the key: numbers after LIMIT and OFFSET, IRIs of PREFIX, BASE, FROM and SERVICE, a function's
 * name, blank node labels, relative IRIs.
 *
 * <p>The {@link #probeText} is the original text with each constant replaced by a probe of the same
 * kind that no query contains ({@code <urn:x-quarry:probe:3>}, {@code 7090000003}), so that each
 * constant's position can be found in the parsed query as a unique node. Only a shape's template
 * needs it, so it is written on demand.
 */
public final class QueryShape {

  /**
   * A lifted constant: its kind, its text as written (a string with its language tag or datatype)
   * and the text of the probe term that stands for it in {@link #probeText}.
   */
  public record Constant(Kind kind, String text, String probe) {}

  public enum Kind {
    IRI,
    PREFIXED_NAME,
    STRING,
    INTEGER,
    DECIMAL,
    DOUBLE
  }

  /** Where a constant stands in the text, and what stands there in the probe text. */
  private record Span(int start, int end, String probe) {}

  private static final long PROBE_NUMBER = 7_090_000_000L;

  private final String text;
  private final String key;
  private final List<Constant> constants;
  private final List<Span> spans;
  private final Extent extent;

  /**
   * How far a text extends: how deep it nests braces, parentheses and brackets (outside strings,
   * IRIs and comments), the offset of the bracket that first reached that depth, and its tokens
   * (names, constants, variables, operators and punctuation).
   */
  public record Extent(int depth, int deepestAt, int terms) {}

  private QueryShape(
      String text, String key, List<Constant> constants, List<Span> spans, Extent extent) {
    this.text = text;
    this.key = key;
    this.constants = constants;
    this.spans = spans;
    this.extent = extent;
  }

  public Extent extent() {
    return extent;
  }

  /** The query's shape, or null when the text does not lex (the parser will say why). */
  public static QueryShape of(String text) {
    try {
      Lexer l = new Lexer(text, true);
      l.run();
      return new QueryShape(
          text, l.key.toString(), List.copyOf(l.constants), List.copyOf(l.spans), l.extent());
    } catch (IllegalStateException e) {
      return null;
    }
  }

  /**
   * The text's extent alone, without a shape's key and constants (an update's text can carry
   * megabytes of data, whose shape nobody needs); null when the text does not lex.
   */
  public static Extent extentOf(String text) {
    try {
      Lexer l = new Lexer(text, false);
      l.run();
      return l.extent();
    } catch (IllegalStateException e) {
      return null;
    }
  }

  public String key() {
    return key;
  }

  public List<Constant> constants() {
    return constants;
  }

  public String probeText() {
    StringBuilder probe = new StringBuilder(text.length() + 16 * spans.size());
    int copied = 0;
    for (Span sp : spans) {
      probe.append(text, copied, sp.start()).append(sp.probe());
      copied = sp.end();
    }
    return probe.append(text, copied, text.length()).toString();
  }

  private static final class Lexer {
    private final String s;
    private final boolean shaping; // false: the extent only, no key, constants or probes
    private final StringBuilder key;
    private final List<Constant> constants = new ArrayList<>();
    private final List<Span> spans = new ArrayList<>();
    private int pos;
    private String previousWord = ""; // the last keyword, upper case, or "" after other tokens
    private int depth;
    private int maxDepth;
    private int deepestAt;
    private int terms;

    Lexer(String s, boolean shaping) {
      this.s = s;
      this.shaping = shaping;
      this.key = new StringBuilder(shaping ? s.length() : 0);
    }

    Extent extent() {
      return new Extent(maxDepth, deepestAt, terms);
    }

    void run() {
      boolean space = false;
      while (pos < s.length()) {
        char c = s.charAt(pos);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
          pos++;
          space = true;
          continue;
        }
        if (c == '#') {
          while (pos < s.length() && s.charAt(pos) != '\n' && s.charAt(pos) != '\r') {
            pos++;
          }
          space = true;
          continue;
        }
        if (space && shaping && !key.isEmpty()) {
          key.append(' ');
        }
        space = false;
        token(c);
      }
    }

    private void token(char c) {
      terms++;
      int start = pos;
      int iriEnd = c == '<' ? iriEnd() : -1;
      if (iriEnd > 0) {
        pos = iriEnd;
        constantOrKept(Kind.IRI, start, hasScheme(start, pos) && liftableIri());
        return;
      }
      if (c == '"' || c == '\'') {
        string(c);
        int end = pos;
        String suffix = suffix();
        if (!shaping) {
          previousWord = "";
          return;
        }
        String probe =
            suffix.startsWith("^^")
                ? datatypedProbe(suffix.substring(2))
                : "\"x-quarry-probe-" + constants.size() + "\"";
        if (probe == null) {
          kept(start); // a datatype without a probe: the literal stays in the key
          return;
        }
        lift(Kind.STRING, start, end, probe, probe + suffix);
        key.append(suffix);
        return;
      }
      if (isDigit(c) || (c == '.' && pos + 1 < s.length() && isDigit(s.charAt(pos + 1)))) {
        Kind k = number();
        constantOrKept(k, start, !previousWord.equals("LIMIT") && !previousWord.equals("OFFSET"));
        return;
      }
      if ((c == '?' || c == '$') && pos + 1 < s.length() && isNameChar(s.charAt(pos + 1))) {
        pos++;
        while (pos < s.length() && isNameChar(s.charAt(pos))) {
          pos++;
        }
        kept(start);
        return;
      }
      if (c == '_' && pos + 1 < s.length() && s.charAt(pos + 1) == ':') {
        pos += 2;
        local();
        kept(start);
        return;
      }
      if (isNameStart(c) || c == ':') {
        while (pos < s.length() && (isNameChar(s.charAt(pos)) || s.charAt(pos) == '.')) {
          pos++;
        }
        while (pos > start && s.charAt(pos - 1) == '.') {
          pos--; // a name never ends with a dot: that dot ends the triple
        }
        if (pos < s.length() && s.charAt(pos) == ':') {
          pos++;
          local();
          boolean call = nextNonSpace() == '(';
          constantOrKept(Kind.PREFIXED_NAME, start, !call && liftableIri());
          return;
        }
        String word = s.substring(start, pos);
        if (shaping) {
          key.append(word);
        }
        previousWord = word.toUpperCase(Locale.ROOT);
        return;
      }
      if (c == '{' || c == '(' || c == '[') {
        if (++depth > maxDepth) {
          maxDepth = depth;
          deepestAt = pos;
        }
      } else if (c == '}' || c == ')' || c == ']') {
        depth--;
      }
      pos++;
      kept(start);
    }

    /** IRIs the parser keeps as terms: not those naming prefixes, the base, datasets, services. */
    private boolean liftableIri() {
      return switch (previousWord) {
        case "PREFIX", "BASE", "FROM", "NAMED", "SERVICE", "SILENT" -> false;
        default -> true;
      };
    }

    private void constantOrKept(Kind kind, int start, boolean lift) {
      String before = previousWord;
      if (lift && shaping) {
        String probe =
            switch (kind) {
              case IRI, PREFIXED_NAME -> "<urn:x-quarry:probe:" + constants.size() + ">";
              case INTEGER -> Long.toString(PROBE_NUMBER + constants.size());
              case DECIMAL -> (PROBE_NUMBER + constants.size()) + ".5";
              case DOUBLE -> (PROBE_NUMBER + constants.size()) + "e0";
              case STRING -> throw new IllegalArgumentException("strings carry their suffix");
            };
        lift(kind, start, pos, probe, probe);
      } else {
        kept(start);
      }
      // A prefix declaration's name is followed by its IRI: keep the PREFIX context for it.
      previousWord = kind == Kind.PREFIXED_NAME && before.equals("PREFIX") ? before : "";
    }

    private void kept(int start) {
      if (shaping) {
        key.append(s, start, pos);
      }
      previousWord = "";
    }

    /**
     * Lifts the constant written in [start, pos): {@code probe} stands in [start, end) of the probe
     * text ({@code end} < pos for a string, whose language tag or datatype stays), {@code term} is
     * the whole probe term.
     */
    private void lift(Kind kind, int start, int end, String probe, String term) {
      constants.add(new Constant(kind, s.substring(start, pos), term));
      spans.add(new Span(start, end, probe));
      key.append('\u0001').append(kind == Kind.PREFIXED_NAME ? Kind.IRI.ordinal() : kind.ordinal());
      previousWord = "";
    }

    /** The language tag or datatype after a string (which stay in the key), or "". */
    private String suffix() {
      int start = pos;
      if (pos < s.length() && s.charAt(pos) == '@') {
        pos++;
        while (pos < s.length() && (isNameChar(s.charAt(pos)))) {
          pos++;
        }
      } else if (s.startsWith("^^", pos)) {
        pos += 2;
        int iriEnd = pos < s.length() && s.charAt(pos) == '<' ? iriEnd() : -1;
        if (iriEnd > 0) {
          pos = iriEnd;
        } else {
          while (pos < s.length() && (isNameChar(s.charAt(pos)) || s.charAt(pos) == ':')) {
            pos++;
          }
        }
      }
      return s.substring(start, pos);
    }

    /**
     * A probe valid for the literal's datatype, so that parsing it is as quiet as the original;
     * null for a datatype without one.
     */
    private String datatypedProbe(String datatype) {
      int cut =
          Math.max(
              datatype.lastIndexOf('#'),
              Math.max(datatype.lastIndexOf(':'), datatype.lastIndexOf('/')));
      String local = datatype.substring(cut + 1).replace(">", "");
      int n = constants.size();
      String lexical =
          switch (local) {
            case "dateTime", "dateTimeStamp" -> (7000 + n) + "-01-01T00:00:00Z";
            case "date" -> (7000 + n) + "-01-01";
            case "integer",
                "decimal",
                "double",
                "float",
                "long",
                "int",
                "nonNegativeInteger",
                "positiveInteger",
                "unsignedLong",
                "unsignedInt" ->
                Long.toString(100_000 + n);
            case "string" -> "x-quarry-probe-" + n;
            default -> null;
          };
      return lexical == null ? null : "\"" + lexical + "\"";
    }

    private int iriEnd() {
      for (int i = pos + 1; i < s.length(); i++) {
        char c = s.charAt(i);
        if (c == '>') {
          return i + 1;
        }
        if (c <= ' ' || c == '<' || c == '"' || c == '{' || c == '}' || c == '|' || c == '^'
            || c == '`' || c == '\\') {
          return -1;
        }
      }
      return -1;
    }

    private void string(char quote) {
      boolean isLong = three(quote, pos);
      pos += isLong ? 3 : 1;
      while (true) {
        if (pos >= s.length()) {
          throw new IllegalStateException("unterminated string");
        }
        char c = s.charAt(pos);
        if (c == '\\') {
          pos += 2;
          continue;
        }
        if (c == quote) {
          if (!isLong) {
            pos++;
            return;
          }
          if (three(quote, pos)) {
            pos += 3;
            while (pos < s.length() && s.charAt(pos) == quote) {
              pos++; // """a"""" ends with the last three quotes
            }
            return;
          }
        } else if (!isLong && (c == '\n' || c == '\r')) {
          throw new IllegalStateException("newline in a short string");
        }
        pos++;
      }
    }

    private boolean three(char quote, int at) {
      return at + 2 < s.length()
          && s.charAt(at) == quote
          && s.charAt(at + 1) == quote
          && s.charAt(at + 2) == quote;
    }

    private Kind number() {
      Kind k = Kind.INTEGER;
      digits();
      if (pos + 1 < s.length() && s.charAt(pos) == '.' && isDigit(s.charAt(pos + 1))) {
        pos++;
        digits();
        k = Kind.DECIMAL;
      }
      if (pos < s.length() && (s.charAt(pos) == 'e' || s.charAt(pos) == 'E')) {
        int save = pos++;
        if (pos < s.length() && (s.charAt(pos) == '+' || s.charAt(pos) == '-')) {
          pos++;
        }
        if (pos < s.length() && isDigit(s.charAt(pos))) {
          digits();
          k = Kind.DOUBLE;
        } else {
          pos = save;
        }
      }
      if (pos < s.length() && (isNameChar(s.charAt(pos)) || s.charAt(pos) == '.')) {
        // 1.e5, 12abc: leave such texts to the parser
        if (s.charAt(pos) != '.' || k != Kind.INTEGER) {
          throw new IllegalStateException("unusual number");
        }
      }
      return k;
    }

    private void digits() {
      while (pos < s.length() && isDigit(s.charAt(pos))) {
        pos++;
      }
    }

    /** The local part of a prefixed name or blank node label (escapes and %xx included). */
    private void local() {
      int from = pos;
      while (pos < s.length()) {
        char c = s.charAt(pos);
        if (c == '\\' && pos + 1 < s.length()) {
          pos += 2;
        } else if (isNameChar(c) || c == ':' || c == '%' || c == '.') {
          pos++;
        } else {
          break;
        }
      }
      while (pos > from
          && s.charAt(pos - 1) == '.'
          && (pos - 2 < from || s.charAt(pos - 2) != '\\')) {
        pos--;
      }
    }

    private char nextNonSpace() {
      for (int i = pos; i < s.length(); i++) {
        if (!Character.isWhitespace(s.charAt(i))) {
          return s.charAt(i);
        }
      }
      return 0;
    }

    /** {@code <scheme:...>} in [from, to): absolute, the same after resolution against any base. */
    private boolean hasScheme(int from, int to) {
      if (to - from < 3 || !Character.isLetter(s.charAt(from + 1)) || s.charAt(from + 1) > 'z') {
        return false;
      }
      for (int i = from + 2; i < to; i++) {
        char c = s.charAt(i);
        if (c == ':') {
          String iri = s.substring(from, to); // resolution removes dot segments: not ours to do
          return !iri.contains("/./") && !iri.contains("/../");
        }
        if (!(Character.isLetterOrDigit(c) && c < 0x80) && c != '+' && c != '.' && c != '-') {
          return false;
        }
      }
      return false;
    }

    private static boolean isDigit(char c) {
      return c >= '0' && c <= '9';
    }

    private static boolean isNameStart(char c) {
      return Character.isLetter(c) || c == '_';
    }

    private static boolean isNameChar(char c) {
      return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '\u00B7';
    }
  }
}
