package dev.quarry.server.sparql.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A thread's sinks share one spare buffer: no sink may see or change another's bytes. */
class Utf8SinkTest {

  private static String text(ByteArrayOutputStream out) {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void sinksOneAfterAnotherEachWriteTheirOwnBytes() {
    for (int i = 0; i < 3; i++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      Utf8Sink sink = new Utf8Sink(out);
      sink.ascii("row ").text("é\"" + i, Utf8Sink.Escape.JSON);
      sink.finish();
      assertEquals("row é\\\"" + i, text(out));
    }
  }

  @Test
  void aSinkOpenedWhileAnotherIsOpenHasItsOwnBuffer() {
    ByteArrayOutputStream outer = new ByteArrayOutputStream();
    Utf8Sink a = new Utf8Sink(outer);
    a.ascii("outer-");
    byte[] inner = Utf8Sink.encode("<", "x&y", Utf8Sink.Escape.XML, ">"); // a sink of its own
    a.ascii("end");
    a.finish();
    assertEquals("<x&amp;y>", new String(inner, StandardCharsets.UTF_8));
    assertEquals("outer-end", text(outer));
  }

  @Test
  void writingAfterFinishDoesNotTouchTheBufferTheNextSinkTakes() {
    ByteArrayOutputStream first = new ByteArrayOutputStream();
    Utf8Sink a = new Utf8Sink(first);
    a.ascii("first");
    a.finish();
    ByteArrayOutputStream second = new ByteArrayOutputStream();
    Utf8Sink b = new Utf8Sink(second); // takes the spare a handed back
    b.ascii("second");
    a.ascii("late").finish(); // a misuse, but it must stay a's own
    b.finish();
    assertEquals("firstlate", text(first));
    assertEquals("second", text(second));
  }

  @Test
  void aValueLargerThanAnyKeptBufferIsWrittenWhole() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Utf8Sink sink = new Utf8Sink(out);
    String big = "x".repeat(300_000); // one value larger than any kept buffer
    sink.text(big, Utf8Sink.Escape.NONE).ascii("!");
    sink.finish();
    assertEquals(big + "!", text(out));
    ByteArrayOutputStream next = new ByteArrayOutputStream();
    Utf8Sink small = new Utf8Sink(next);
    small.ascii("small").finish();
    assertEquals("small", text(next));
  }
}
