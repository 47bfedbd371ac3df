package dev.quarry.server.sparql.results;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * UTF-8 bytes gathered in one array and handed to the output in large writes, with the escapes the
 * result formats need. The writers build every term straight into it: no Writer, no String per
 * value, no flush per row.
 */
final class Utf8Sink {
  private static final int FLUSH_AT = 32 * 1024;
  private static final byte[] HEX = "0123456789ABCDEF".getBytes();

  /** How characters of a value are escaped. */
  enum Escape {
    NONE,
    JSON,
    XML,
    /** N-Triples / Turtle string and IRI escapes. */
    NT,
    /** CSV: the caller quotes; a quote doubles. */
    CSV
  }

  /**
   * The buffers of finished sinks, for the next ones: a response's buffer grows towards a flush's
   * worth (4, 8, 16, 32, 64 KB), and allocating that anew for each was about a fifteenth of a BSBM
   * server's allocation. A finished sink gives its buffer up (and starts over on an empty one if
   * written to again); one grown past a flush's worth by a huge value is left to the collector.
   */
  private static final ArrayBlockingQueue<byte[]> SPARE = new ArrayBlockingQueue<>(32);

  private static final int FIRST = 4096;
  private static final int SPARE_MAX = 4 * FLUSH_AT;
  private static final byte[] RELEASED = new byte[0];

  private final OutputStream out;
  private byte[] buf; // most responses are small; grows up to a flush's worth
  private int n;
  private long drained; // bytes handed to the output so far: buf[0] is at this position

  Utf8Sink(OutputStream out) {
    this.out = out;
    byte[] spare = SPARE.poll();
    this.buf = spare != null ? spare : new byte[FIRST];
  }

  private Utf8Sink(OutputStream out, int capacity) {
    this.out = out;
    this.buf = new byte[capacity];
  }

  /** {@code before}, {@code s} with escapes {@code e}, then {@code after}, as UTF-8 bytes. */
  static byte[] encode(String before, String s, Escape e, String after) {
    int size = before.length() + 3 * s.length() + after.length(); // text() ensures 3 per char
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(size);
    Utf8Sink sink = new Utf8Sink(bytes, size + 8);
    sink.ascii(before).text(s, e).ascii(after).finish();
    return bytes.toByteArray();
  }

  Utf8Sink ascii(String s) {
    int len = s.length();
    ensure(len);
    for (int i = 0; i < len; i++) {
      buf[n++] = (byte) s.charAt(i);
    }
    return this;
  }

  Utf8Sink bytes(byte[] b) {
    ensure(b.length);
    System.arraycopy(b, 0, buf, n, b.length);
    n += b.length;
    return this;
  }

  Utf8Sink ch(char c) {
    ensure(1);
    buf[n++] = (byte) c;
    return this;
  }

  /** {@code s} in UTF-8 with the given escapes. */
  Utf8Sink text(String s, Escape e) {
    int len = s.length();
    ensure(len * 3);
    for (int i = 0; i < len; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        if (c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&') {
          buf[n++] = (byte) c; // the common case: nothing to escape in any format
        } else {
          ensure(8);
          escape(c, e);
        }
      } else if (c < 0x800) {
        buf[n++] = (byte) (0xC0 | (c >> 6));
        buf[n++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isHighSurrogate(c)
          && i + 1 < len
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        ensure(8);
        buf[n++] = (byte) (0xF0 | (cp >> 18));
        buf[n++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
        buf[n++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
        buf[n++] = (byte) (0x80 | (cp & 0x3F));
      } else {
        char w = Character.isSurrogate(c) ? '\uFFFD' : c; // a lone surrogate has no UTF-8
        buf[n++] = (byte) (0xE0 | (w >> 12));
        buf[n++] = (byte) (0x80 | ((w >> 6) & 0x3F));
        buf[n++] = (byte) (0x80 | (w & 0x3F));
      }
    }
    return this;
  }

  private void escape(char c, Escape e) {
    switch (e) {
      case NONE -> buf[n++] = (byte) c;
      case JSON, NT -> { // the same escapes: JSON strings, N-Triples strings and IRIs
        switch (c) {
          case '"' -> two('\\', '"');
          case '\\' -> two('\\', '\\');
          case '\n' -> two('\\', 'n');
          case '\r' -> two('\\', 'r');
          case '\t' -> two('\\', 't');
          case '<', '>', '&' -> buf[n++] = (byte) c;
          default -> unicode(c);
        }
      }
      case XML -> {
        switch (c) {
          case '<' -> raw("&lt;");
          case '>' -> raw("&gt;");
          case '&' -> raw("&amp;");
          case '"' -> raw("&quot;");
          case '\n', '\r', '\t' -> raw("&#x" + Integer.toHexString(c) + ";");
          case '\\' -> buf[n++] = (byte) c;
          default -> raw("\u00EF\u00BF\u00BD"); // U+FFFD: not allowed in XML 1.0, even escaped
        }
      }
      case CSV -> {
        if (c == '"') {
          two('"', '"');
        } else {
          buf[n++] = (byte) c;
        }
      }
    }
  }

  private void raw(String s) {
    for (int i = 0; i < s.length(); i++) {
      buf[n++] = (byte) s.charAt(i);
    }
  }

  private void two(char a, char b) {
    buf[n++] = (byte) a;
    buf[n++] = (byte) b;
  }

  private void unicode(char c) {
    buf[n++] = '\\';
    buf[n++] = 'u';
    buf[n++] = HEX[(c >> 12) & 0xF];
    buf[n++] = HEX[(c >> 8) & 0xF];
    buf[n++] = HEX[(c >> 4) & 0xF];
    buf[n++] = HEX[c & 0xF];
  }

  private void ensure(int more) {
    if (n + more > buf.length) {
      if (n >= FLUSH_AT) {
        drain();
      }
      if (n + more > buf.length) {
        buf = Arrays.copyOf(buf, Math.max(buf.length * 2, n + more));
      }
    }
  }

  /** Hands what is gathered to the output once a large write's worth is there. */
  void maybeFlush() {
    if (n >= FLUSH_AT) {
      drain();
    }
  }

  /** The position of the next byte in the whole output (for {@link #since}). */
  long position() {
    return drained + n;
  }

  /**
   * A copy of the bytes written from {@code position} on, or null if some of them have already gone
   * to the output.
   */
  byte[] since(long position) {
    int from = (int) (position - drained);
    return position < drained ? null : Arrays.copyOfRange(buf, from, n);
  }

  private void drain() {
    try {
      out.write(buf, 0, n);
      drained += n;
      n = 0;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes everything gathered (the output itself is not flushed: its owner ends it). */
  void finish() {
    if (n > 0) {
      drain();
    }
    if (buf.length >= FIRST && buf.length <= SPARE_MAX) {
      SPARE.offer(buf);
    }
    buf = RELEASED;
  }
}
