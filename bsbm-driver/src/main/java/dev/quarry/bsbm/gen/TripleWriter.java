package dev.quarry.bsbm.gen;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes BSBM's triples as N-Triples lines ({@code <s> <p> <o> .\n}) straight into a byte buffer.
 * Every term the generator makes is ASCII and needs no escaping (§6 of the spec), so characters are
 * copied as bytes. IRIs are passed with their angle brackets.
 */
class TripleWriter {
  private final OutputStream out;
  private final byte[] buf;
  private int pos;
  private String subject;
  private long triples;

  TripleWriter(OutputStream out, int bufferSize) {
    this.out = out;
    this.buf = new byte[bufferSize];
  }

  long triples() {
    return triples;
  }

  void subject(String iri) {
    subject = iri;
  }

  void iri(String predicate, String object) throws IOException {
    start(predicate);
    put(object);
    end();
  }

  /** A simple literal. */
  void plain(String predicate, CharSequence lexical) throws IOException {
    start(predicate);
    put('"');
    put(lexical);
    put('"');
    end();
  }

  /** A typed literal; {@code datatype} with its angle brackets. */
  void typed(String predicate, CharSequence lexical, String datatype) throws IOException {
    start(predicate);
    put('"');
    put(lexical);
    put("\"^^");
    put(datatype);
    end();
  }

  void tagged(String predicate, CharSequence lexical, String language) throws IOException {
    start(predicate);
    put('"');
    put(lexical);
    put("\"@");
    put(language);
    end();
  }

  /** Writes a line as it is (the update file's separators). */
  void raw(String line) throws IOException {
    put(line);
  }

  void flush() throws IOException {
    out.write(buf, 0, pos);
    pos = 0;
    out.flush();
  }

  private void start(String predicate) throws IOException {
    put(subject);
    put(' ');
    put(predicate);
    put(' ');
  }

  private void end() throws IOException {
    put(" .\n");
    triples++;
  }

  private void put(char c) throws IOException {
    if (pos == buf.length) {
      drain();
    }
    buf[pos++] = (byte) c;
  }

  private void put(CharSequence s) throws IOException {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      if (pos == buf.length) {
        drain();
      }
      buf[pos++] = (byte) s.charAt(i);
    }
  }

  private void drain() throws IOException {
    out.write(buf, 0, pos);
    pos = 0;
  }
}
