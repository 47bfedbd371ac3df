package dev.quarry.core.dict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A symbol table codes any bytes back to themselves, and text like its sample in fewer bytes. */
class SymbolTableTest {
  private static final String[] WORDS = {
    "sanest", "eight", "dinner", "globularly", "medicos", "tuggers", "elegies", "shekel",
    "redeveloping", "transposes", "cracked", "rhinitis", "fondles", "uploads", "sedum", "the"
  };

  /**
   * Labels as BSBM writes them: a few words of a word list, as a record (kind 3, length, bytes).
   */
  static List<byte[]> labels(int n, long seed) {
    Random r = new Random(seed);
    List<byte[]> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      StringBuilder b = new StringBuilder();
      for (int w = 0, words = 2 + r.nextInt(8); w < words; w++) {
        b.append(w == 0 ? "" : " ").append(WORDS[r.nextInt(WORDS.length)]);
      }
      byte[] text = b.toString().getBytes(StandardCharsets.UTF_8);
      byte[] record = new byte[2 + text.length];
      record[0] = 3;
      record[1] = (byte) text.length;
      System.arraycopy(text, 0, record, 2, text.length);
      out.add(record);
    }
    return out;
  }

  @Test
  void textLikeTheSampleComesBackFromFewerBytes() {
    SymbolTable t = SymbolTable.train(labels(500, 1));
    long raw = 0;
    long coded = 0;
    for (byte[] r : labels(5000, 2)) {
      byte[] c = t.encode(r);
      assertArrayEquals(r, t.decode(c, 0, c.length));
      raw += r.length;
      coded += c.length;
    }
    assertTrue(raw > 2.5 * coded, raw + " bytes coded in " + coded);
  }

  @Test
  void anyBytesComeBack() {
    SymbolTable t = SymbolTable.train(labels(500, 3));
    Random r = new Random(4);
    for (int i = 0; i < 2000; i++) {
      byte[] b = new byte[r.nextInt(300)];
      r.nextBytes(b); // escapes, 0xFF bytes, symbols' prefixes at the end
      if (i % 2 == 0 && b.length > 10) {
        byte[] w = WORDS[i % WORDS.length].getBytes(StandardCharsets.UTF_8);
        System.arraycopy(w, 0, b, b.length - Math.min(w.length, b.length), Math.min(w.length, 10));
      }
      byte[] c = t.encode(b);
      assertArrayEquals(b, t.decode(c, 0, c.length), "bytes " + i);
      assertTrue(c.length <= 2 * b.length);
    }
    assertEquals(0, t.encode(new byte[0]).length);
  }

  @Test
  void symbolsOfEightBytesAndRunsCodeBack() {
    List<byte[]> sample = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      sample.add("abcdefghabcdefghabcdefgh\u00ff\u00ff".getBytes(StandardCharsets.ISO_8859_1));
    }
    SymbolTable t = SymbolTable.train(sample);
    byte[] s = "xabcdefghabcdefgha\u00ffbcdefgh".getBytes(StandardCharsets.ISO_8859_1);
    byte[] c = t.encode(s);
    assertArrayEquals(s, t.decode(c, 0, c.length));
    byte[] run = sample.get(0);
    assertTrue(t.encode(run).length <= 6, "three 8-byte symbols and the rest");
  }

  @Test
  void aTableReadBackFromItsBytesCodesAlike() {
    List<byte[]> sample = labels(500, 5);
    SymbolTable t = SymbolTable.train(sample);
    SymbolTable back = SymbolTable.fromBytes(t.toBytes());
    assertEquals(t.size(), back.size());
    assertArrayEquals(
        t.toBytes(), SymbolTable.train(sample).toBytes(), "training is deterministic");
    for (byte[] r : labels(300, 6)) {
      byte[] c = t.encode(r);
      assertArrayEquals(c, back.encode(r));
      assertArrayEquals(r, back.decode(c, 0, c.length));
    }
  }

  @Test
  void aCorruptTableOrCodeIsRefused() {
    SymbolTable t = SymbolTable.train(labels(10, 7));
    assertTrue(t.size() < SymbolTable.MAX_SYMBOLS);
    byte[] beyond = {(byte) (SymbolTable.MAX_SYMBOLS - 1)};
    assertThrows(IllegalStateException.class, () -> t.decode(beyond, 0, 1));
    assertThrows(IllegalStateException.class, () -> SymbolTable.fromBytes(new byte[] {3, 9, 1}));
    assertThrows(IllegalStateException.class, () -> SymbolTable.fromBytes(new byte[0]));
  }
}
