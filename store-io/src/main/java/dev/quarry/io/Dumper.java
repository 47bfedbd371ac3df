package dev.quarry.io;

import dev.quarry.core.Store;
import java.io.OutputStream;
import org.apache.jena.graph.Node;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.riot.system.StreamRDFWriter;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFWriter;
import org.eclipse.rdf4j.rio.Rio;

/**
 * Writes a store's content from one consistent snapshot: RIOT's streaming writers for N-Triples,
 * N-Quads, Turtle and TriG (RDF 1.2: triple terms, base direction), Rio for the other formats.
 */
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
    Lang riot = JenaReader.lang(format);
    return Txn.calculateRead(
        dsg,
        () -> {
          long n = 0;
          if (riot != null) {
            StreamRDF writer = StreamRDFWriter.getWriterStream(out, riot);
            writer.start();
            for (var it = dsg.find(g, Node.ANY, Node.ANY, Node.ANY); it.hasNext(); ) {
              Quad q = it.next();
              if (quads) {
                writer.quad(q);
              } else {
                writer.triple(q.asTriple());
              }
              n++;
            }
            writer.finish();
            return n;
          }
          RDFWriter writer = Rio.createWriter(format, out);
          writer.startRDF();
          for (var it = dsg.find(g, Node.ANY, Node.ANY, Node.ANY); it.hasNext(); ) {
            Quad q = it.next();
            rdf11Only(q.getObject(), format);
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

  /**
   * Refuses what Rio's writers would change without a word: a triple term (written as an encoded
   * IRI) or a literal's base direction (dropped).
   */
  private static void rdf11Only(Node o, RDFFormat format) {
    if (o.isTripleTerm() || (o.isLiteral() && o.getLiteralBaseDirection() != null)) {
      throw new UnsupportedOperationException(
          format.getName()
              + " cannot hold RDF 1.2's "
              + (o.isTripleTerm() ? "triple terms" : "base directions")
              + " ("
              + o
              + "): write Turtle, TriG, N-Triples or N-Quads");
    }
  }
}
