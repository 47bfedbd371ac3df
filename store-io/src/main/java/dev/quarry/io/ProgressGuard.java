package dev.quarry.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.rio.RDFHandler;
import org.eclipse.rdf4j.rio.RDFHandlerException;
import org.eclipse.rdf4j.rio.helpers.RDFHandlerWrapper;

/**
 * Stops a parser that reports statements without reading on. Rio's Turtle parser, given {@code ex:c
 * ex:p (1 2- .}, reports collection statements for ever; a load would grow until memory or disk ran
 * out. Real data cannot give more than a few statements per byte read (a collection element or a
 * {@code []} takes two bytes or more), so far more statements than bytes means a parser in a loop.
 */
final class ProgressGuard {
  /**
   * Statements allowed beyond {@value #PER_BYTE} per byte read (a JSON-LD document is read whole
   * first).
   */
  private static final long SLACK = 100_000;

  private static final long PER_BYTE = 16;

  private final String source;
  private final String format;
  private long bytes;
  private long statements;

  ProgressGuard(String source, String format) {
    this.source = source;
    this.format = format;
  }

  /** The bytes the parser has read so far. */
  long bytesRead() {
    return bytes;
  }

  /** The input, counted as the parser reads it. */
  InputStream count(InputStream in) {
    return new FilterInputStream(in) {
      @Override
      public int read() throws IOException {
        int b = super.read();
        bytes += b < 0 ? 0 : 1;
        return b;
      }

      @Override
      public int read(byte[] buf, int off, int len) throws IOException {
        int n = super.read(buf, off, len);
        bytes += Math.max(0, n);
        return n;
      }
    };
  }

  /** The handler, stopped with a {@link LoadException} when the parser no longer reads on. */
  RDFHandler guard(RDFHandler handler) {
    return new RDFHandlerWrapper(handler) {
      @Override
      public void handleStatement(Statement st) throws RDFHandlerException {
        if (++statements > bytes * PER_BYTE + SLACK) {
          throw new LoadException(
              source,
              -1,
              -1,
              "not valid "
                  + format
                  + ": the parser gave "
                  + statements
                  + " statements from the first "
                  + bytes
                  + " bytes without reading on (malformed data near byte "
                  + bytes
                  + ")");
        }
        super.handleStatement(st);
      }
    };
  }
}
