package dev.quarry.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The HTML query page served at /sparql to a browser that sends no query. */
final class QueryPage {
  private static final String HTML = load();

  private QueryPage() {}

  static String html() {
    return HTML;
  }

  private static String load() {
    try (InputStream in = QueryPage.class.getResourceAsStream("query-page.html")) {
      if (in == null) {
        throw new IllegalStateException("query-page.html is missing from the jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
