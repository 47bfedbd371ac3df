package dev.quarry.io;

import com.github.luben.zstd.ZstdInputStream;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
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
                    + " .owl, .jsonld, optionally .gz, .bz2 or .zst)"));
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
    return open(file, null);
  }

  /** {@link #open(Path)}, adding to {@code rawBytes} the file's bytes as they are read. */
  public static InputStream open(Path file, AtomicLong rawBytes) throws IOException {
    InputStream raw = Files.newInputStream(file);
    if (rawBytes != null) {
      raw =
          new FilterInputStream(raw) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
              int n = super.read(b, off, len);
              if (n > 0) {
                rawBytes.addAndGet(n);
              }
              return n;
            }
          };
    }
    InputStream in = new BufferedInputStream(raw, 1 << 16);
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    try {
      if (name.endsWith(".gz")) {
        return new GZIPInputStream(in, 1 << 16);
      }
      if (name.endsWith(".bz2")) {
        return new BufferedInputStream(new BZip2CompressorInputStream(in, true), 1 << 16);
      }
      if (name.endsWith(".zst") || name.endsWith(".zstd")) {
        return new BufferedInputStream(new ZstdInputStream(in), 1 << 16);
      }
    } catch (IOException e) {
      in.close();
      throw new IOException("not a valid compressed file (" + e.getMessage() + ")", e);
    }
    return in;
  }

  /** The compressions a file name may end in, each stripped to find the format. */
  private static final String[] COMPRESSIONS = {".gz", ".bz2", ".zst", ".zstd"};

  private static String stripGz(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    for (String c : COMPRESSIONS) {
      if (lower.endsWith(c)) {
        return name.substring(0, name.length() - c.length());
      }
    }
    return name;
  }
}
