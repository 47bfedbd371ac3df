package dev.quarry.server.sparql.results;

import java.io.OutputStream;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.engine.binding.Binding;

/**
 * SPARQL 1.1 Query Results CSV (values as plain strings, quoted when needed, CRLF lines) and TSV
 * (values as RDF terms in Turtle syntax, a header of {@code ?var}s).
 */
final class CsvResults extends SelectWriter {
  private final boolean tsv;

  CsvResults(OutputStream out, boolean tsv) {
    super(out);
    this.tsv = tsv;
  }

  @Override
  public void ask(boolean answer) {
    out.ascii(tsv ? "?_askResult\n" : "_askResult\r\n").ascii(Boolean.toString(answer));
    out.ascii(tsv ? "\n" : "\r\n");
    out.finish();
  }

  @Override
  protected void head() {
    for (int i = 0; i < vars.size(); i++) {
      if (i > 0) {
        out.ch(tsv ? '\t' : ',');
      }
      out.ascii(tsv ? "?" : "").text(vars.get(i).getVarName(), Utf8Sink.Escape.NONE);
    }
    out.ascii(tsv ? "\n" : "\r\n");
  }

  @Override
  protected void solution(Binding b) {
    for (int i = 0; i < vars.size(); i++) {
      if (i > 0) {
        out.ch(tsv ? '\t' : ',');
      }
      Node n = b.get(vars.get(i));
      if (n != null) {
        cell(i, n);
      }
    }
    out.ascii(tsv ? "\n" : "\r\n");
  }

  @Override
  protected void term(Node n) {
    if (tsv) {
      NTerms.write(out, n, blanks, true);
      return;
    }
    String s;
    if (n.isURI()) {
      s = n.getURI();
    } else if (n.isLiteral()) {
      s = n.getLiteralLexicalForm();
    } else if (n.isBlank()) {
      s = "_:" + blanks.of(n);
    } else {
      s = NTerms.text(n, blanks); // a triple term
    }
    boolean quote =
        s.indexOf('"') >= 0 || s.indexOf(',') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0;
    if (quote) {
      out.ch('"').text(s, Utf8Sink.Escape.CSV).ch('"');
    } else {
      out.text(s, Utf8Sink.Escape.NONE);
    }
  }

  @Override
  protected void tail() {}
}
