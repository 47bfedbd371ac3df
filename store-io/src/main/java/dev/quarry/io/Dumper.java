package dev.quarry.io;

import dev.quarry.core.Store;
import java.io.OutputStream;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFWriter;
import org.eclipse.rdf4j.rio.Rio;

/** Writes a store's content with RDF4J Rio, from one consistent snapshot. */
public final class Dumper {
  private Dumper() {}

  /**
   * Writes {@code graph} (or, if null, everything) to {@code out} and returns the statements
   * written. A format without graphs (N-Triples, Turtle, RDF/XML) can only hold one graph: without
   * a {@code graph} it gets the default graph.
   */
  public static long dump(Store store, RDFFormat format, Node graph, OutputStream out) {
    DatasetGraph dsg = store.dataset();
    boolean quads = format.supportsContexts();
    Node g = graph != null ? graph : quads ? Node.ANY : Quad.defaultGraphIRI;
    return Txn.calculateRead(
        dsg,
        () -> {
          RDFWriter writer = Rio.createWriter(format, out);
          writer.startRDF();
          long n = 0;
          for (var it = dsg.find(g, Node.ANY, Node.ANY, Node.ANY); it.hasNext(); ) {
            Quad q = it.next();
            writer.handleStatement(
                quads
                    ? RioTerms.toStatement(q)
                    : RioTerms.toStatement(Quad.create(Quad.defaultGraphIRI, q.asTriple())));
            n++;
          }
          writer.endRDF();
          return n;
        });
  }
}
