package dev.quarry.bsbm.driver;

import java.nio.charset.StandardCharsets;

/**
 * Counts the {@code <result>} elements of SPARQL XML results as the bytes stream past, without
 * parsing the document: a match of {@code <result} followed by {@code >}, a space or {@code /}
 * ({@code <results>} does not count). Cheap on the client, which on a small machine shares the
 * cores with the server under test.
 */
final class ResultCounter {
  private static final byte[] TAG = "<result".getBytes(StandardCharsets.US_ASCII);

  private int matched;
  private long results;

  void feed(byte[] buf, int off, int len) {
    for (int i = off; i < off + len; i++) {
      byte b = buf[i];
      if (matched == TAG.length) {
        if (b == '>' || b == ' ' || b == '/' || b == '\t' || b == '\n' || b == '\r') {
          results++;
        }
        matched = 0;
      }
      if (b == TAG[matched]) {
        matched++;
      } else {
        matched = b == TAG[0] ? 1 : 0;
      }
    }
  }

  long results() {
    return results;
  }
}
