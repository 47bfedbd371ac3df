package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.config.ConfigException;
import dev.quarry.server.auth.Secrets;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Who may do what over real HTTP: tokens, basic auth, what needs them, and CORS. */
@Timeout(120)
class AccessTest {
  @TempDir Path dir;

  static final String INSERT = "INSERT DATA { <http://ex/a> <http://ex/p> 1 }";
  static final String ASK = "ASK { <http://ex/a> <http://ex/p> 1 }";

  private static String basic(String user, String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void writesNeedAValidTokenOrPasswordReadsDoNot() throws Exception {
    String token = Secrets.newToken();
    String users = "alice:" + Secrets.hashPassword("s3cret");
    try (TestServer s =
        new TestServer(
            dir,
            "update.enabled=true",
            "auth.tokens=" + Secrets.hashToken(token),
            "auth.users=" + users)) {
      HttpResponse<String> none =
          s.send("POST", "/sparql", INSERT, "Content-Type", "application/sparql-update");
      assertEquals(401, none.statusCode());
      assertEquals(
          List.of("Basic realm=\"quarry\"", "Bearer realm=\"quarry\""),
          none.headers().allValues("WWW-Authenticate"));

      String[] wrong = {
        "Bearer " + Secrets.newToken(),
        basic("alice", "guess"),
        basic("mallory", "s3cret"),
        "Digest x"
      };
      for (String w : wrong) {
        HttpResponse<String> r =
            s.send(
                "POST",
                "/sparql",
                INSERT,
                "Content-Type",
                "application/sparql-update",
                "Authorization",
                w);
        assertEquals(401, r.statusCode(), w);
      }
      HttpResponse<String> put =
          s.send(
              "PUT",
              "/data?default",
              "<http://ex/b> <http://ex/p> 2 .",
              "Content-Type",
              "text/turtle");
      assertEquals(401, put.statusCode());
      assertTrue(s.query(ASK, "application/sparql-results+json").body().contains("false"));

      HttpResponse<String> byToken =
          s.send(
              "POST",
              "/sparql",
              INSERT,
              "Content-Type",
              "application/sparql-update",
              "Authorization",
              "Bearer " + token);
      assertEquals(200, byToken.statusCode(), byToken.body());
      HttpResponse<String> byPassword =
          s.send(
              "PUT",
              "/data?default",
              "<http://ex/a> <http://ex/p> 1 .",
              "Content-Type",
              "text/turtle",
              "Authorization",
              basic("alice", "s3cret"));
      assertEquals(204, byPassword.statusCode(), byPassword.body());
      // Reads are open under the default policy.
      assertEquals(200, s.query(ASK, "application/sparql-results+json").statusCode());
      assertTrue(s.query(ASK, "application/sparql-results+json").body().contains("true"));
    }
  }

  @Test
  void requireAllProtectsReadsButNotHealth() throws Exception {
    String token = Secrets.newToken();
    try (TestServer s =
        new TestServer(dir, "auth.require=all", "auth.tokens=" + Secrets.hashToken(token))) {
      assertEquals(401, s.query(ASK, null).statusCode());
      assertEquals(401, s.get("/sparql", "text/html").statusCode());
      assertEquals(401, s.get("/metrics", null).statusCode());
      assertEquals(401, s.get("/data?default", null).statusCode());
      assertEquals(200, s.get("/health", null).statusCode());
      HttpResponse<String> ok =
          s.send(
              "GET",
              "/sparql?query=" + TestServer.enc(ASK),
              null,
              "Authorization",
              "Bearer " + token);
      assertEquals(200, ok.statusCode());
      // Credentials do not turn updates on.
      HttpResponse<String> update =
          s.send(
              "POST",
              "/sparql",
              INSERT,
              "Content-Type",
              "application/sparql-update",
              "Authorization",
              "Bearer " + token);
      assertEquals(403, update.statusCode());
    }
  }

  @Test
  void unsafeOrMalformedPoliciesDoNotStart() {
    ConfigException open =
        assertThrows(
            ConfigException.class,
            () -> new TestServer(dir.resolve("a"), "server.host=0.0.0.0", "update.enabled=true"));
    assertTrue(open.getMessage().contains("needs credentials"), open.getMessage());
    assertThrows(
        ConfigException.class,
        () -> new TestServer(dir.resolve("b"), "auth.tokens=plaintext-token"));
    assertThrows(
        ConfigException.class,
        () -> new TestServer(dir.resolve("c"), "auth.users=bob:pbkdf2-sha256:nope"));
    assertThrows(
        ConfigException.class, () -> new TestServer(dir.resolve("d"), "auth.require=writes"));
  }

  @Test
  void corsOnlyForConfiguredOrigins() throws Exception {
    try (TestServer s = new TestServer(dir, "server.cors-origins=http://app.example")) {
      HttpResponse<String> preflight =
          s.send(
              "OPTIONS",
              "/sparql",
              null,
              "Origin",
              "http://app.example",
              "Access-Control-Request-Method",
              "POST",
              "Access-Control-Request-Headers",
              "content-type,authorization");
      assertEquals(200, preflight.statusCode());
      assertEquals(
          "http://app.example",
          preflight.headers().firstValue("Access-Control-Allow-Origin").orElse(""));
      assertTrue(
          preflight
              .headers()
              .firstValue("Access-Control-Allow-Methods")
              .orElse("")
              .contains("POST"));
      HttpResponse<String> get =
          s.send(
              "GET", "/sparql?query=" + TestServer.enc(ASK), null, "Origin", "http://app.example");
      assertEquals(
          "http://app.example", get.headers().firstValue("Access-Control-Allow-Origin").orElse(""));
      HttpResponse<String> other =
          s.send(
              "GET", "/sparql?query=" + TestServer.enc(ASK), null, "Origin", "http://evil.example");
      assertFalse(other.headers().firstValue("Access-Control-Allow-Origin").isPresent());
    }
    try (TestServer s = new TestServer(dir.resolve("plain"))) {
      HttpResponse<String> get =
          s.send(
              "GET", "/sparql?query=" + TestServer.enc(ASK), null, "Origin", "http://app.example");
      assertFalse(get.headers().firstValue("Access-Control-Allow-Origin").isPresent());
    }
  }
}
