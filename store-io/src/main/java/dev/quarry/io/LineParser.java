package dev.quarry.io;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.jena.datatypes.RDFDatatype;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;

/**
 * The fast path for N-Triples and N-Quads: one line's bytes straight to a quad of Jena terms, with
 * no intermediate objects. It takes only what it can be sure of: absolute IRIs of plain ASCII that
 * RFC 3987 allows, blank node labels of letters, digits, '_' and '-', string literals (escapes
 * included, valid UTF-8), datatypes, and language tags Rio has already accepted once ({@link
 * #acceptLanguage}). Anything else (a relative IRI, an escape in an IRI, a triple term, a comment
 * inside a statement, an error) it declines with null, and the caller asks Rio, whose answer is the
 * reference; tests compare the two on every line the fast path takes.
 */
final class LineParser {
  private static final RDFDatatype XSD_STRING = XSDDatatype.XSDstring;
  private static final String LANG_STRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString";
  private static final String DIR_LANG_STRING =
      "http://www.w3.org/1999/02/22-rdf-syntax-ns#dirLangString";

  /** Rio reads IRIs with this prefix as RDF-star triples it encoded itself: Rio's to read. */
  private static final byte[] RDF4J_TRIPLE =
      "urn:rdf4j:triple:".getBytes(StandardCharsets.ISO_8859_1);

  private static final boolean[] PCHAR = new boolean[128]; // allowed in an IRI past its scheme
  private static final boolean[] LABEL = new boolean[128]; // allowed in a blank node label

  static {
    String unreserved = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~";
    for (char c : (unreserved + "!$&'()*+,;=:@/?").toCharArray()) {
      PCHAR[c] = true;
    }
    for (char c :
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-".toCharArray()) {
      LABEL[c] = true;
    }
  }

  private final boolean quads;
  private final Node defaultGraph;
  private final String blankScope;
  private final Map<String, RDFDatatype> datatypes = new HashMap<>();
  private final Map<String, String> languages = new HashMap<>(); // as written -> as Rio gives it
  private final IriCache iris = new IriCache();
  private int at; // the position in the line being read
  private String declinedLanguage; // the tag the last line was declined for, if that was why

  /**
   * @param quads N-Quads (a graph label may follow the object)
   * @param defaultGraph the graph of a statement without one
   * @param blankScope prefixed to each blank node label: a document's labels are its own
   */
  LineParser(boolean quads, Node defaultGraph, String blankScope) {
    this.quads = quads;
    this.defaultGraph = defaultGraph;
    this.blankScope = blankScope;
  }

  /** A language tag as Rio gave it for {@code written}, so later lines take it without Rio. */
  void acceptLanguage(String written, String asRioGaveIt) {
    languages.put(written, asRioGaveIt);
  }

  /**
   * The language tag (as written) the last line was declined for because the fast path had not met
   * it yet, or null: once Rio has read that line, {@link #acceptLanguage} teaches it the tag.
   */
  String declinedLanguage() {
    return declinedLanguage;
  }

  /** The blank node a label in this document stands for (Rio's labels go through here too). */
  Node blank(String label) {
    return NodeFactory.createBlankNode(blankScope + label);
  }

  /**
   * The statement on {@code line[from, to)} (no line break), or null when the fast path declines it
   * (Rio then decides). A line of only white space or a comment is {@link #NOTHING}.
   */
  Quad parse(byte[] line, int from, int to) {
    at = from;
    declinedLanguage = null;
    skipSpace(line, to);
    if (at == to || line[at] == '#') {
      return endsClean(line, to) ? NOTHING : null;
    }
    Node s = subject(line, to);
    if (s == null) {
      return null;
    }
    skipSpace(line, to);
    Node p = iri(line, to);
    if (p == null) {
      return null;
    }
    skipSpace(line, to);
    Node o = object(line, to);
    if (o == null) {
      return null;
    }
    skipSpace(line, to);
    Node g = defaultGraph;
    if (quads && at < to && line[at] != '.') {
      g = subject(line, to);
      if (g == null) {
        return null;
      }
      skipSpace(line, to);
    }
    if (at == to || line[at] != '.') {
      return null;
    }
    at++;
    skipSpace(line, to);
    if (at < to && (line[at] != '#' || !endsClean(line, to))) {
      return null;
    }
    return Quad.create(g, s, p, o);
  }

  /** Returned for a line that holds no statement. */
  static final Quad NOTHING =
      Quad.create(
          Quad.defaultGraphIRI,
          NodeFactory.createURI("urn:x-quarry:nothing"),
          NodeFactory.createURI("urn:x-quarry:nothing"),
          NodeFactory.createURI("urn:x-quarry:nothing"));

