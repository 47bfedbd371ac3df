package dev.quarry.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.jena.riot.Lang;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.Test;

/**
 * The fast N-Triples/N-Quads path against RIOT, the reference (the loader's reader of the lines the
 * fast path declines): every line the fast path takes, RIOT takes too and reads as the same quad;
 * what RIOT rejects, the fast path declines.
 */
class LineParserTest {
  private static final String SCOPE = "f1_";

  @Test
  void takesTheCommonShapesAsRiotReadsThem() {
    String[] lines = {
      "<http://ex.org/s> <http://ex.org/p> <http://ex.org/o> .",
      "<http://ex.org/s><http://ex.org/p><http://ex.org/o>.",
      "<http://ex.org/s>\t<http://ex.org/p>   \"plain\" .   ",
      "<http://ex.org/s> <http://ex.org/p> \"typed\"^^<http://www.w3.org/2001/XMLSchema#string> .",
      "<http://ex.org/s> <http://ex.org/p> \"12\"^^<http://www.w3.org/2001/XMLSchema#integer> .",
      "<http://ex.org/s> <http://ex.org/p> \"2008-05-01T00:00:00\"^^<http://www.w3.org/2001/XMLSchema#dateTime> .",
      "<http://ex.org/s> <http://ex.org/p> \"x\"^^<http://ex.org/own-type> .",
      "<http://ex.org/s> <http://ex.org/p> \"tab\\there \\\"q\\\" \\\\ \\n\\r\\b\\f\\'\" .",
      "<http://ex.org/s> <http://ex.org/p> \"\\u00e9t\\u00E9 \\U0001F600\" .",
      "<http://ex.org/s> <http://ex.org/p> \"été ✓ 😀\" .",
      "_:b1 <http://ex.org/p> _:b2 .",
      "_:b-1_x <http://ex.org/p> _:B2.",
      "<http://ex.org/s> <http://ex.org/p> _:end.",
      "<http://ex.org:8080/a/b?c=d&e=f#frag> <http://ex.org/p> <urn:isbn:0451450523> .",
      "<http://ex.org/%20space> <http://ex.org/p> <mailto:someone@ex.org> .",
      "<http://ex.org/s> <http://ex.org/p> <http://ex.org/o> . # a comment",
      "<http://ex.org/s> <http://ex.org/p> \"\" .",
      "",
      "   ",
      "# only a comment",
      "<http://ex.org/s> <http://ex.org/p> \"en\"@en .",
      "<http://ex.org/s> <http://ex.org/p> \"en-gb\"@en-GB .",
      "<http://ex.org/s> <http://ex.org/p> \"de\"@de-1996 .",
    };
    int taken = 0;
    for (String line : lines) {
      taken += compare(line, false) ? 1 : 0;
    }
    assertTrue(taken >= lines.length - 3, "the fast path took only " + taken); // tags learned
  }

  @Test
  void declinesWhatRiotRejectsOrWhatItCannotBeSureOf() {
    String[] lines = {
      "<http://ex.org/s> <http://ex.org/p> <o> .", // relative IRI
      "<http://ex.org/s> <http://ex.org/p> <http://ex.org/a b> .",
      "<http://ex.org/s> <http://ex.org/p> <http://ex.org/\\u0041> .",
      "<http://ex.org/s> <http://ex.org/p> <http://ex.org:8x/> .",
      "<http://ex.org/s> <http://ex.org/p> <http://ex.org/%2> .",
      "<http://ex.org/s> <http://ex.org/p> <http://ex.org/a#b#c> .",
      "<http://ex.org/s> <http://ex.org/p> <http://[::1]/> .",
      "<http://u@ex.org/s> <http://ex.org/p> <http://ex.org/o> .",
      "<http://ex.org/s> <http://ex.org/p> \"unterminated .",
      "<http://ex.org/s> <http://ex.org/p> \"bad \\q escape\" .",
      "<http://ex.org/s> <http://ex.org/p> \"bad \\uZZZZ\" .",
      "<http://ex.org/s> <http://ex.org/p> \"surrogate \\uD800\" .",
      "<http://ex.org/s> <http://ex.org/p> \"x\"^^<http://www.w3.org/1999/02/22-rdf-syntax-ns#langString> .",
      "<http://ex.org/s> <http://ex.org/p> \"x\"@ .",
      "<http://ex.org/s> <http://ex.org/p> \"x\"@123 .",
      "<http://ex.org/s> <http://ex.org/p> <http://ex.org/o>",
      "<http://ex.org/s> <http://ex.org/p> <http://ex.org/o> . extra",
      "\"lit\" <http://ex.org/p> <http://ex.org/o> .",
      "<http://ex.org/s> _:p <http://ex.org/o> .",
      "_:a.b <http://ex.org/p> <http://ex.org/o> .",
      "_: <http://ex.org/p> <http://ex.org/o> .",
      "<< <http://ex.org/s> <http://ex.org/p> <http://ex.org/o> >> <http://ex.org/p> \"x\" .",
      "<http://ex.org/s> <http://ex.org/p> <http://ex.org/o> <http://ex.org/g> .", // N-Triples
      "# a comment\r then what Rio reads as a line of its own", // found by LoaderFuzzTest
      "<http://ex.org/s> <http://ex.org/p> <http://ex.org/o> . # c\rmore",
      "<urn:rdf4j:triple:http://ex/a> <http://ex.org/p> \"x\" .", // Rio's RDF-star encoding
    };
    for (String line : lines) {
      assertNull(fast(line, false), "the fast path took: " + line);
      compare(line, false);
    }
  }

