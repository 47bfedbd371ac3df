package dev.quarry.server.sparql.results;

import java.io.OutputStream;
import java.util.Map;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;

/**
 * A CONSTRUCT or DESCRIBE answer written as bytes a triple at a time, in the order given: {@link
 * #triple} per triple, then {@link #finish}. Each format's class writes what Jena's writer of that
 * format means (tested as parsed graphs), without first holding the graph.
 */
public interface TripleWriter {
  void triple(Triple t);

  void finish();

  /**
   * The writer for an RDF syntax, or null when Quarry has none of its own; {@code prefixes} (prefix
   * -> namespace, the query's) are declared by the formats that use them.
   */
  static TripleWriter of(Lang lang, OutputStream out, Map<String, String> prefixes) {
    if (lang.equals(Lang.NTRIPLES)) {
      return new NTriplesWriter(out);
    }
    if (lang.equals(Lang.TURTLE)) {
      return new TurtleWriter(out, prefixes);
    }
    if (lang.equals(Lang.RDFXML)) {
      return new RdfXmlWriter(out, prefixes);
    }
    return null;
  }
}
