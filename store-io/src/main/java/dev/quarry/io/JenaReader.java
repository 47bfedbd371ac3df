package dev.quarry.io;

import java.io.InputStream;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RDFParserBuilder;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.RiotParseException;
import org.apache.jena.riot.lang.LabelToNode;
import org.apache.jena.riot.system.ErrorHandler;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.vocabulary.RDF;
import org.eclipse.rdf4j.rio.RDFFormat;

/**
 * Jena RIOT reads the formats RDF 1.2 changed: N-Triples, N-Quads, Turtle and TriG, with triple
 * terms {@code <<( s p o )>>}, reifiers {@code << s p o ~ r >>}, annotations {@code {| ... |}},
 * base direction {@code "x"@ar--rtl} and {@code VERSION}, which Rio 5 does not. Rio keeps RDF/XML
 * and JSON-LD. Errors come with their line and column.
 */
final class JenaReader {
  private JenaReader() {}

  /** RIOT's language for a format RIOT reads for Quarry, or null for one Rio reads. */
  static Lang lang(RDFFormat f) {
    if (f == RDFFormat.NTRIPLES) {
      return Lang.NTRIPLES;
    }
    if (f == RDFFormat.NQUADS) {
      return Lang.NQUADS;
    }
    if (f == RDFFormat.TURTLE) {
      return Lang.TURTLE;
    }
    if (f == RDFFormat.TRIG) {
      return Lang.TRIG;
    }
    return null;
  }

  /**
   * Parses {@code in}, handing each statement to {@code sink} as a quad (a triple, or a TriG
   * statement in the default graph, in {@code target}).
   *
   * @param blank null: blank nodes labelled per document, as RIOT does; else each label, as
   *     written, made a node by it (a parallel load reads a document a line at a time)
   * @throws RiotParseException at the first error (warnings, such as an ill-formed number, pass); a
   *     RiotException where the parser failed otherwise on the data
   */
  static void parse(
      InputStream in,
      Lang lang,
      String base,
      Node target,
      Function<String, Node> blank,
      Consumer<Quad> sink) {
    RDFParserBuilder parser =
        RDFParser.source(in).lang(lang).base(base).strict(true).errorHandler(THROW_ON_ERROR);
    if (blank != null) {
      parser.labelToNode(LabelToNode.createUseLabelAsGiven());
    }
    try {
      parser.parse(
          new StreamRDFBase() {
            @Override
            public void triple(Triple t) {
              quad(Quad.create(Quad.defaultGraphIRI, t)); // goes to the target
            }

            @Override
            public void quad(Quad q) {
              check(q.getSubject());
              check(q.getPredicate());
              check(q.getObject());
              check(q.getGraph());
              Node g = q.isDefaultGraph() ? target : map(q.getGraph());
              sink.accept(
                  Quad.create(g, map(q.getSubject()), q.getPredicate(), map(q.getObject())));
            }

            private Node map(Node n) {
              if (blank == null) {
                return n;
              }
              if (n.isBlank()) {
                return blank.apply(n.getBlankNodeLabel());
              }
              if (n.isTripleTerm()) {
                Triple t = n.getTriple();
                return NodeFactory.createTripleTerm(
                    map(t.getSubject()), t.getPredicate(), map(t.getObject()));
              }
              return n;
            }
          });
    } catch (RiotException e) {
      throw e;
    } catch (RuntimeException e) {
      if (!Loader.thrownByParser(e)) {
        throw e; // the sink's (Quarry's own) failure
      }
      // RIOT failing on malformed data with an exception of its own making (formatting its error
      // message about the end of input throws IllegalFormatCodePointException): a data error to
      // every caller, the whole-input and the line-by-line paths alike.
      throw new RiotException("the parser stopped on malformed data: " + e.getMessage(), e);
    }
  }

  private static final String LANG_STRING = RDF.langString.getURI();
  private static final String DIR_LANG_STRING = RDF.dirLangString.getURI();

  /**
   * What RIOT lets pass with a warning at most but RDF 1.2 rejects, and the store should not hold:
   * an IRI with a character no IRI may have (a space, {@code <}, <code>{</code>, written as an
   * escape in Turtle), a language tag that is not one (a subtag over 8 letters), and a literal
   * typed rdf:langString or rdf:dirLangString without a tag. RIOT has read the statement by then,
   * so the error has no position of its own.
   */
  static void check(Node n) {
    if (n.isURI()) {
      String iri = n.getURI();
      for (int i = 0; i < iri.length(); i++) {
        char c = iri.charAt(i);
        if (c <= ' ' || "<>\"{}|\\^`".indexOf(c) >= 0) {
          throw new RiotParseException(
              String.format(
                  "the IRI <%s> has a character IRIs may not have (U+%04X)", iri, (int) c),
              -1,
              -1);
        }
      }
    } else if (n.isLiteral()) {
      String lang = n.getLiteralLanguage();
      String dt = n.getLiteralDatatypeURI();
      if (lang.isEmpty() && (LANG_STRING.equals(dt) || DIR_LANG_STRING.equals(dt))) {
        throw new RiotParseException(
            "the literal \""
                + n.getLiteralLexicalForm()
                + "\" has the datatype <"
                + dt
                + "> without a language tag",
            -1,
            -1);
      }
      if (!lang.isEmpty() && !languageTag(lang)) {
        throw new RiotParseException("not a language tag: @" + lang, -1, -1);
      }
    } else if (n.isTripleTerm()) {
      Triple t = n.getTriple();
      check(t.getSubject());
      check(t.getPredicate());
      check(t.getObject());
    }
  }

  /** BCP 47's shape: subtags of 1 to 8 letters or digits, the first of letters only. */
  private static boolean languageTag(String tag) {
    int len = 0;
    boolean first = true;
    for (int i = 0; i <= tag.length(); i++) {
      char c = i < tag.length() ? tag.charAt(i) : '-';
      if (c == '-') {
        if (len < 1 || len > 8) {
          return false;
        }
        len = 0;
        first = false;
      } else if (Character.isLetter(c) && c < 128 || !first && c >= '0' && c <= '9') {
        len++;
      } else {
        return false;
      }
    }
    return true;
  }

  static final ErrorHandler THROW_ON_ERROR =
      new ErrorHandler() {
        @Override
        public void warning(String message, long line, long col) {}

        @Override
        public void error(String message, long line, long col) {
          throw new RiotParseException(message, line, col);
        }

        @Override
        public void fatal(String message, long line, long col) {
          throw new RiotParseException(message, line, col);
        }
      };
}
