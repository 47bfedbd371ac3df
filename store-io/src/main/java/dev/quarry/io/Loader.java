package dev.quarry.io;

import dev.quarry.core.Store;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.apache.jena.graph.Node;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RiotParseException;
import org.apache.jena.sparql.core.Quad;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFParseException;
import org.eclipse.rdf4j.rio.RDFParser;
import org.eclipse.rdf4j.rio.Rio;
import org.eclipse.rdf4j.rio.helpers.AbstractRDFHandler;
import org.eclipse.rdf4j.rio.helpers.ParseErrorCollector;

/**
 * Loads RDF into a store (read by Jena RIOT or RDF4J Rio, see {@link JenaReader}), all of it in one
 * bulk load (one write transaction): either every file is loaded or, on the first error, nothing
 * is, and the store is exactly as it was.
 *
 * <p>Statements without a graph (all of them, for triple formats) go to the target graph, which is
 * the default graph unless one is given; statements of quad formats keep their own graph.
 */
public final class Loader {
  /** How often progress is reported, in statements. */
  public static final long PROGRESS_EVERY = 100_000;

  private static final Pattern RIO_POSITION =
      Pattern.compile("\\s*\\[line \\d+(, column \\d+)?\\]$");

  /** Told of the load's progress every {@link #PROGRESS_EVERY} statements. */
  @FunctionalInterface
  public interface Progress {
    void update(long statements, Duration elapsed);

    /** The whole status: phase, bytes read of how many. By default only the count and time. */
    default void status(Status status) {
      update(status.statements(), status.elapsed());
    }

    Progress NONE = (n, t) -> {};
  }

  /**
   * Where a load is: its phase ({@code parse}, then the store's {@code build}), statements read,
   * bytes of input read of {@code bytesTotal} (-1 when unknown: a stream), time so far.
   */
  public record Status(
      String phase, long statements, long bytesRead, long bytesTotal, Duration elapsed) {
    /** The time left by the bytes still to read at the rate so far, or null when unknown. */
    public Duration eta() {
      if (bytesTotal <= 0 || bytesRead <= 0) {
        return null;
      }
      double perByte = elapsed.toNanos() / (double) bytesRead;
      return Duration.ofNanos((long) (perByte * Math.max(0, bytesTotal - bytesRead)));
    }
  }

  /**
   * How a load runs: {@code threads} parsing and encoding, {@code memoryBytes} of heap for what it
   * holds before writing sorted runs to disk, {@code skipBad} to leave out (and log) lines the
   * parser rejects instead of failing, {@code log} for those lines.
   */
  public record Options(
      int threads, long memoryBytes, boolean skipBad, Progress progress, Consumer<String> log) {
    public static Options defaults(Progress progress) {
      Store.BulkOptions d = Store.BulkOptions.defaults();
      return new Options(d.threads(), d.memoryBytes(), false, progress, m -> {});
    }

    public Options withThreads(int n) {
      return new Options(n, memoryBytes, skipBad, progress, log);
    }

    public Options withMemory(long bytes) {
      return new Options(threads, bytes, skipBad, progress, log);
    }

    public Options skippingBad(Consumer<String> log) {
      return new Options(threads, memoryBytes, true, progress, log);
    }
  }

  /**
   * What a load did: statements added, lines skipped as bad, the time, and the time of each phase
   * (the parse, then the store's own: sorting, building, statistics, commit).
   */
  public record Result(
      long statements, long skipped, Duration elapsed, Map<String, Duration> phases) {
    public Result(long statements, Duration elapsed) {
      this(statements, 0, elapsed, Map.of());
    }

    public double statementsPerSecond() {
      double s = elapsed.toNanos() / 1e9;
      return s <= 0 ? statements : statements / s;
    }
  }

  /**
   * One source of RDF: where it comes from, its format, and the base for relative IRIs; {@code
   * file} when it is one (its size gives the load an ETA), else null.
   */
  public record Source(
      String name, RDFFormat format, String baseIri, Opener opener, boolean reopenable, Path file) {
    public Source(
        String name, RDFFormat format, String baseIri, Opener opener, boolean reopenable) {
      this(name, format, baseIri, opener, reopenable, null);
    }

    public static Source of(Path file) {
      return new Source(
          file.toString(),
          RdfFormats.forFile(file),
          file.toUri().toString(),
          () -> RdfFormats.open(file),
          true,
          file);
    }

    /** Bytes in the file (compressed, if it is), or -1 for a stream. */
    public long size() {
      try {
        return file == null ? -1 : Files.size(file);
      } catch (IOException e) {
        return -1;
      }
    }

    /** A stream read once (so an error's column may be unknown, see {@link LoadException}). */
    public static Source of(String name, RDFFormat format, String baseIri, InputStream in) {
      return new Source(name, format, baseIri, () -> in, false);
    }
  }

  /** Opens a source's bytes. */
  @FunctionalInterface
  public interface Opener {
    InputStream open() throws IOException;
  }

  private Loader() {}

  /** Loads files (format from each name, gzip allowed) into {@code graph} (null: default graph). */
  public static Result loadFiles(Store store, List<Path> files, Node graph, Progress progress) {
    return load(store, files.stream().map(Source::of).toList(), graph, progress);
  }

  /** Loads sources in one transaction; throws {@link LoadException} and keeps nothing on error. */
  public static Result load(Store store, List<Source> sources, Node graph, Progress progress) {
    return load(store, sources, graph, Options.defaults(progress));
  }

