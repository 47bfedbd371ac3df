package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Queries and updates nested deeper than limits.query-nesting are refused with what, how deep,
 * where and the limit; up to the limit they run through every stage (parser, algebra, optimiser,
 * executor) and answer correctly.
 */
@Timeout(120)
class DeepNestingTest {
  @TempDir static Path dir;
  static TestServer s;

  @BeforeAll
  static void start() throws Exception {
    s = new TestServer(dir.resolve("store"), "update.enabled=true");
    assertEquals(
        204 / 100,
        s.update("INSERT DATA { <http://ex/a> <http://ex/p> 1 . <http://ex/b> <http://ex/p> 2 }")
                .statusCode()
            / 100);
  }

  @AfterAll
  static void stop() {
    s.close();
  }

  private static String groups(int depth) {
    return "{ ".repeat(depth) + "?s <http://ex/p> ?o" + " }".repeat(depth);
  }

  /** A query whose VALUES has {@code n} numbers, 0 to n - 1. */
  private static String valuesQuery(int n) {
    StringBuilder values = new StringBuilder();
    for (int i = 0; i < n; i++) {
      values.append(' ').append(i);
    }
    return "SELECT ?o { ?s <http://ex/p> ?o VALUES ?o {" + values + " } } ORDER BY ?o";
  }

  private static String parentheses(int depth) {
    return "(".repeat(depth) + "?o > 1" + ")".repeat(depth);
  }

  /** POSTed: a deep query is longer than a URL may be. */
  private static HttpResponse<String> query(String q) throws Exception {
    return s.post("application/sparql-query", q, "text/csv");
  }

  @Test
  void atTheLimitEveryStageRunsAndAnswers() throws Exception {
    HttpResponse<String> g = query("SELECT ?s " + groups(199));
    assertEquals(200, g.statusCode(), g.body());
    assertEquals(3, g.body().split("\r\n").length, g.body()); // head, a, b
    HttpResponse<String> f =
        s.query("SELECT ?s { ?s <http://ex/p> ?o FILTER" + parentheses(199) + " }", "text/csv");
    assertEquals(200, f.statusCode(), f.body());
    assertEquals("s\r\nhttp://ex/b\r\n", f.body());
    HttpResponse<String> u = s.update("INSERT { ?s <http://ex/q> ?o } WHERE " + groups(199));
    assertEquals(2, u.statusCode() / 100, u.body());
    assertEquals(
        "n\r\n2\r\n",
        s.query("SELECT (COUNT(*) AS ?n) { ?s <http://ex/q> ?o }", "text/csv").body());
  }

  @Test
  void pastTheLimitTheAnswerSaysWhatHowDeepAndWhere() throws Exception {
    HttpResponse<String> r = query("SELECT ?s\n" + groups(3_000));
    assertEquals(400, r.statusCode());
    assertTrue(r.body().contains("the query nests 3000 levels deep"), r.body());
    assertTrue(r.body().contains("limit of 200 (limits.query-nesting)"), r.body());
    assertTrue(r.body().contains("line 2, column 5999"), r.body()); // the deepest "{"
    HttpResponse<String> p = query("ASK { FILTER" + parentheses(20_000) + " }");
    assertEquals(400, p.statusCode());
    assertTrue(p.body().contains("nests 20001 levels deep"), p.body());
    HttpResponse<String> u = s.update("INSERT { ?s <http://ex/r> ?o } WHERE " + groups(201));
    assertEquals(400, u.statusCode());
    assertTrue(u.body().contains("the update nests 201 levels deep"), u.body());
    // Nothing changed.
    assertEquals(
        "n\r\n0\r\n",
        s.query("SELECT (COUNT(*) AS ?n) { ?s <http://ex/r> ?o }", "text/csv").body());
  }

  @Test
  void rdfBodiesNestedPastTheParsersStackAre400sAndChangeNothing() throws Exception {
    int d = 20_000;
    String[][] bodies = {
      {
        "/data?default",
        "text/turtle",
        "<http://s> <http://p> " + "[ <http://p> ".repeat(d) + "1" + " ]".repeat(d) + " ."
      },
      {"/data?default", "text/turtle", "<http://s> <http://p> " + "( ".repeat(d) + " )".repeat(d)},
      {
        "/data",
        "application/ld+json",
        "{\"@id\":\"http://s\",\"http://p\":"
            + "{\"http://p\":".repeat(d)
            + "1"
            + "}".repeat(d)
            + "}"
      },
      {
        "/data?default",
        "application/n-triples",
        "<http://s> <http://p> "
            + "<<( <http://s> <http://p> ".repeat(d)
            + "1"
            + " )>>".repeat(d)
            + " .\n"
      },
      {
        "/data?default",
        "application/rdf+xml",
        "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns:e=\"http://e/\">"
            + "<rdf:Description rdf:about=\"http://s\">"
            + "<e:p><rdf:Description>".repeat(d)
            + "</rdf:Description></e:p>".repeat(d)
            + "</rdf:Description></rdf:RDF>"
      }
    };
    String count = "SELECT (COUNT(*) AS ?n) { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }";
    String before = s.query(count, "text/csv").body();
    for (String[] b : bodies) {
      HttpResponse<String> r = s.send("POST", b[0], b[2], "Content-Type", b[1]);
      assertEquals(400, r.statusCode(), b[1] + ": " + r.body());
      assertTrue(r.body().matches("(?s).*(too deeply|depth of).*"), b[1] + ": " + r.body());
    }
    assertEquals(before, s.query(count, "text/csv").body());
  }

  @Test
  void aQueryLongerThanItsTermLimitIsRefusedAnUpdateIsNot() throws Exception {
    HttpResponse<String> r = query(valuesQuery(100_000)); // 100,000 values and 14 other terms
    assertEquals(400, r.statusCode());
    assertTrue(r.body().contains("the query has 100014 terms"), r.body());
    assertTrue(r.body().contains("past the limit of 100000 (limits.query-terms)"), r.body());
    HttpResponse<String> ok = query(valuesQuery(99_900));
    assertEquals(200, ok.statusCode(), ok.body());
    assertEquals("o\r\n1\r\n2\r\n", ok.body());
    // An update carries data: INSERT DATA of 40,000 triples (120,000 terms) is taken.
    StringBuilder data = new StringBuilder("INSERT DATA {");
    for (int i = 0; i < 40_000; i++) {
      data.append(" <http://ex/v> <http://ex/n> ").append(i).append(" .");
    }
    assertEquals(2, s.update(data.append(" }").toString()).statusCode() / 100);
    assertEquals(
        "n\r\n40000\r\n",
        s.query("SELECT (COUNT(*) AS ?n) { <http://ex/v> <http://ex/n> ?o }", "text/csv").body());
  }

  @Test
  void bracketsInStringsIrisAndCommentsAreNotNesting() throws Exception {
    String deepText = "{".repeat(500);
    HttpResponse<String> r =
        s.query(
            "# "
                + "(".repeat(500)
                + "\nSELECT ?s { ?s <http://ex/p> ?o FILTER(STR(?s) != \""
                + deepText
                + "\") }",
            "text/csv");
    assertEquals(200, r.statusCode(), r.body());
    assertEquals(3, r.body().split("\r\n").length, r.body());
  }
}
