package dev.quarry.server.sparql.results;

import java.io.OutputStream;
import java.util.HashMap;
import java.util.Map;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

/** Triples (CONSTRUCT and DESCRIBE results) as N-Triples bytes, a line each. */
public final class NTriplesWriter {
  private final Utf8Sink out;
  private final Map<String, String> blankLabels = new HashMap<>();

  public NTriplesWriter(OutputStream out) {
    this.out = new Utf8Sink(out);
  }

  public void triple(Triple t) {
    NTerms.write(out, t.getSubject(), this::blankLabel);
    out.ch(' ');
    NTerms.write(out, t.getPredicate(), this::blankLabel);
    out.ch(' ');
    NTerms.write(out, t.getObject(), this::blankLabel);
    out.ascii(" .\n");
    out.maybeFlush();
  }

  public void finish() {
    out.finish();
  }

  private String blankLabel(Node n) {
    return blankLabels.computeIfAbsent(n.getBlankNodeLabel(), k -> "b" + blankLabels.size());
  }
}
