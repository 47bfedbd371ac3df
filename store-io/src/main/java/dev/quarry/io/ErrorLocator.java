package dev.quarry.io;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.RiotParseException;
import org.apache.jena.riot.system.ErrorHandler;
import org.apache.jena.riot.system.StreamRDFLib;
import org.eclipse.rdf4j.rio.RDFFormat;

/**
 * Finds the column of a parse error that Rio reported with a line only (its N-Triples, N-Quads,
 * Turtle and TriG parsers count lines, not columns): the source is parsed once more with Jena RIOT,
 * which tracks both, and its first error is taken if it is on that line or the next (an
 * unterminated token is seen by one at the end of a line, by the other at the start of the next).
 * Only called after a load has already failed, so it costs nothing on the way to a good load.
 */
final class ErrorLocator {
  private ErrorLocator() {}

  /** The line and column of the error Rio saw on {@code line}, or null if they cannot be found. */
  static long[] locate(Loader.Source source, long line) {
    Lang lang = jenaLang(source.format());
    if (lang == null || !source.reopenable()) {
      return null;
    }
    try (InputStream in = source.opener().open()) {
      RDFParser.source(in)
          .lang(lang)
          .base(source.baseIri())
          .errorHandler(THROW_ON_ERROR)
          .parse(StreamRDFLib.sinkNull());
    } catch (RiotParseException e) {
      long d = e.getLine() - line;
      return d == 0 || d == 1 ? new long[] {e.getLine(), e.getCol()} : null;
    } catch (IOException | RiotException e) {
      return null;
    }
    return null;
  }

  /**
   * The column of the error Rio saw in one line of N-Triples or N-Quads (a parallel load parses
   * line by line), or -1 if RIOT finds none there.
   */
  static long columnInLine(byte[] line, int from, int to, RDFFormat format, String base) {
    Lang lang = jenaLang(format);
    if (lang == null) {
      return -1;
    }
    try {
      RDFParser.source(new ByteArrayInputStream(line, from, to - from))
          .lang(lang)
          .base(base)
          .errorHandler(THROW_ON_ERROR)
          .parse(StreamRDFLib.sinkNull());
    } catch (RiotParseException e) {
      return e.getLine() == 1 ? e.getCol() : -1;
    } catch (RiotException e) {
      return -1;
    }
    return -1;
  }

  private static Lang jenaLang(RDFFormat f) {
    if (f == RDFFormat.NTRIPLES) {
      return Lang.NTRIPLES;
    }
    if (f == RDFFormat.NQUADS) {
      return Lang.NQUADS;
    }
    if (f == RDFFormat.TURTLE) {
      return Lang.TURTLE;
    }
    if (f == RDFFormat.TRIG) {
      return Lang.TRIG;
    }
    return null;
  }

  private static final ErrorHandler THROW_ON_ERROR =
      new ErrorHandler() {
        @Override
        public void warning(String message, long line, long col) {}

        @Override
        public void error(String message, long line, long col) {
          throw new RiotParseException(message, line, col);
        }

        @Override
        public void fatal(String message, long line, long col) {
          throw new RiotParseException(message, line, col);
        }
      };
}