  /**
   * Whether the rest of the line (a comment) holds no carriage return: Rio ends a line there too,
   * and what follows it is a line of its own for Rio to judge.
   */
  private boolean endsClean(byte[] b, int to) {
    for (int i = at; i < to; i++) {
      if (b[i] == '\r') {
        return false;
      }
    }
    return true;
  }

  private void skipSpace(byte[] b, int to) {
    while (at < to && (b[at] == ' ' || b[at] == '\t')) {
      at++;
    }
  }

  private Node subject(byte[] b, int to) {
    if (at >= to) {
      return null;
    }
    return b[at] == '<' ? iri(b, to) : b[at] == '_' ? blankNode(b, to) : null;
  }

  private Node object(byte[] b, int to) {
    if (at >= to) {
      return null;
    }
    return switch (b[at]) {
      case '<' -> iri(b, to);
      case '_' -> blankNode(b, to);
      case '"' -> literal(b, to);
      default -> null;
    };
  }

  /** An IRI the fast path is sure of, or null. */
  private Node iri(byte[] b, int to) {
    if (at >= to || b[at] != '<') {
      return null;
    }
    int start = at + 1;
    int end = iriEnd(b, start, to);
    if (end < 0 || startsWith(b, start, end, RDF4J_TRIPLE)) {
      return null;
    }
    at = end + 1;
    return iris.get(b, start, end);
  }

  /**
   * The position of the '>' closing an IRI that starts at {@code start}, or -1 if it is not one the
   * fast path takes: scheme ':' then, after an optional "//" authority of a host and a numeric
   * port, only RFC 3987's path, query and fragment characters and %-escapes, one '#' at most.
   */
  static int iriEnd(byte[] b, int start, int to) {
    int i = start;
    if (i >= to || !isAlpha(b[i])) {
      return -1;
    }
    while (i < to
        && (isAlpha(b[i]) || isDigit(b[i]) || b[i] == '+' || b[i] == '-' || b[i] == '.')) {
      i++;
    }
    if (i >= to || b[i] != ':') {
      return -1;
    }
    i++;
    if (i + 1 < to && b[i] == '/' && b[i + 1] == '/') {
      i += 2;
      while (i < to && b[i] != '/' && b[i] != '?' && b[i] != '#' && b[i] != '>') {
        byte c = b[i];
        if (c == ':') {
          int port = ++i;
          while (i < to && isDigit(b[i])) {
            i++;
          }
          if (i - port > 5
              || i >= to
              || (b[i] != '/' && b[i] != '?' && b[i] != '#' && b[i] != '>')) {
            return -1;
          }
          break;
        }
        if (c == '%') {
          if (!pct(b, i, to)) {
            return -1;
          }
          i += 3;
          continue;
        }
        if (c < 0 || !PCHAR[c] || c == '@' || c == '/' || c == '?') {
          return -1;
        }
        i++;
      }
    }
    boolean fragment = false;
    for (; i < to; i++) {
      byte c = b[i];
      if (c == '>') {
        return i;
      }
      if (c == '%') {
        if (!pct(b, i, to)) {
          return -1;
        }
        i += 2;
      } else if (c == '#') {
        if (fragment) {
          return -1;
        }
        fragment = true;
      } else if (c < 0 || !PCHAR[c]) {
        return -1;
      }
    }
    return -1;
  }

  private static boolean startsWith(byte[] b, int from, int to, byte[] prefix) {
    return to - from >= prefix.length
        && Arrays.equals(b, from, from + prefix.length, prefix, 0, prefix.length);
  }

  private static boolean pct(byte[] b, int i, int to) {
    return i + 2 < to && isHex(b[i + 1]) && isHex(b[i + 2]);
  }

  private Node blankNode(byte[] b, int to) {
    if (at + 2 >= to || b[at + 1] != ':') {
      return null;
    }
    int start = at + 2;
    int i = start;
    while (i < to && b[i] >= 0 && LABEL[b[i]]) {
      i++;
    }
    if (i == start || b[start] == '-' || (i < to && b[i] != ' ' && b[i] != '\t' && b[i] != '.')) {
      return null;
    }
    if (i < to
        && b[i] == '.'
        && i + 1 < to
        && b[i + 1] != ' '
        && b[i + 1] != '\t'
        && b[i + 1] != '#') {
      return null; // a '.' inside the label: Rio's to read
    }
    at = i;
    return blank(new String(b, start, i - start, StandardCharsets.ISO_8859_1));
  }

