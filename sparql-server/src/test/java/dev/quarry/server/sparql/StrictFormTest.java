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
}