  /**
   * Loads sources in one transaction with every core ({@link ParallelLoad}); throws {@link
   * LoadException} and keeps nothing on error.
   */
  public static Result load(Store store, List<Source> sources, Node graph, Options options) {
    Node target = graph == null ? Quad.defaultGraphIRI : graph;
    long start = System.nanoTime();
    try (Store.BulkLoad bulk =
        store.bulkLoad(new Store.BulkOptions(options.memoryBytes(), options.threads()))) {
      ParallelLoad load = new ParallelLoad(bulk, target, options);
      load.run(sources);
      long parsed = System.nanoTime();
      options
          .progress()
          .status(new Status("build", load.statements(), -1, -1, Duration.ofNanos(parsed - start)));
      bulk.commit();
      long end = System.nanoTime();
      Map<String, Duration> phases = new LinkedHashMap<>();
      phases.put("parse and encode", Duration.ofNanos(parsed - start));
      phases.putAll(bulk.phases());
      return new Result(load.statements(), load.skipped(), Duration.ofNanos(end - start), phases);
    }
  }

  /**
   * Parses one source, handing each statement to {@code sink} as a quad (statements without a graph
   * in {@code graph}, null: the default graph), without touching any store: for callers that decide
   * themselves how the quads are written (the Graph Store Protocol's PUT, which also clears).
   *
   * @throws LoadException on the first error, with its line and column where known
   */
  public static long parse(Source source, Node graph, Consumer<Quad> sink) {
    Node target = graph == null ? Quad.defaultGraphIRI : graph;
    long[] n = {0};
    parseInto(
        source,
        target,
        q -> {
          sink.accept(q);
          n[0]++;
        },
        null);
    return n[0];
  }

  /** A parser's message without the position Rio appends to it (the load reports its own). */
  static String withoutPosition(String message) {
    return RIO_POSITION.matcher(String.valueOf(message)).replaceFirst("");
  }

  /**
   * Parses a source (RIOT for the RDF 1.2 text formats, Rio for the others, see {@link
   * JenaReader}), each statement to {@code sink} as a quad, a triple's in {@code target}; {@code
   * bytesRead}, if given, counts the file's bytes as read.
   *
   * @throws LoadException at the first error, with its line and column where known
   */
  static void parseInto(Source source, Node target, Consumer<Quad> sink, AtomicLong bytesRead) {
    ProgressGuard guard = new ProgressGuard(source.name(), source.format().getName());
    Lang lang = JenaReader.lang(source.format());
    try (InputStream in =
        guard.count(
            bytesRead != null && source.file() != null
                ? RdfFormats.open(source.file(), bytesRead)
                : source.opener().open())) {
      if (lang != null) {
        JenaReader.parse(in, lang, source.baseIri(), target, null, sink);
      } else {
        RDFParser parser = Rio.createParser(source.format());
        parser.setRDFHandler(
            guard.guard(
                new AbstractRDFHandler() {
                  @Override
                  public void handleStatement(Statement st) {
                    sink.accept(RioTerms.toQuad(st, target));
                  }
                }));
        parser.setParseErrorListener(new ParseErrorCollector()); // reported by LoadException
        parser.parse(in, source.baseIri());
      }
    } catch (RiotParseException e) {
      throw new LoadException(source.name(), e.getLine(), e.getCol(), e.getOriginalMessage());
    } catch (RDFParseException e) {
      String msg = withoutPosition(e.getMessage());
      throw new LoadException(source.name(), e.getLineNumber(), e.getColumnNumber(), msg);
    } catch (IOException e) {
      throw new LoadException(source.name(), -1, -1, "cannot read: " + e.getMessage());
    } catch (StackOverflowError e) {
      throw tooDeep(source, guard.bytesRead());
    } catch (LoadException e) {
      throw e;
    } catch (RuntimeException e) {
      if (e.getCause() instanceof LoadException le) {
        throw le; // from our handler, wrapped by the parser
      }
      if (!thrownByParser(e)) {
        throw e; // Quarry's own failure: a bug to see as one, not a data error
      }
      // A parser failing on malformed data with its own exception (Rio's Turtle parser on "0E" at
      // the end of input throws IllegalArgumentException): a data error, said as one.
      String why = e.getMessage() == null ? "malformed data" : e.getMessage();
      throw new LoadException(
          source.name(), -1, -1, "not valid " + source.format().getName() + ": " + why);
    }
  }

  /**
   * The error for data nested past what the parser's recursion holds (blank nodes, collections,
   * triple terms or XML elements within one another, thousands deep): said as a data error, with
   * how far the parser had read.
   */
  static LoadException tooDeep(Source source, long bytesRead) {
    return new LoadException(
        source.name(),
        -1,
        -1,
        "nested too deeply to parse (blank nodes, collections, triple terms or elements within one"
            + " another)"
            + (bytesRead > 0 ? ", within its first " + bytesRead + " bytes" : ""));
  }

  /**
   * True when the parser itself threw: the innermost frame outside the JDK is RIOT's or Rio's
   * (Jena's tokenizer, formatting its own error message about a code point past the end of input,
   * throws IllegalFormatCodePointException from java.util.Formatter). A frame of Quarry's (the
   * handler the parser calls) first means Quarry's own failure.
   */
  static boolean thrownByParser(RuntimeException e) {
    if (e instanceof org.apache.jena.riot.RiotException) {
      return true;
    }
    for (StackTraceElement frame : e.getStackTrace()) {
      String c = frame.getClassName();
      if (c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.")) {
        continue;
      }
      return c.startsWith("org.eclipse.rdf4j.") || c.startsWith("org.apache.jena.");
    }
    return false;
  }
}
