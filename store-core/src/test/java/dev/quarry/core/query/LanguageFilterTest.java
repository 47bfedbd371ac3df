package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filters on a literal's language ({@code langMatches(lang(?x), ...)}, {@code lang(?x) = ...}) are
 * decided from the language in the literal's id: the answers must be ARQ's, over languages of the
 * id table and others, plain strings, inline values, IRIs and blank nodes under one predicate; and
 * the literals a filter drops are never read from the term file.
 */
class LanguageFilterTest {
  private static final String PREFIX = "PREFIX ex: <http://ex/> ";
  private static final List<String> LANGUAGES =
      List.of("en", "EN", "en-us", "en-GB", "de", "de-CH-1996", "fr", "zh-hant", "x-klingon", "ja");
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    twins = new TwinStores(quads(2000));
  }

  @AfterAll
  static void close() {
    twins.close();
  }

  /**
   * Texts in many languages (table or not, any case), with other terms under the same predicate.
   */
  private static List<Quad> quads(int n) {
    Random rnd = new Random(11);
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Node s = TwinStores.iri("s" + i);
      Node o =
          switch (i % 13) {
            case 0 -> NodeFactory.createLiteralString("plain " + i);
            case 1 -> TwinStores.number(i); // inline
            case 2 -> TwinStores.iri("o" + i);
            case 3 -> NodeFactory.createBlankNode();
            case 4 -> NodeFactory.createLiteralString("s"); // short: inline
            default ->
                NodeFactory.createLiteralLang(
                    "text number " + i, LANGUAGES.get(rnd.nextInt(LANGUAGES.size())));
          };
      quads.add(Quad.create(Quad.defaultGraphIRI, s, TwinStores.iri("text"), o));
      quads.add(
          Quad.create(Quad.defaultGraphIRI, s, TwinStores.iri("group"), TwinStores.number(i % 7)));
    }
    return quads;
  }

  @Test
  void answersAreArqsForEveryForm() {
    List<String> filters =
        List.of(
            "langMatches(lang(?t), \"en\")",
            "langMatches(lang(?t), \"EN\")",
            "langMatches(lang(?t), \"en-US\")",
            "langMatches(lang(?t), \"*\")",
            "langMatches(lang(?t), \"\")",
            "langMatches(lang(?t), \"zh-Hant\")",
            "langMatches(lang(?t), \"x-klingon\")",
            "lang(?t) = \"en\"",
            "\"de\" = lang(?t)",
            "lang(?t) = \"EN\"",
            "lang(?t) = \"\"",
            "lang(?t) != \"de\"",
            "lang(?t) != \"\"");
    for (String f : filters) {
      String q = PREFIX + "SELECT ?s ?t { ?s ex:text ?t FILTER(" + f + ") }";
      twins.sameAnswers(q);
      assertTrue(twins.explain(q).contains("[on ids]"), f + ": " + twins.explain(q));
      twins.sameAnswers(
          PREFIX + "SELECT ?s ?t { ?s ex:group 3 . OPTIONAL { ?s ex:text ?t } FILTER(" + f + ") }");
      twins.sameAnswers(PREFIX + "SELECT ?s { ?s ex:text ?t FILTER(!" + f + ") }");
    }
  }

  @Test
  void droppedLiteralsAreNotRead(@TempDir Path dir) {
    List<Quad> quads = quads(3000);
    Path location = dir.resolve("store");
    try (Store s = TwinStores.onDisk(location, 16)) {
      s.dataset().executeWrite(() -> quads.forEach(s.dataset()::add));
    }
    List<String> languages =
        quads.stream()
            .map(Quad::getObject)
            .filter(Node::isLiteral)
            .map(Node::getLiteralLanguage)
            .filter(l -> !l.isEmpty())
            .toList();
    long tagged = languages.size();
    // Languages not in the ids' table: their records say which they are.
    long untabled =
        languages.stream().filter(l -> l.equals("de-CH-1996") || l.equals("x-klingon")).count();
    try (Store s = TwinStores.onDisk(location, 16)) {
      SimpleMeterRegistry meters = new SimpleMeterRegistry();
      s.bindTo(meters);
      FunctionCounter reads = meters.get("quarry.terms.file.reads").functionCounter();
      double before = reads.count();
      String q =
          PREFIX
              + "SELECT (COUNT(*) AS ?n) { ?s ex:text ?t FILTER(langMatches(lang(?t), \"de\")) }";
      String kept =
          Txn.calculateRead(
              s.dataset(),
              () ->
                  QueryExec.dataset(s.dataset())
                      .query(q)
                      .select()
                      .next()
                      .get("n")
                      .getLiteralLexicalForm());
      long read = (long) (reads.count() - before);
      assertTrue(Long.parseLong(kept) > 100, "texts in German: " + kept);
      assertTrue(
          read <= untabled + 10 && read < tagged / 4,
          read + " term file reads; " + tagged + " tagged literals, " + untabled + " untabled");
    }
  }

  @Test
  void aStoreUpgradedFromAnOlderFormatStillAnswersRight(@TempDir Path dir) throws Exception {
    Path store = dir.resolve("store");
    Quarry.open(store).close();
    // What an upgraded store's marker says: its older literals' ids may lack their language.
    Path marker = store.resolve("quarry-store.properties");
    String text = Files.readString(marker);
    assertTrue(text.contains("language-ids=all"), text);
    Files.writeString(marker, text.replace("language-ids=all", ""));
    try (TwinStores upgraded = new TwinStores(quads(500), Quarry.open(store))) {
      for (String f : List.of("langMatches(lang(?t), \"en\")", "lang(?t) != \"de\"")) {
        String q = PREFIX + "SELECT ?s ?t { ?s ex:text ?t FILTER(" + f + ") }";
        assertTrue(!upgraded.sameAnswers(q).isEmpty(), f);
      }
    }
    assertEquals(text.replace("language-ids=all", ""), Files.readString(marker));
  }
}
