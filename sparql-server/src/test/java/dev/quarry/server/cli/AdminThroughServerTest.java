package dev.quarry.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.server.QuarryServer;
import dev.quarry.server.ServerConfig;
import dev.quarry.server.auth.Secrets;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * quarry stats and quarry check on a store a running server holds go through the server ({@code GET
 * /$/stats}, {@code POST /$/check}) and say what they say on the store itself; the check needs
 * credentials as writes do.
 */
@Timeout(120)
class AdminThroughServerTest {
  @TempDir Path dir;
  private final HttpClient http = HttpClient.newHttpClient();

  private record Run(int exit, String out) {}

  private static Run cli(String... args) {
    PrintStream old = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try {
      PrintStream both = new PrintStream(bytes, true, StandardCharsets.UTF_8);
      System.setOut(both);
      System.setErr(both); // errors too: what a person at the terminal reads
      int exit = QuarryMain.run(args);
      return new Run(exit, bytes.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(old);
      System.setErr(oldErr);
    }
  }

  @Test
  void statsAndCheckGoThroughTheServerHoldingTheStore() throws Exception {
    Path storeDir = dir.resolve("store");
    String token = Secrets.newToken();
    // What they say on the store itself, before a server holds it.
    try (Store s = Quarry.open(storeDir)) {
      s.dataset()
          .executeWrite(
              () ->
                  s.dataset()
                      .add(
                          Quad.create(
                              NodeFactory.createURI("urn:g"),
                              NodeFactory.createURI("urn:s"),
                              NodeFactory.createURI("urn:p"),
                              NodeFactory.createLiteralString("o"))));
    }
    Run localStats = cli("stats", "--location", storeDir.toString());
    Run localCheck = cli("check", "--location", storeDir.toString());
    assertEquals(0, localStats.exit());
    assertEquals(0, localCheck.exit());
    try (Store store = Quarry.open(storeDir);
        QuarryServer server =
            QuarryServer.start(
                store,
                ServerConfig.from(
                    Config.defaults()
                        .with("server.port", 0)
                        .withOverride("server.demo-data=false")
                        .withOverride("auth.tokens=" + Secrets.hashToken(token))))) {
      ServerEndpointFile.write(storeDir, server.endpoint());
      String at = storeDir.toString();

      Run stats = cli("stats", "--location", at);
      assertEquals(0, stats.exit(), stats.out());
      // backend, quads, graphs, terms as said on the store itself (bytes: the server adds a file)
      assertEquals(
          localStats.out().lines().skip(1).limit(4).toList(),
          stats.out().lines().skip(1).limit(4).toList());
      assertTrue(stats.out().contains("through the server at"), stats.out());

      // The check is an administrator's request: credentials needed once any are configured.
      assertTrue(cli("check", "--location", at).exit() != 0);
      Run check = cli("check", "--location", at, "--token", token);
      assertEquals(0, check.exit(), check.out());
      assertTrue(localCheck.out().startsWith("sound: 1 quads in 5 indexes"), localCheck.out());
      assertTrue(check.out().startsWith("sound: 1 quads in 5 indexes"), check.out());

      URI base = server.endpoint();
      assertEquals(401, send(base.resolve("/$/check"), "POST", null).statusCode());
      assertEquals(405, send(base.resolve("/$/check"), "GET", token).statusCode());
      HttpResponse<String> json = send(base.resolve("/$/check"), "POST", token);
      assertEquals(200, json.statusCode());
      assertTrue(json.body().startsWith("{\"sound\":true,"), json.body());
      assertEquals(200, send(base.resolve("/$/stats"), "GET", null).statusCode());

      // A physical backup is every byte of the store: credentials as for the check.
      assertEquals(401, send(base.resolve("/$/backup"), "POST", null).statusCode());
      Path full = dir.resolve("full.qbk");
      assertTrue(cli("backup", "--location", at, "--to", full.toString()).exit() != 0);
      Run backup = cli("backup", "--location", at, "--to", full.toString(), "--token", token);
      assertEquals(0, backup.exit(), backup.out());
      assertTrue(backup.out().contains("Full backup of commit"), backup.out());
      // An incremental backup over another store's backup: the server says why (409).
      Path other = dir.resolve("other");
      try (Store o = Quarry.open(other)) {
        o.dataset()
            .executeWrite(
                () ->
                    o.dataset()
                        .add(
                            Quad.create(
                                Quad.defaultGraphIRI,
                                NodeFactory.createURI("urn:x"),
                                NodeFactory.createURI("urn:p"),
                                NodeFactory.createURI("urn:y"))));
      }
      Path otherFull = dir.resolve("other.qbk");
      assertEquals(
          0, cli("backup", "--location", other.toString(), "--to", otherFull.toString()).exit());
      Run wrong =
          cli(
              "backup",
              "--location",
              at,
              "--to",
              dir.resolve("inc.qbk").toString(),
              "--since",
              otherFull.toString(),
              "--token",
              token);
      assertTrue(wrong.exit() != 0 && wrong.out().contains("409"), wrong.out());
      assertTrue(wrong.out().contains("another store"), wrong.out());
    }
  }

  private HttpResponse<String> send(URI uri, String method, String token) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri)
            .timeout(Duration.ofSeconds(30))
            .method(method, HttpRequest.BodyPublishers.noBody());
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }
}
