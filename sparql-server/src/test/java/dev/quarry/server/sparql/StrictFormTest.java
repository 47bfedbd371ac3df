package dev.quarry.server.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.server.http.HttpError;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Query strings and forms decoded as URLDecoder would, but strictly. */
class StrictFormTest {
  @Test
  void everyEncodingOfAValueDecodesToIt() {
    String value = "SELECT ?x { ?x <http://ex/p> \"café, 中文 😀 a+b=c&d %\" } # end";
    String encoded = URLEncoder.encode(value, StandardCharsets.UTF_8);
    assertEquals(List.of(value), StrictForm.parameters("query=" + encoded, "form").get("query"));
    // Characters sent as they are (not percent-encoded), beside escapes and '+'.
    Map<String, List<String>> raw = StrictForm.parameters("q=caf%C3%A9+é😀中&x=&y", "form");
    assertEquals(List.of("café é😀中"), raw.get("q"));
    assertEquals(List.of(""), raw.get("x"));
    assertEquals(List.of(""), raw.get("y"));
  }

  @Test
  void aMalformedValueIsA400SayingWhere() {
    HttpError escape = assertThrows(HttpError.class, () -> StrictForm.parameters("q=a%2", "form"));
    assertEquals(400, escape.status().code());
    assertTrue(escape.getMessage().contains("at character 4"), escape.getMessage());
    HttpError utf8 = assertThrows(HttpError.class, () -> StrictForm.parameters("q=%C3%28", "form"));
    assertTrue(utf8.getMessage().contains("not valid UTF-8"), utf8.getMessage());
  }

  @Test
  void anEscapeTakesAsciiHexDigitsOnly() {
    assertEquals(List.of("J:z"), StrictForm.parameters("q=%4a%3A%7a", "form").get("q"));
    // Character.digit would read these as 3 and 12: Arabic-Indic three, fullwidth C.
    for (String escape : List.of("%\u0663\u0663", "%4\uFF23", "%G1", "%1g")) {
      HttpError e =
          assertThrows(HttpError.class, () -> StrictForm.parameters("q=a" + escape, "form"));
      assertEquals(400, e.status().code());
      assertTrue(e.getMessage().contains("at character 4"), e.getMessage());
    }
  }

  @Test
  void asciiAndNonAsciiTextDecodeAlike() {
    // An escape of a byte above 0x7F sends the text through the checking decoder; ASCII does not.
    assertEquals(List.of("a b+c"), StrictForm.parameters("q=a+b%2Bc", "form").get("q"));
    assertEquals(List.of("\u00e9a"), StrictForm.parameters("q=%C3%A9a", "form").get("q"));
    HttpError lone = assertThrows(HttpError.class, () -> StrictForm.parameters("q=a%80", "form"));
    assertTrue(lone.getMessage().contains("not valid UTF-8"), lone.getMessage());
    // Many characters sent as they are, beyond the array first made for the escapes' bytes.
    String wide = "\u4e2d".repeat(300) + "%41";
    assertEquals(
        List.of("\u4e2d".repeat(300) + "A"), StrictForm.parameters("q=" + wide, "form").get("q"));
  }
}
