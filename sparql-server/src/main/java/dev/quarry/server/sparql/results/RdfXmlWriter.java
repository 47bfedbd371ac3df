package dev.quarry.server.sparql.results;

import java.io.OutputStream;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

/**
 * Triples as RDF/XML, streamed: one {@code rdf:Description} per run of triples with the same
 * subject, each property an element of its own (no nesting, no abbreviations), so that nothing is
 * held but the namespaces seen so far. Jena's RDF/XML writers take a whole graph; the pretty one is
 * what DESCRIBE and CONSTRUCT answers cost most in, for a client that asks for RDF/XML (the BSBM
 * test driver does).
 *
 * <p>A predicate is written as a namespace and a local name, the longest XML name its IRI ends
 * with; the namespace is declared at the root when the query declared it as a prefix, else on the
 * element. A predicate that ends with no XML name has no RDF/XML form and fails the answer.
 */
public final class RdfXmlWriter implements TripleWriter {
  private static final String RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";

  /** Names in the rdf: namespace that RDF/XML does not allow as a property element. */
  private static final Set<String> RESERVED =
      Set.of(
          "RDF",
          "ID",
          "about",
          "parseType",
          "resource",
          "nodeID",
          "datatype",
          "Description",
          "li",
          "aboutEach",
          "aboutEachPrefix",
          "bagID");

  private final Utf8Sink out;
  private final BlankLabels blanks = new BlankLabels();

  /** Namespace -> prefix, for those declared at the root. */
  private final Map<String, String> rootPrefixes = new HashMap<>();

  /** Predicate IRI -> its qualified name, and its prefix and namespace if the root lacks them. */
  private final Map<String, String[]> names = new HashMap<>();

  private Node subject;
  private int generated;

  /**
   * @param prefixes prefix -> namespace, declared at the root (the query's PREFIX lines)
   */
  public RdfXmlWriter(OutputStream out, Map<String, String> prefixes) {
    this.out = new Utf8Sink(out);
    this.out.ascii("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rdf:RDF xmlns:rdf=\"");
    this.out.ascii(RDF).ch('"');
    rootPrefixes.put(RDF, "rdf");
    prefixes.forEach(
        (prefix, ns) -> {
          if (isPrefix(prefix) && !rootPrefixes.containsKey(ns)) {
            rootPrefixes.put(ns, prefix);
            this.out.ascii("\n    xmlns:").text(prefix, Utf8Sink.Escape.NONE).ascii("=\"");
            this.out.text(ns, Utf8Sink.Escape.XML).ch('"');
          }
        });
    this.out.ascii(">\n");
  }

  @Override
  public void triple(Triple t) {
    Node s = t.getSubject();
    if (!s.equals(subject)) {
      if (subject != null) {
        out.ascii("  </rdf:Description>\n");
      }
      subject = s;
      out.ascii("  <rdf:Description");
      node(s);
      out.ascii(">\n");
    }
    out.ascii("    ");
    property(t.getPredicate(), t.getObject());
    out.maybeFlush();
  }

  @Override
  public void finish() {
    if (subject != null) {
      out.ascii("  </rdf:Description>\n");
    }
    out.ascii("</rdf:RDF>\n");
    out.finish();
  }

  /** A subject's or object's attribute: {@code rdf:about}, {@code rdf:resource} or nodeID. */
  private void node(Node n) {
    node(n, " rdf:about=\"");
  }

  private void node(Node n, String iriAttribute) {
    if (n.isURI()) {
      out.ascii(iriAttribute).text(n.getURI(), Utf8Sink.Escape.XML).ch('"');
    } else if (n.isBlank()) {
      out.ascii(" rdf:nodeID=\"").ascii(blanks.of(n)).ch('"');
    } else {
      throw new IllegalArgumentException("RDF/XML has no form for this subject: " + n);
    }
  }

