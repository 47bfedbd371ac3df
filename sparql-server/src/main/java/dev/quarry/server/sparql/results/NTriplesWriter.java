package dev.quarry.server.sparql.results;

import java.io.OutputStream;
import org.apache.jena.graph.Triple;

/** Triples (CONSTRUCT and DESCRIBE results) as N-Triples bytes, a line each. */
public final class NTriplesWriter implements TripleWriter {
  private final Utf8Sink out;
  private final BlankLabels blanks = new BlankLabels();

  public NTriplesWriter(OutputStream out) {
    this.out = new Utf8Sink(out);
  }

  @Override
  public void triple(Triple t) {
    NTerms.write(out, t.getSubject(), blanks);
    out.ch(' ');
    NTerms.write(out, t.getPredicate(), blanks);
    out.ch(' ');
    NTerms.write(out, t.getObject(), blanks);
    out.ascii(" .\n");
    out.maybeFlush();
  }

  @Override
  public void finish() {
    out.finish();
  }
}
