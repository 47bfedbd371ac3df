package dev.quarry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.server.cli.QuarryMain;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.jena.graph.Node;
import org.apache.jena.query.ResultSet;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.util.IsoMatcher;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * RDF 1.2 through every door: a dataset with nested triple terms, reifiers, annotations and
 * literals with a base direction is loaded from each text format by {@code quarry load}, dumped by
 * {@code quarry dump}, backed up and restored (physical and logical backups), and served as SPARQL
 * results in JSON, XML and TSV: it comes back isomorphic (blank nodes inside triple terms included)
 * every time.
 */
@Timeout(180)
class Rdf12RoundTripTest {
  /** The dataset, as TriG 1.2 writes it. */
  private static final String TRIG =
      """
      PREFIX : <http://ex/>
      PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>
      VERSION "1.2"
      :review1 :reviewFor :product1 {| :reviewer :alice ; :stars 4 |} .
      << :review2 :reviewFor :product1 ~ :claim2 >> :reviewer :bob ; :said "نعم"@ar--rtl .
      :claim3 rdf:reifies <<( :bob :says <<( :review2 :reviewFor :product1 )>> )>> .
      :note :about <<( _:someone :label "hello"@en--ltr )>> .
      _:someone :name "Someone"@en .
      :product1 :label "Boots"@en--ltr, "Bottes"@fr .
      GRAPH :g {
        :review3 :reviewFor :product2 {| :reviewer _:anon |} .
        _:anon :name "anon" .
        :claim4 rdf:reifies <<( :review3 :reviewFor :product2 )>> ; :certainty 0.5 .
      }
      """;

  @TempDir static Path dir;
  static DatasetGraph reference;

  @BeforeAll
  static void read() {
    reference = DatasetGraphFactory.createGeneral();
    RDFParser.fromString(TRIG, Lang.TRIG).parse(reference);
    assertTrue(
        reference.stream()
            .anyMatch(
                q ->
                    q.getObject().isTripleTerm()
                        && q.getObject().getTriple().getObject().isTripleTerm()),
        "the data nests a triple term");
  }

  private static int cli(String... args) {
    PrintStream old = System.out;
    try {
      System.setOut(new PrintStream(OutputStream.nullOutputStream()));
      return QuarryMain.run(args);
    } finally {
      System.setOut(old);
    }
  }

