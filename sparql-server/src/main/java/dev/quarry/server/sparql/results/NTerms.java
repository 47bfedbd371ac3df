package dev.quarry.server.sparql.results;

import java.util.function.Function;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

/** RDF terms in N-Triples syntax (also valid Turtle, as TSV results use). */
final class NTerms {
  private static final String XSD_STRING = "http://www.w3.org/2001/XMLSchema#string";

  private NTerms() {}

  static void write(Utf8Sink out, Node n, Function<Node, String> blankLabel) {
    if (n.isURI()) {
      out.ch('<').text(n.getURI(), Utf8Sink.Escape.NT).ch('>');
    } else if (n.isLiteral()) {
      out.ch('"').text(n.getLiteralLexicalForm(), Utf8Sink.Escape.NT).ch('"');
      String lang = n.getLiteralLanguage();
      if (!lang.isEmpty()) {
        out.ch('@').text(lang, Utf8Sink.Escape.NONE);
        if (n.getLiteralBaseDirection() != null) {
          out.ascii("--").ascii(n.getLiteralBaseDirection().direction());
        }
      } else if (n.getLiteralDatatypeURI() != null
          && !n.getLiteralDatatypeURI().equals(XSD_STRING)) {
        out.ascii("^^<").text(n.getLiteralDatatypeURI(), Utf8Sink.Escape.NT).ch('>');
      }
    } else if (n.isBlank()) {
      out.ascii("_:").ascii(blankLabel.apply(n));
    } else if (n.isTripleTerm()) {
      Triple t = n.getTriple();
      out.ascii("<<( ");
      write(out, t.getSubject(), blankLabel);
      out.ch(' ');
      write(out, t.getPredicate(), blankLabel);
      out.ch(' ');
      write(out, t.getObject(), blankLabel);
      out.ascii(" )>>");
    } else {
      throw new IllegalArgumentException("not an RDF term: " + n);
    }
  }
}
