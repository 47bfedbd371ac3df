package dev.quarry.server.sparql;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.quarry.server.http.HttpError;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/**
 * The SPARQL request decoder on arbitrary requests (method, URL, Content-Type, body bytes, then the
 * query parser on what it decoded): each is taken apart, or refused with an HTTP error of the 4xx
 * kind and a message, never another exception (which would be a 500). Seeds and findings are in the
 * test resources; {@code JAZZER_FUZZ=1} fuzzes (docs/FUZZING.md).
 */
@Tag("slow") // ./mvnw verify -Pslow; CI runs it
class RequestFuzzTest {
  private static final List<HttpMethod> METHODS =
      List.of(HttpMethod.GET, HttpMethod.POST, HttpMethod.HEAD, HttpMethod.PUT);
  private static final List<String> TYPES =
      List.of(
          "application/x-www-form-urlencoded",
          "application/sparql-query",
          "application/sparql-update",
          "application/sparql-query; charset=utf-8",
          "text/plain");

  @FuzzTest(maxDuration = "30s")
  void aRequestIsTakenApartOrRefusedWithA4xx(FuzzedDataProvider data) {
    HttpMethod method = data.pickValue(METHODS);
    String type = data.consumeBoolean() ? data.pickValue(TYPES) : data.consumeString(40);
    String url = "/sparql?" + data.consumeString(200);
    byte[] body = data.consumeRemainingAsBytes();
    FullHttpRequest req;
    try {
      req =
          new DefaultFullHttpRequest(
              HttpVersion.HTTP_1_1, method, url, Unpooled.wrappedBuffer(body));
      req.headers().set(HttpHeaderNames.CONTENT_TYPE, type);
    } catch (IllegalArgumentException e) {
      return; // Netty refuses such a URL or header itself: it never reaches the decoder
    }
    try {
      Map<String, List<String>> params = StrictForm.urlParameters(req.uri());
      SparqlRequest r = SparqlRequest.parse(req, params);
      assertNotNull(r.kind());
      if (r.kind() == SparqlRequest.Kind.QUERY) {
        assertNotNull(QueryService.parse(r.text()));
      }
    } catch (HttpError e) {
      int status = e.status().code();
      assertTrue(status >= 400 && status < 500, "a client error: " + status);
      assertFalse(String.valueOf(e.getMessage()).isBlank(), "the error says what is wrong");
    } finally {
      req.release();
    }
  }
}
