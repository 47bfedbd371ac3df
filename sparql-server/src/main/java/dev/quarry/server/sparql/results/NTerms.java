package dev.quarry.server.sparql.results;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

/** RDF terms in N-Triples syntax (also valid Turtle, as TSV results use). */
final class NTerms {
  private static final String XSD = "http://www.w3.org/2001/XMLSchema#";
  private static final String XSD_STRING = XSD + "string";
  private static final Pattern INTEGER = Pattern.compile("[+-]?[0-9]+");
  private static final Pattern DECIMAL = Pattern.compile("[+-]?[0-9]*\\.[0-9]+");
  private static final Pattern DOUBLE =
      Pattern.compile("[+-]?([0-9]+\\.[0-9]*|\\.?[0-9]+)[eE][+-]?[0-9]+");

  private NTerms() {}

  static void write(Utf8Sink out, Node n, BlankLabels blanks) {
    write(out, n, blanks, false);
  }

  /**
   * With {@code turtle}, numbers and booleans whose lexical form Turtle has a short form for are
   * written bare ({@code 7}, {@code 1.5}, {@code true}), as Jena's TSV writer does.
   */
  static void write(Utf8Sink out, Node n, BlankLabels blanks, boolean turtle) {
    if (turtle && n.isLiteral() && bare(n)) {
      out.ascii(n.getLiteralLexicalForm());
      return;
    }
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
      out.ascii("_:").ascii(blanks.of(n));
    } else if (n.isTripleTerm()) {
      Triple t = n.getTriple();
      out.ascii("<<( ");
      write(out, t.getSubject(), blanks);
      out.ch(' ');
      write(out, t.getPredicate(), blanks);
      out.ch(' ');
      write(out, t.getObject(), blanks);
      out.ascii(" )>>");
    } else {
      throw new IllegalArgumentException("not an RDF term: " + n);
    }
  }

  /** One term's N-Triples text, for a format that writes it as a plain string (CSV). */
  static String text(Node n, BlankLabels blanks) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Utf8Sink term = new Utf8Sink(bytes);
    write(term, n, blanks);
    term.finish();
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static boolean bare(Node n) {
    String lex = n.getLiteralLexicalForm();
    return switch (n.getLiteralDatatypeURI()) {
      case XSD + "integer" -> INTEGER.matcher(lex).matches();
      case XSD + "decimal" -> DECIMAL.matcher(lex).matches();
      case XSD + "double" -> DOUBLE.matcher(lex).matches();
      case XSD + "boolean" -> lex.equals("true") || lex.equals("false");
      default -> false;
    };
  }
}
