package dev.quarry.lubm;

import dev.quarry.core.Store;
import dev.quarry.io.Loader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.apache.jena.graph.NodeFactory;
import org.eclipse.rdf4j.rio.RDFFormat;

/** The University0 data from the classpath, loaded with the loader. */
public final class LubmData {
  /** One base IRI for all 15 files, so their two owl:Ontology header triples coincide. */
  public static final String BASE = "http://www.lehigh.edu/lubm/University0/";

  public static final long TRIPLES = 100_545;
  public static final long SCHEMA_TRIPLES = 45;

  private LubmData() {}

  public static void load(Store store) {
    List<Loader.Source> files = new ArrayList<>();
    for (int d = 0; d < 15; d++) {
      String name = String.format("u0000_%02d.rdf.gz", d);
      files.add(Loader.Source.of(name, RDFFormat.RDFXML, BASE, open("data/" + name)));
    }
    Loader.load(store, files, NodeFactory.createURI(LubmQueries.LUBM_GRAPH), Loader.Progress.NONE);
    loadSchema(store);
  }

  /** Loads the schema (the rule set's source) into {@code <inf>}. */
  public static void loadSchema(Store store) {
    Loader.load(
        store,
        List.of(Loader.Source.of("inf.ttl", RDFFormat.TURTLE, BASE, open("data/inf.ttl.gz"))),
        NodeFactory.createURI(LubmQueries.INF_GRAPH),
        Loader.Progress.NONE);
  }

  static InputStream open(String resource) {
    InputStream in = LubmData.class.getResourceAsStream(resource);
    if (in == null) {
      throw new IllegalStateException("missing resource " + resource);
    }
    try {
      return new GZIPInputStream(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
