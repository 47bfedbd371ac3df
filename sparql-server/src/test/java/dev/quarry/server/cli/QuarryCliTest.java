package dev.quarry.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.server.QuarryServer;
import dev.quarry.server.ServerConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The command line in process: exit codes and what it prints. */
@Timeout(180)
class QuarryCliTest {
  @TempDir Path dir;

  record Run(int exit, String out, String err) {}

  private static synchronized Run run(String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      int code = QuarryMain.run(args);
      System.out.flush();
      return new Run(
          code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }

  @Test
  void statusOfARunningServer() throws Exception {
    Config c = Config.defaults().with("server.port", 0).with("server.demo-data", false);
    try (Store store = Quarry.open(dir.resolve("s"));
        QuarryServer server = QuarryServer.start(store, ServerConfig.from(c))) {
      HttpClient.newHttpClient()
          .send(
              HttpRequest.newBuilder(URI.create(server.endpoint() + "?query=ASK%7B%7D")).build(),
              HttpResponse.BodyHandlers.ofString());
      Run r = run("status", "--endpoint", server.endpoint().toString());
      assertEquals(0, r.exit(), r.err());
      assertTrue(r.out().contains("health     ok"), r.out());
      assertTrue(r.out().contains("queries    1 answered, 0 timed out"), r.out());
      assertTrue(r.out().contains("0 running, 0 waiting"), r.out());
    }
    Run none = run("status", "--endpoint", "http://127.0.0.1:1/sparql");
    assertEquals(2, none.exit(), none.out());
    assertTrue(none.err().contains("no server answers"), none.err());
  }

  @Test
  void loadQueryStatsCheckDump() throws Exception {
    Path data = dir.resolve("d.ttl");
    Files.writeString(data, "<http://ex/a> <http://ex/p> 1 , 2 , 3 .\n");
    String store = dir.resolve("store").toString();

    Run load = run("load", "--location", store, "--graph", "http://ex/g", data.toString());
    assertEquals(0, load.exit(), load.err());
    assertTrue(
        load.out().matches("(?s)Loaded 3 triples in [0-9.]+ s \\([0-9,]+ triples/s\\).*"),
        "[" + load.out() + "]");

    Run q =
        run(
            "query",
            "--location",
            store,
            "--format",
            "csv",
            "SELECT ?o { GRAPH ?g { ?s ?p ?o } } ORDER BY ?o");
    assertEquals(0, q.exit(), q.err());
    assertEquals("o\r\n1\r\n2\r\n3\r\n", q.out());

    Path rq = dir.resolve("q.rq");
    Files.writeString(rq, "SELECT (COUNT(*) AS ?n) { GRAPH <http://ex/g> { ?s ?p ?o } }");
    Run fromFile = run("query", "--location", store, "--format", "tsv", "@" + rq);
    assertTrue(fromFile.out().contains("3"), "[" + fromFile.out() + "] " + fromFile.err());

    Run explain =
        run(
            "query",
            "--location",
            store,
            "--explain",
            "SELECT ?o FROM <http://ex/g> { ?s <http://ex/p> ?o FILTER(?o > 1) }");
    assertEquals(0, explain.exit(), explain.err());
    assertTrue(explain.out().startsWith("2 rows in "), explain.out());
    assertTrue(explain.out().contains("filter (> ?o 1) [on ids]  [1 / 2]"), explain.out());
    assertTrue(
        explain
            .out()
            .contains("pattern { ?s <http://ex/p> ?o } [?o in a range: 1 scans of it]  [3 / 3]"),
        explain.out());

    Run stats = run("stats", "--location", store);
    assertEquals(0, stats.exit());
    assertTrue(stats.out().contains("quads    3"), stats.out());
    assertTrue(stats.out().contains("graphs   1"), stats.out());

    Run check = run("check", "--location", store);
    assertEquals(0, check.exit(), check.out() + check.err());
    assertTrue(check.out().startsWith("sound"), check.out());

    Run upd = run("update", "--location", store, "DELETE WHERE { GRAPH ?g { ?s ?p 2 } }");
    assertEquals(0, upd.exit(), upd.err());
    Run dump = run("dump", "--location", store, "--format", "nquads");
    assertEquals(2, dump.out().lines().count(), dump.out());
  }

  @Test
  void aBadDataFileFailsWithFileLineColumnAndExitCode1() throws Exception {
    Path bad = dir.resolve("bad.ttl");
    Files.writeString(bad, "@prefix ex: <http://ex/> .\nex:a ex:b ex:c ex:d .\n");
    Run r = run("load", "--location", dir.resolve("store").toString(), bad.toString());
    assertEquals(1, r.exit());
    assertTrue(r.err().startsWith("error: " + bad + ":2:"), r.err());
    assertEquals(1, r.err().lines().count(), "one line: " + r.err());
  }

  @Test
  void usageErrorsExitWith2AndOneLine() {
    Run unknown = run("query", "--no-such-option", "x");
    assertEquals(2, unknown.exit());
    assertTrue(unknown.err().startsWith("error: "), unknown.err());
    assertEquals(1, unknown.err().lines().count(), unknown.err());

    Run missing = run("stats", "--location", dir.resolve("nothing-here").toString());
    assertEquals(2, missing.exit());
    assertTrue(missing.err().contains("no Quarry store"), missing.err());

    Run noCommand = run();
    assertEquals(2, noCommand.exit());

    Run badFormat = run("query", "--location", dir.toString(), "--format", "yaml", "SELECT * {}");
    assertEquals(2, badFormat.exit());
  }

  @Test
  void everyCommandHasHelp() {
    for (String cmd : new String[] {"serve", "load", "query", "update", "dump", "stats", "check"}) {
      Run r = run(cmd, "--help");
      assertEquals(0, r.exit(), cmd);
      assertTrue(r.out().startsWith("Usage: quarry " + cmd), r.out());
    }
  }
}
