package dev.quarry.server.sparql.results;

import java.io.OutputStream;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.engine.binding.Binding;

/** SPARQL Query Results XML Format. */
final class XmlResults extends SelectWriter {
  private static final String OPEN =
      "<?xml version=\"1.0\"?>\n<sparql xmlns=\"http://www.w3.org/2005/sparql-results#\">\n"
          + "  <head>\n";

  private byte[][] opens; // by column: its binding's opening tag

  XmlResults(OutputStream out) {
    super(out);
  }

  @Override
  public void ask(boolean answer) {
    out.ascii(OPEN).ascii("  </head>\n  <boolean>").ascii(Boolean.toString(answer));
    out.ascii("</boolean>\n</sparql>\n");
    out.finish();
  }

  @Override
  protected void head() {
    out.ascii(OPEN);
    opens = new byte[vars.size()][];
    for (int i = 0; i < vars.size(); i++) {
      String name = vars.get(i).getVarName();
      out.ascii("    <variable name=\"").text(name, Utf8Sink.Escape.XML).ascii("\"/>\n");
      opens[i] = Utf8Sink.encode("      <binding name=\"", name, Utf8Sink.Escape.XML, "\">");
    }
    out.ascii("  </head>\n  <results>\n");
  }

  @Override
  protected void solution(Binding b) {
    out.ascii("    <result>\n");
    for (int i = 0; i < vars.size(); i++) {
      Node n = b.get(vars.get(i));
      if (n == null) {
        continue;
      }
      out.bytes(opens[i]);
      cell(i, n);
      out.ascii("</binding>\n");
    }
    out.ascii("    </result>\n");
  }

  @Override
  protected void term(Node n) {
    if (n.isURI()) {
      out.ascii("<uri>").text(n.getURI(), Utf8Sink.Escape.XML).ascii("</uri>");
    } else if (n.isLiteral()) {
      out.ascii("<literal");
      if (!n.getLiteralLanguage().isEmpty()) {
        out.ascii(" xml:lang=\"").text(n.getLiteralLanguage(), Utf8Sink.Escape.XML).ch('"');
        if (n.getLiteralBaseDirection() != null) {
          out.ascii(" xmlns:its=\"http://www.w3.org/2005/11/its\" its:dir=\"")
              .ascii(n.getLiteralBaseDirection().direction())
              .ch('"');
        }
      } else if (hasDatatype(n)) {
        out.ascii(" datatype=\"").text(n.getLiteralDatatypeURI(), Utf8Sink.Escape.XML).ch('"');
      }
      out.ch('>').text(n.getLiteralLexicalForm(), Utf8Sink.Escape.XML).ascii("</literal>");
    } else if (n.isBlank()) {
      out.ascii("<bnode>").ascii(blanks.of(n)).ascii("</bnode>");
    } else if (n.isTripleTerm()) {
      Triple t = n.getTriple();
      out.ascii("<triple><subject>");
      term(t.getSubject());
      out.ascii("</subject><predicate>");
      term(t.getPredicate());
      out.ascii("</predicate><object>");
      term(t.getObject());
      out.ascii("</object></triple>");
    } else {
      throw new IllegalArgumentException("not an RDF term: " + n);
    }
  }

  @Override
  protected void tail() {
    out.ascii("  </results>\n</sparql>\n");
  }
}