  private Node literal(byte[] b, int to) {
    int start = at + 1;
    int i = start;
    boolean escaped = false;
    boolean ascii = true;
    while (i < to && b[i] != '"') {
      if (b[i] == '\\') {
        escaped = true;
        i += 2;
      } else {
        if (b[i] < 0) {
          ascii = false;
        } else if (b[i] == '\r') {
          return null;
        }
        i++;
      }
    }
    if (i >= to) {
      return null;
    }
    String lex;
    if (escaped) {
      lex = unescape(b, start, i);
      if (lex == null) {
        return null;
      }
    } else if (ascii) {
      lex = new String(b, start, i - start, StandardCharsets.ISO_8859_1);
    } else {
      lex = new String(b, start, i - start, StandardCharsets.UTF_8);
      if (lex.indexOf('\uFFFD') >= 0) {
        return null; // malformed UTF-8 (or a real U+FFFD): Rio decides
      }
    }
    at = i + 1;
    if (at < to && b[at] == '@') {
      int tag = ++at;
      while (at < to && (isAlpha(b[at]) || isDigit(b[at]) || b[at] == '-')) {
        at++;
      }
      if (at < to && b[at] != ' ' && b[at] != '\t' && b[at] != '.') {
        return null; // the tag does not end where the fast path thinks: Rio's to read
      }
      String written = new String(b, tag, at - tag, StandardCharsets.ISO_8859_1);
      String lang = languages.get(written);
      if (lang == null) {
        declinedLanguage = written;
        return null;
      }
      return NodeFactory.createLiteralLang(lex, lang);
    }
    if (at + 1 < to && b[at] == '^' && b[at + 1] == '^') {
      at += 2;
      if (at >= to || b[at] != '<') {
        return null;
      }
      int dtStart = at + 1;
      int dtEnd = iriEnd(b, dtStart, to);
      if (dtEnd < 0) {
        return null;
      }
      String dt = new String(b, dtStart, dtEnd - dtStart, StandardCharsets.ISO_8859_1);
      if (dt.equals(LANG_STRING) || dt.equals(DIR_LANG_STRING)) {
        return null;
      }
      at = dtEnd + 1;
      RDFDatatype type = datatypes.computeIfAbsent(dt, TypeMapper.getInstance()::getSafeTypeByName);
      return NodeFactory.createLiteralDT(lex, type);
    }
    return NodeFactory.createLiteralDT(lex, XSD_STRING);
  }

  /** A string's escapes (ECHAR, UCHAR) resolved; null if one is not valid. */
  private static String unescape(byte[] b, int from, int to) {
    byte[] raw = new byte[to - from];
    int n = 0;
    StringBuilder out = new StringBuilder(to - from);
    int i = from;
    while (i < to) {
      if (b[i] != '\\') {
        raw[n++] = b[i++];
        continue;
      }
      if (n > 0) {
        out.append(new String(raw, 0, n, StandardCharsets.UTF_8));
        n = 0;
      }
      if (i + 1 >= to) {
        return null;
      }
      byte e = b[i + 1];
      i += 2;
      switch (e) {
        case 't' -> out.append('\t');
        case 'b' -> out.append('\b');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 'f' -> out.append('\f');
        case '"' -> out.append('"');
        case '\'' -> out.append('\'');
        case '\\' -> out.append('\\');
        case 'u', 'U' -> {
          int digits = e == 'u' ? 4 : 8;
          if (i + digits > to) {
            return null;
          }
          int cp = 0;
          for (int k = 0; k < digits; k++) {
            int h = Character.digit(b[i + k], 16);
            if (h < 0) {
              return null;
            }
            cp = cp * 16 + h;
          }
          if (cp > Character.MAX_CODE_POINT
              || cp < 0
              || (cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE)) {
            return null;
          }
          out.appendCodePoint(cp);
          i += digits;
        }
        default -> {
          return null;
        }
      }
    }
    if (n > 0) {
      out.append(new String(raw, 0, n, StandardCharsets.UTF_8));
    }
    String s = out.toString();
    return s.indexOf('\uFFFD') >= 0 ? null : s;
  }

  private static boolean isAlpha(byte c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  private static boolean isDigit(byte c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isHex(byte c) {
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  /**
   * IRIs met lately, by their bytes: a document repeats its predicates, classes and subjects line
   * after line, so most IRIs need no new string and no new node.
   */
  private static final class IriCache {
    private static final int SIZE = 4096; // a power of two
    private final byte[][] keys = new byte[SIZE][];
    private final Node[] nodes = new Node[SIZE];

    Node get(byte[] b, int from, int to) {
      int h = 1;
      for (int i = from; i < to; i++) {
        h = 31 * h + b[i];
      }
      int slot = (h ^ (h >>> 16)) & (SIZE - 1);
      byte[] k = keys[slot];
      if (k != null && Arrays.equals(k, 0, k.length, b, from, to)) {
        return nodes[slot];
      }
      Node n = NodeFactory.createURI(new String(b, from, to - from, StandardCharsets.ISO_8859_1));
      keys[slot] = Arrays.copyOfRange(b, from, to);
      nodes[slot] = n;
      return n;
    }
  }
}