  private static String cliOut(String... args) {
    PrintStream old = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      assertEquals(0, QuarryMain.run(args));
      return out.toString(StandardCharsets.UTF_8);
    } finally {
      System.setOut(old);
    }
  }

  /** The store's content as {@code quarry dump} writes it in {@code format}, read back. */
  private static DatasetGraph dumped(Path store, String format, Lang lang) {
    DatasetGraph out = DatasetGraphFactory.createGeneral();
    RDFParser.fromString(cliOut("dump", "--location", store.toString(), "--format", format), lang)
        .parse(out);
    return out;
  }

  private static void assertIsomorphic(DatasetGraph expected, DatasetGraph actual, String what) {
    assertTrue(
        IsoMatcher.isomorphic(expected, actual),
        () -> what + " differs; expected\n" + trig(expected) + "actual\n" + trig(actual));
  }

  private static String trig(DatasetGraph d) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    RDFDataMgr.write(out, d, Lang.TRIG);
    return out.toString(StandardCharsets.UTF_8);
  }

  private static DatasetGraph defaultGraphOnly(DatasetGraph d) {
    DatasetGraph out = DatasetGraphFactory.createGeneral();
    d.getDefaultGraph().find().forEach(t -> out.getDefaultGraph().add(t));
    return out;
  }

  /** Loaded from a file of each format, dumped in the same format: the same statements. */
  @ParameterizedTest
  @ValueSource(strings = {"nt", "nq", "ttl", "trig"})
  void eachFormatLoadsAndDumpsBackTheSame(String ext) throws Exception {
    Lang lang = langOf(ext);
    boolean quads = ext.equals("nq") || ext.equals("trig");
    DatasetGraph expected = quads ? reference : defaultGraphOnly(reference);
    Path file = dir.resolve("data-" + ext + "." + ext);
    try (OutputStream out = Files.newOutputStream(file)) {
      if (quads) {
        RDFDataMgr.write(out, expected, lang);
      } else {
        RDFDataMgr.write(out, expected.getDefaultGraph(), lang);
      }
    }
    Path store = dir.resolve("store-" + ext);
    assertEquals(0, cli("load", "--location", store.toString(), file.toString()));
    String format =
        switch (ext) {
          case "nt" -> "ntriples";
          case "nq" -> "nquads";
          case "ttl" -> "turtle";
          default -> "trig";
        };
    assertIsomorphic(expected, dumped(store, format, lang), "the " + ext + " dump");
  }

  private static Lang langOf(String ext) {
    return switch (ext) {
      case "nt" -> Lang.NTRIPLES;
      case "nq" -> Lang.NQUADS;
      case "ttl" -> Lang.TURTLE;
      default -> Lang.TRIG;
    };
  }

  /** Both kinds of backup restore the same statements. */
  @ParameterizedTest
  @ValueSource(strings = {"qbk", "nq.gz"})
  void backupsRestoreTheSame(String kind) throws Exception {
    Path store = loaded("backup-" + kind.replace('.', '-'));
    Path file = dir.resolve("backup." + kind);
    assertEquals(0, cli("backup", "--location", store.toString(), "--to", file.toString()));
    Path restored = dir.resolve("restored-" + kind.replace('.', '-'));
    assertEquals(0, cli("restore", "--from", file.toString(), "--location", restored.toString()));
    assertIsomorphic(reference, dumped(restored, "nquads", Lang.NQUADS), "the restored " + kind);
  }

  /** Every quad as SPARQL results in JSON, XML and TSV, read back into a dataset. */
  @Test
  void resultsInEveryFormatCarryTheTerms() throws Exception {
    Path store = loaded("served");
    try (TestServer s = new TestServer(Quarry.open(store))) {
      String q = "SELECT ?g ?s ?p ?o { { ?s ?p ?o } UNION { GRAPH ?g { ?s ?p ?o } } }";
      for (var format :
          new Object[][] {
            {"application/sparql-results+json", ResultSetLang.RS_JSON},
            {"application/sparql-results+xml", ResultSetLang.RS_XML},
            {"text/tab-separated-values", ResultSetLang.RS_TSV}
          }) {
        HttpResponse<String> r = s.query(q, (String) format[0]);
        assertEquals(200, r.statusCode(), r.body());
        ResultSet rows =
            ResultSetMgr.read(
                new ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8)),
                (Lang) format[1]);
        DatasetGraph got = DatasetGraphFactory.createGeneral();
        while (rows.hasNext()) {
          Binding b = rows.nextBinding();
          Node g = b.get("g");
          got.add(g == null ? Quad.defaultGraphIRI : g, b.get("s"), b.get("p"), b.get("o"));
        }
        assertIsomorphic(reference, got, "the results as " + format[0]);
      }
      // A triple term's pattern on ids, over HTTP: whose review of product1 said what.
      HttpResponse<String> r =
          s.query(
              "PREFIX : <http://ex/> SELECT ?who ?said { << ?review :reviewFor :product1 >>"
                  + " :reviewer ?who ; :said ?said }",
              "text/tab-separated-values");
      assertEquals(200, r.statusCode(), r.body());
      assertTrue(r.body().contains("<http://ex/bob>\t\"نعم\"@ar--rtl"), r.body());
    }
  }

  /**
   * The Graph Store Protocol: TriG posted to the dataset, read back as N-Quads and TriG; Turtle PUT
   * to a graph, read back as Turtle. RDF/XML, which Rio writes, refuses what it cannot hold.
   */
  @Test
  void theGraphStoreProtocolTakesAndGivesRdf12() throws Exception {
    try (TestServer s = new TestServer(Quarry.open(dir.resolve("gsp")), "update.enabled=true")) {
      HttpResponse<String> post = s.send("POST", "/data", TRIG, "Content-Type", "application/trig");
      assertEquals(2, post.statusCode() / 100, post.body());
      for (var format :
          new Object[][] {{"application/n-quads", Lang.NQUADS}, {"application/trig", Lang.TRIG}}) {
        HttpResponse<String> get = s.send("GET", "/data", null, "Accept", (String) format[0]);
        assertEquals(200, get.statusCode(), get.body());
        DatasetGraph got = DatasetGraphFactory.createGeneral();
        RDFParser.fromString(get.body(), (Lang) format[1]).parse(got);
        assertIsomorphic(reference, got, "GET /data as " + format[0]);
      }
      ByteArrayOutputStream ttl = new ByteArrayOutputStream();
      RDFDataMgr.write(ttl, reference.getDefaultGraph(), Lang.TURTLE);
      String turtle = ttl.toString(StandardCharsets.UTF_8);
      HttpResponse<String> put =
          s.send("PUT", "/data?graph=http://ex/copy", turtle, "Content-Type", "text/turtle");
      assertEquals(2, put.statusCode() / 100, put.body());
      HttpResponse<String> get =
          s.send("GET", "/data?graph=http://ex/copy", null, "Accept", "text/turtle");
      DatasetGraph got = DatasetGraphFactory.createGeneral();
      RDFParser.fromString(get.body(), Lang.TURTLE).parse(got);
      assertIsomorphic(defaultGraphOnly(reference), got, "the graph PUT as Turtle");
    }
    Path store = loaded("rdfxml");
    PrintStream oldErr = System.err;
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      assertTrue(cli("dump", "--location", store.toString(), "--format", "rdfxml") != 0);
    } finally {
      System.setErr(oldErr);
    }
    assertTrue(
        err.toString(StandardCharsets.UTF_8).contains("cannot hold RDF 1.2"),
        err.toString(StandardCharsets.UTF_8));
  }

  /** A store loaded with the dataset from TriG. */
  private static Path loaded(String name) throws Exception {
    Path file = dir.resolve(name + ".trig");
    Files.writeString(file, TRIG);
    Path store = dir.resolve(name);
    assertEquals(0, cli("load", "--location", store.toString(), file.toString()));
    return store;
  }
}
