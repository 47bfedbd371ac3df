package dev.quarry.server.sparql.results;

import java.io.OutputStream;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.engine.binding.Binding;

/** SPARQL 1.1 Query Results JSON, one solution per line. */
final class JsonResults extends SelectWriter {
  private boolean first = true;

  JsonResults(OutputStream out) {
    super(out);
  }

  @Override
  public void ask(boolean answer) {
    out.ascii("{ \n  \"head\" : { } ,\n  \"boolean\" : ")
        .ascii(Boolean.toString(answer))
        .ascii("\n}\n");
    out.finish();
  }

  @Override
  protected void head() {
    out.ascii("{ \"head\": { \"vars\": [");
    for (int i = 0; i < vars.size(); i++) {
      out.ascii(i == 0 ? " \"" : ", \"").text(vars.get(i).getVarName(), Utf8Sink.Escape.JSON);
      out.ch('"');
    }
    out.ascii(" ] },\n  \"results\": { \"bindings\": [\n");
  }

  @Override
  protected void solution(Binding b) {
    out.ascii(first ? "    {" : ",\n    {");
    first = false;
    boolean firstVar = true;
    for (int i = 0; i < vars.size(); i++) {
      Node n = b.get(vars.get(i));
      if (n == null) {
        continue;
      }
      out.ascii(firstVar ? " \"" : ", \"").text(vars.get(i).getVarName(), Utf8Sink.Escape.JSON);
      out.ascii("\": ");
      cell(i, n);
      firstVar = false;
    }
    out.ascii(" }");
  }

  @Override
  protected void term(Node n) {
    if (n.isURI()) {
      out.ascii("{ \"type\": \"uri\", \"value\": \"").text(n.getURI(), Utf8Sink.Escape.JSON);
      out.ascii("\" }");
    } else if (n.isLiteral()) {
      out.ascii("{ \"type\": \"literal\", \"value\": \"");
      out.text(n.getLiteralLexicalForm(), Utf8Sink.Escape.JSON).ch('"');
      if (!n.getLiteralLanguage().isEmpty()) {
        out.ascii(", \"xml:lang\": \"").text(n.getLiteralLanguage(), Utf8Sink.Escape.JSON);
        out.ch('"');
        if (n.getLiteralBaseDirection() != null) {
          out.ascii(", \"its:dir\": \"").ascii(n.getLiteralBaseDirection().direction());
          out.ch('"');
        }
      } else if (hasDatatype(n)) {
        out.ascii(", \"datatype\": \"").text(n.getLiteralDatatypeURI(), Utf8Sink.Escape.JSON);
        out.ch('"');
      }
      out.ascii(" }");
    } else if (n.isBlank()) {
      out.ascii("{ \"type\": \"bnode\", \"value\": \"").ascii(blanks.of(n)).ascii("\" }");
    } else if (n.isTripleTerm()) {
      Triple t = n.getTriple();
      out.ascii("{ \"type\": \"triple\", \"value\": { \"subject\": ");
      term(t.getSubject());
      out.ascii(", \"predicate\": ");
      term(t.getPredicate());
      out.ascii(", \"object\": ");
      term(t.getObject());
      out.ascii(" } }");
    } else {
      throw new IllegalArgumentException("not an RDF term: " + n);
    }
  }

  @Override
  protected void tail() {
    out.ascii(first ? "  ] }\n}\n" : "\n  ] }\n}\n");
  }
}
