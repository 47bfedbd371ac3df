package dev.quarry.core.query;

import static dev.quarry.core.query.TwinStores.iri;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With the term reads of a store on disk hinted ahead (quarry.terms.will-need=always: what a store
 * whose term file is not in the OS cache does), results and sort keys decode as without: each
 * batch's terms are hinted, then read; the answers stay ARQ's.
 */
class TermReadHintsTest {
  @TempDir static Path dir;
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    System.setProperty("quarry.terms.will-need", "always");
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      quads.add(
          Quad.create(
              Quad.defaultGraphIRI,
              iri("s" + i),
              iri("label"),
              NodeFactory.createLiteralString(
                  "a label long enough to cross pages " + i * 7 % 3000)));
      quads.add(Quad.create(Quad.defaultGraphIRI, iri("s" + i), iri("next"), iri("s" + (i + 1))));
    }
    twins = new TwinStores(quads, TwinStores.onDisk(dir.resolve("store"), 16));
  }

  @AfterAll
  static void close() {
    System.clearProperty("quarry.terms.will-need");
    twins.close();
  }

  @Test
  void hintedTermsDecodeAsWithout() {
    String all = "PREFIX ex: <http://ex/> SELECT ?s ?l ?n { ?s ex:label ?l . ?s ex:next ?n }";
    assertEquals(3000, twins.sameAnswers(all).values().stream().mapToInt(i -> i).sum());
    String sorted =
        "PREFIX ex: <http://ex/> SELECT ?s ?l { ?s ex:label ?l } ORDER BY DESC(?l) ?s LIMIT 50";
    assertEquals(twins.oracleColumn(sorted, "l"), twins.quarryColumn(sorted, "l"));
    assertTrue(twins.explain(sorted).contains("50 rows"), "the query ran on Quarry's executor");
  }
}