  @Test
  void nQuadsTakeAGraphLabel() {
    assertTrue(compare("<http://ex.org/s> <http://ex.org/p> \"o\" <http://ex.org/g> .", true));
    assertTrue(compare("<http://ex.org/s> <http://ex.org/p> \"o\" _:g .", true));
    assertTrue(compare("<http://ex.org/s> <http://ex.org/p> \"o\" .", true));
    Quad q = fast("<http://ex.org/s> <http://ex.org/p> \"o\" <http://ex.org/g> .", true);
    assertEquals("http://ex.org/g", q.getGraph().getURI());
  }

  /**
   * Lines made of random well-formed and broken pieces: the fast path never disagrees with RIOT.
   */
  @Test
  void randomLinesNeverDisagreeWithRiot() {
    Random rnd = new Random(20261125);
    String[] subjects = {
      "<http://ex.org/s>", "_:b0", "_:x-y_z", "<urn:a:b>", "<http://ex.org/é>", "<s>", "_:a.b"
    };
    String[] predicates = {"<http://ex.org/p>", "<http://ex.org/p#q>", "<p>", "_:p"};
    String[] objects = {
      "<http://ex.org/o>",
      "\"v\"",
      "\"v\"@en",
      "\"v\"@en-US",
      "\"v\"@x-private",
      "\"v\"@a",
      "\"1\"^^<http://www.w3.org/2001/XMLSchema#int>",
      "\"v\\\\u0041\"",
      "\"\\u00FF\\\"\"",
      "\"a\\tb\"",
      "_:o",
      "<http://ex.org:99999999/>",
      "<http://ex.org/a?b=c#d>",
      "<http://ex.org/{x}>",
      "\"é\"",
    };
    String[] graphs = {"", " <http://ex.org/g>", " _:g", " \"lit\""};
    String[] ends = {" .", ".", " . # c", "", " ..", " . x"};
    int taken = 0;
    for (int i = 0; i < 50_000; i++) {
      boolean quads = rnd.nextBoolean();
      StringBuilder line =
          new StringBuilder()
              .append(pick(rnd, subjects))
              .append(rnd.nextInt(4) == 0 ? "" : " ")
              .append(pick(rnd, predicates))
              .append(" ")
              .append(pick(rnd, objects))
              .append(quads ? pick(rnd, graphs) : "")
              .append(pick(rnd, ends));
      if (rnd.nextInt(8) == 0) { // damage one byte
        int at = rnd.nextInt(line.length());
        line.setCharAt(at, "<>\"\\ _:.@^#".charAt(rnd.nextInt(11)));
      }
      taken += compare(line.toString(), quads) ? 1 : 0;
    }
    assertTrue(taken > 2_000, "the fast path took only " + taken + " lines");
  }

  private static String pick(Random rnd, String[] a) {
    return a[rnd.nextInt(a.length)];
  }

  /**
   * Compares the fast path with RIOT on one line; true if the fast path took it. A line declined
   * for a language tag RIOT then accepts is read again once the tag is learnt, as the loader does.
   */
  private static boolean compare(String line, boolean quads) {
    LineParser parser = new LineParser(quads, Quad.defaultGraphIRI, SCOPE);
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    Quad fast = parser.parse(b, 0, b.length);
    List<Quad> rio = rio(line, quads, parser);
    if (fast == null && parser.declinedLanguage() != null && rio != null && rio.size() == 1) {
      // Learnt as the loader learns it: only a tag RIOT read as written.
      var lang = rio.get(0).getObject().getLiteralLanguage();
      if (lang.equalsIgnoreCase(parser.declinedLanguage())) {
        parser.acceptLanguage(parser.declinedLanguage(), lang);
        fast = parser.parse(b, 0, b.length); // may still decline, for another part of the line
      }
    }
    if (fast == null) {
      return false;
    }
    if (rio == null) {
      fail("the fast path took a line RIOT rejects: " + line);
    }
    if (fast == LineParser.NOTHING) {
      assertEquals(List.of(), rio, line);
    } else {
      assertEquals(List.of(fast), rio, line);
    }
    return true;
  }

  private static Quad fast(String line, boolean quads) {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    return new LineParser(quads, Quad.defaultGraphIRI, SCOPE).parse(b, 0, b.length);
  }

  /** RIOT's reading of the line as the loader sets RIOT up, or null if RIOT rejects it. */
  private static List<Quad> rio(String line, boolean quads, LineParser blanks) {
    List<Quad> out = new ArrayList<>();
    try {
      JenaReader.parse(
          new ByteArrayInputStream(line.getBytes(StandardCharsets.UTF_8)),
          quads ? Lang.NQUADS : Lang.NTRIPLES,
          "http://base/",
          Quad.defaultGraphIRI,
          blanks::blank,
          out::add);
    } catch (RuntimeException e) {
      return null;
    }
    return out;
  }
}
