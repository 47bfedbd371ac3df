package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.config.Config;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text search over HTTP on a server started with text.enabled: an update's literals are found by
 * the next query, the same update may search its own changes, and a Lucene query that does not
 * parse is a 400 that says why.
 */
@Timeout(120)
class TextSearchEndpointTest {
  @TempDir static Path dir;
  static TestServer s;
  static final String TEXT = "PREFIX text: <http://jena.apache.org/text#> ";

  @BeforeAll
  static void start() throws Exception {
    s =
        new TestServer(
            Quarry.open(
                Config.defaults()
                    .with("store.location", dir.resolve("store"))
                    .with("text.enabled", true)),
            "update.enabled=true");
  }

  @AfterAll
  static void stop() {
    s.close();
  }

  private static HttpResponse<String> query(String q) throws Exception {
    return s.post("application/sparql-query", TEXT + q, "text/csv");
  }

  @Test
  void anUpdatesLiteralsAreFoundAndAnUpdateSeesItsOwn() throws Exception {
    HttpResponse<String> u =
        s.update(
            TEXT
                + "INSERT DATA { <http://ex/boot> <http://ex/label> \"Waterproof boots\" } ;"
                + " INSERT { ?s <http://ex/found> true } WHERE { ?s text:query \"waterproof\" }");
    assertEquals(2, u.statusCode() / 100, u.body());
    HttpResponse<String> r =
        query("SELECT ?s { ?s text:query \"WATERPROOF\" ; <http://ex/found> true }");
    assertEquals(200, r.statusCode(), r.body());
    assertTrue(r.body().contains("http://ex/boot"), r.body());
    HttpResponse<String> f =
        query("SELECT ?s { ?s <http://ex/label> ?l FILTER(CONTAINS(?l, \"proof b\")) }");
    assertTrue(f.body().contains("http://ex/boot"), f.body());
  }

  @Test
  void aLuceneQueryThatDoesNotParseIsA400ThatSaysWhy() throws Exception {
    HttpResponse<String> r = query("SELECT ?s { ?s text:query \"water AND (\" }");
    assertEquals(400, r.statusCode(), r.body());
    assertTrue(r.body().contains("cannot parse 'water AND ('"), r.body());
  }
}
