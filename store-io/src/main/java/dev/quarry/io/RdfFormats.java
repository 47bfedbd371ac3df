package dev.quarry.io;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.Rio;

/** Which RDF format a file or a name means, and how to open a file, gzipped or not. */
public final class RdfFormats {
  private RdfFormats() {}

  /** The format of {@code file} from its name ({@code data.ttl}, {@code data.nq.gz} ...). */
  public static RDFFormat forFile(Path file) {
    String name = stripGz(file.getFileName().toString());
    Optional<RDFFormat> f = Rio.getParserFormatForFileName(name);
    return f.orElseThrow(
        () ->
            new LoadException(
                file.toString(),
                -1,
                -1,
                "cannot tell the RDF format from the file name (use .nt, .nq, .ttl, .trig, .rdf,"
                    + " .owl, .jsonld, optionally .gz)"));
  }

  /** A format by a short name: nquads, ntriples, turtle, trig, rdfxml, jsonld. */
  public static RDFFormat byName(String name) {
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "nquads", "nq" -> RDFFormat.NQUADS;
      case "ntriples", "nt" -> RDFFormat.NTRIPLES;
      case "turtle", "ttl" -> RDFFormat.TURTLE;
      case "trig" -> RDFFormat.TRIG;
      case "rdfxml", "rdf", "xml" -> RDFFormat.RDFXML;
      case "jsonld", "json-ld" -> RDFFormat.JSONLD;
      default ->
          throw new IllegalArgumentException(
              "unknown RDF format '"
                  + name
                  + "' (nquads, ntriples, turtle, trig, rdfxml or jsonld)");
    };
  }

  /** Opens {@code file} for reading, decompressing it if its name ends in {@code .gz}. */
  public static InputStream open(Path file) throws IOException {
    InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
    if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz")) {
      return new GZIPInputStream(in, 1 << 16);
    }
    return in;
  }

  private static String stripGz(String name) {
    return name.toLowerCase(Locale.ROOT).endsWith(".gz")
        ? name.substring(0, name.length() - 3)
        : name;
  }
}
