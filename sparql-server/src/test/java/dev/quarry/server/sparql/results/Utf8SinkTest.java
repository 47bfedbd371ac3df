package dev.quarry.server.sparql.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The sink's bytes, its escapes, and buffers handed from finished sinks to new ones. */
class Utf8SinkTest {
  private static String text(ByteArrayOutputStream out) {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void writesUtf8WithEachFormatsEscapes() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new Utf8Sink(out)
        .text("a\"<é𝄞", Utf8Sink.Escape.JSON)
        .ch(' ')
        .text("a\"<&", Utf8Sink.Escape.XML)
        .ch(' ')
        .text("a\"b", Utf8Sink.Escape.CSV)
        .finish();
    assertEquals("a\\\"<é𝄞 a&quot;&lt;&amp; a\"\"b", text(out));
    assertArrayEquals(
        "<x>&amp;</x>".getBytes(StandardCharsets.UTF_8),
        Utf8Sink.encode("<x>", "&", Utf8Sink.Escape.XML, "</x>"));
  }

  @Test
  void aBufferPassedOnCarriesNothingOver() {
    // A large response grows its buffer past a flush's worth and gives it up when finished.
    ByteArrayOutputStream big = new ByteArrayOutputStream();
    Utf8Sink first = new Utf8Sink(big);
    String block = "x".repeat(1000);
    for (int i = 0; i < 60; i++) {
      first.text(block, Utf8Sink.Escape.NONE);
    }
    first.finish();
    assertEquals(60_000, big.size());
    // The sinks after it (one of them on that buffer) hold only what they are given.
    for (int i = 0; i < 40; i++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Utf8Sink sink = new Utf8Sink(out);
      long start = sink.position();
      sink.ascii("row ").text(Integer.toString(i), Utf8Sink.Escape.NONE);
      assertEquals(0, start);
      assertArrayEquals(("row " + i).getBytes(StandardCharsets.US_ASCII), sink.since(start));
      sink.finish();
      assertEquals("row " + i, text(out));
    }
  }

  @Test
  void aFinishedSinkWrittenAgainDoesNotShareItsOldBuffer() {
    ByteArrayOutputStream a = new ByteArrayOutputStream();
    Utf8Sink sink = new Utf8Sink(a);
    sink.ascii("first").finish();
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    Utf8Sink next = new Utf8Sink(b); // may take the buffer the first gave up
    sink.ascii("again");
    next.ascii("other");
    sink.finish();
    next.finish();
    assertEquals("firstagain", text(a));
    assertEquals("other", text(b));
  }
}
