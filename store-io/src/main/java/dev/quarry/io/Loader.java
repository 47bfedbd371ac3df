package dev.quarry.io;

import dev.quarry.core.Store;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Quad;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFHandler;
import org.eclipse.rdf4j.rio.RDFParseException;
import org.eclipse.rdf4j.rio.RDFParser;
import org.eclipse.rdf4j.rio.Rio;
import org.eclipse.rdf4j.rio.helpers.AbstractRDFHandler;
import org.eclipse.rdf4j.rio.helpers.ParseErrorCollector;

/**
 * Loads RDF into a store with RDF4J Rio, all of it in one bulk load (one write transaction): either
 * every file is loaded or, on the first error, nothing is, and the store is exactly as it was.
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

    Progress NONE = (n, t) -> {};
  }

  /** What a load did. */
  public record Result(long statements, Duration elapsed) {
    public double statementsPerSecond() {
      double s = elapsed.toNanos() / 1e9;
      return s <= 0 ? statements : statements / s;
    }
  }

  /** One source of RDF: where it comes from, its format, and the base for relative IRIs. */
  public record Source(
      String name, RDFFormat format, String baseIri, Opener opener, boolean reopenable) {
    public static Source of(Path file) {
      return new Source(
          file.toString(),
          RdfFormats.forFile(file),
          file.toUri().toString(),
          () -> RdfFormats.open(file),
          true);
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
    Node target = graph == null ? Quad.defaultGraphIRI : graph;
    long start = System.nanoTime();
    try (Store.BulkLoad bulk = store.bulkLoad()) {
      Counter counter = new Counter(bulk, target, progress, start);
      for (Source source : sources) {
        parseInto(source, counter);
      }
      bulk.commit();
      return new Result(counter.count, Duration.ofNanos(System.nanoTime() - start));
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
        new AbstractRDFHandler() {
          @Override
          public void handleStatement(Statement st) {
            sink.accept(RioTerms.toQuad(st, target));
            n[0]++;
          }
        });
    return n[0];
  }

  private static void parseInto(Source source, RDFHandler handler) {
    RDFParser parser = Rio.createParser(source.format());
    ProgressGuard guard = new ProgressGuard(source.name(), source.format().getName());
    parser.setRDFHandler(guard.guard(handler));
    parser.setParseErrorListener(
        new ParseErrorCollector()); // reported by LoadException, not logged
    try (InputStream in = guard.count(source.opener().open())) {
      parser.parse(in, source.baseIri());
    } catch (RDFParseException e) {
      String msg = RIO_POSITION.matcher(String.valueOf(e.getMessage())).replaceFirst("");
      long line = e.getLineNumber();
      long col = e.getColumnNumber();
      if (col < 0 && line > 0) {
        long[] where = ErrorLocator.locate(source, line);
        if (where != null) {
          line = where[0];
          col = where[1];
        }
      }
      throw new LoadException(source.name(), line, col, msg);
    } catch (IOException e) {
      throw new LoadException(source.name(), -1, -1, "cannot read: " + e.getMessage());
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

  private static boolean thrownByParser(RuntimeException e) {
    StackTraceElement[] at = e.getStackTrace();
    return at.length > 0 && at[0].getClassName().startsWith("org.eclipse.rdf4j.");
  }

  /** Adds each statement to the bulk load and reports progress. */
  private static final class Counter extends AbstractRDFHandler {
    private final Store.BulkLoad bulk;
    private final Node target;
    private final Progress progress;
    private final long start;
    long count;

    Counter(Store.BulkLoad bulk, Node target, Progress progress, long start) {
      this.bulk = bulk;
      this.target = target;
      this.progress = progress;
      this.start = start;
    }

    @Override
    public void handleStatement(Statement st) {
      bulk.add(RioTerms.toQuad(st, target));
      if (++count % PROGRESS_EVERY == 0) {
        progress.update(count, Duration.ofNanos(System.nanoTime() - start));
      }
    }
  }
}
