package dev.quarry.server.sparql.results;

import java.io.OutputStream;
import java.util.HashMap;
import java.util.Map;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

/**
 * Triples as Turtle, streamed: the query's prefixes first, then one block per run of triples with
 * the same subject, its predicates and objects separated by {@code ;}. An IRI is written as a
 * prefixed name when a prefix covers it and the rest is a plain local name, {@code rdf:type} as
 * {@code a}; everything else as in N-Triples (which is Turtle), numbers and booleans bare.
 */
public final class TurtleWriter implements TripleWriter {
  private static final String RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

  private final Utf8Sink out;
  private final BlankLabels blanks = new BlankLabels();

  /** Namespace -> prefix. */
  private final Map<String, String> prefixes = new HashMap<>();

  /** IRI -> its prefixed name, or "" when it has none. */
  private final Map<String, String> names = new HashMap<>();

  private Node subject;

  /**
   * @param prefixes prefix -> namespace (the query's PREFIX lines)
   */
  public TurtleWriter(OutputStream out, Map<String, String> prefixes) {
    this.out = new Utf8Sink(out);
    prefixes.forEach(
        (prefix, ns) -> {
          if (isPrefix(prefix) && !this.prefixes.containsKey(ns)) {
            this.prefixes.put(ns, prefix);
            this.out.ascii("@prefix ").text(prefix, Utf8Sink.Escape.NONE).ascii(": <");
            this.out.text(ns, Utf8Sink.Escape.NT).ascii("> .\n");
          }
        });
    if (!this.prefixes.isEmpty()) {
      this.out.ch('\n');
    }
  }

  @Override
  public void triple(Triple t) {
    Node s = t.getSubject();
    if (s.equals(subject)) {
      out.ascii(" ;\n    ");
    } else {
      if (subject != null) {
        out.ascii(" .\n");
      }
      subject = s;
      term(s);
      out.ch(' ');
    }
    Node p = t.getPredicate();
    if (p.isURI() && p.getURI().equals(RDF_TYPE)) {
      out.ch('a');
    } else {
      term(p);
    }
    out.ch(' ');
    term(t.getObject());
    out.maybeFlush();
  }

  @Override
  public void finish() {
    if (subject != null) {
      out.ascii(" .\n");
    }
    out.finish();
  }

  private void term(Node n) {
    if (n.isURI()) {
      String name = name(n.getURI());
      if (!name.isEmpty()) {
        out.text(name, Utf8Sink.Escape.NONE);
        return;
      }
    }
    NTerms.write(out, n, blanks, true);
  }

  private String name(String iri) {
    String name = names.get(iri);
    if (name == null) {
      name = "";
      int split = localStart(iri);
      String prefix = prefixes.get(iri.substring(0, split));
      if (prefix != null && isLocal(iri, split)) {
        name = prefix + ":" + iri.substring(split);
      }
      if (names.size() < 10_000) { // the predicates and types recur; most subjects do not
        names.put(iri, name);
      }
    }
    return name;
  }

  /** Where the longest run of local-name characters that {@code iri} ends with begins. */
  private static int localStart(String iri) {
    int i = iri.length();
    while (i > 0 && isLocalChar(iri.charAt(i - 1))) {
      i--;
    }
    return i;
  }

  /** True if {@code iri} from {@code from} is a local name this writer writes bare. */
  private static boolean isLocal(String iri, int from) {
    if (from == iri.length()) {
      return true; // the namespace itself: "ex:"
    }
    char first = iri.charAt(from);
    char last = iri.charAt(iri.length() - 1);
    if (first == '-' || first == '.' || last == '.') {
      return false;
    }
    for (int i = from; i < iri.length(); i++) {
      if (!isLocalChar(iri.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isLocalChar(char c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '_'
        || c == '-'
        || c == '.';
  }

  private static boolean isPrefix(String prefix) {
    if (prefix.isEmpty()) {
      return true;
    }
    char first = prefix.charAt(0);
    if (!((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z'))
        || prefix.charAt(prefix.length() - 1) == '.') {
      return false;
    }
    for (int i = 1; i < prefix.length(); i++) {
      if (!isLocalChar(prefix.charAt(i))) {
        return false;
      }
    }
    return true;
  }
}