  private void property(Node predicate, Node object) {
    String[] name = name(predicate);
    out.ch('<').text(name[0], Utf8Sink.Escape.NONE);
    if (name[1] != null) { // a namespace the root did not declare
      out.ascii(" xmlns:").text(name[1], Utf8Sink.Escape.NONE);
      out.ascii("=\"").text(name[2], Utf8Sink.Escape.XML).ch('"');
    }
    if (object.isLiteral()) {
      String lang = object.getLiteralLanguage();
      if (!lang.isEmpty()) {
        out.ascii(" xml:lang=\"").text(lang, Utf8Sink.Escape.XML).ch('"');
        if (object.getLiteralBaseDirection() != null) {
          out.ascii(" xmlns:its=\"http://www.w3.org/2005/11/its\" its:version=\"2.0\" its:dir=\"");
          out.ascii(object.getLiteralBaseDirection().direction()).ch('"');
        }
      } else if (SelectWriter.hasDatatype(object)) {
        out.ascii(" rdf:datatype=\"")
            .text(object.getLiteralDatatypeURI(), Utf8Sink.Escape.XML)
            .ch('"');
      }
      out.ch('>').text(object.getLiteralLexicalForm(), Utf8Sink.Escape.XML);
      out.ascii("</").text(name[0], Utf8Sink.Escape.NONE).ascii(">\n");
    } else if (object.isTripleTerm()) {
      Triple t = object.getTriple();
      out.ascii(" rdf:parseType=\"Triple\"><rdf:Description");
      node(t.getSubject());
      out.ch('>');
      property(t.getPredicate(), t.getObject());
      out.ascii("</rdf:Description></").text(name[0], Utf8Sink.Escape.NONE).ascii(">\n");
    } else {
      node(object, " rdf:resource=\"");
      out.ascii("/>\n");
    }
  }

  /** The predicate's qualified name, and its namespace when the root did not declare it. */
  private String[] name(Node predicate) {
    String iri = predicate.getURI();
    String[] name = names.get(iri);
    if (name == null) {
      int split = localNameStart(iri);
      if (split < 0) {
        throw new IllegalArgumentException(
            "RDF/XML cannot write the predicate <" + iri + ">: it does not end with an XML name");
      }
      String ns = iri.substring(0, split);
      if (ns.equals(RDF) && RESERVED.contains(iri.substring(split))) {
        throw new IllegalArgumentException(
            "RDF/XML cannot write the predicate <" + iri + ">: its name is one of RDF/XML's own");
      }
      String prefix = rootPrefixes.get(ns);
      boolean declared = prefix != null;
      if (prefix == null) {
        do {
          prefix = "ns" + ++generated;
        } while (rootPrefixes.containsValue(prefix));
      }
      String qname = prefix + ":" + iri.substring(split);
      name = declared ? new String[] {qname, null, null} : new String[] {qname, prefix, ns};
      names.put(iri, name);
    }
    return name;
  }

  /** Where the longest XML name (NCName) that {@code iri} ends with starts, or -1 for none. */
  static int localNameStart(String iri) {
    int start = -1;
    for (int i = iri.length() - 1; i > 0; i--) {
      char c = iri.charAt(i);
      if (!isNameChar(c)) {
        break;
      }
      if (isNameStart(c)) {
        start = i;
      }
    }
    return start;
  }

  private static boolean isNameStart(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || c == '_'
        || (c >= 0xC0 && c != 0xD7 && c != 0xF7 && !Character.isSurrogate(c));
  }

  private static boolean isNameChar(char c) {
    return isNameStart(c) || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == 0xB7;
  }

  private static boolean isPrefix(String prefix) {
    if (prefix.isEmpty()
        || !isNameStart(prefix.charAt(0))
        || prefix.regionMatches(true, 0, "xml", 0, 3)) {
      return false;
    }
    for (int i = 1; i < prefix.length(); i++) {
      if (!isNameChar(prefix.charAt(i))) {
        return false;
      }
    }
    return true;
  }
}
