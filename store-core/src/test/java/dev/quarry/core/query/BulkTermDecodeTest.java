package dev.quarry.core.query;

import static dev.quarry.core.query.TwinStores.iri;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A top-k walk's labels in order are decoded in bulk, a window of the term file at a time and past
 * the term cache: short labels many to a window, labels that cross a window's end, labels longer
 * than a window, language-tagged ones and IRIs among them. The walked answers stay ARQ's.
 */
class BulkTermDecodeTest {
  @TempDir static Path dir;
  private static TwinStores twins;

  @BeforeAll
  static void load() {
    System.setProperty("quarry.exec.walk", "always"); // the labels in order are made at once
    Random rnd = new Random(17);
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i < 6000; i++) {
      int len =
          i % 500 == 0 ? 70_000 + rnd.nextInt(60_000) : 5 + rnd.nextInt(i % 7 == 0 ? 900 : 40);
      StringBuilder text = new StringBuilder();
      while (text.length() < len) {
        text.append((char) ('a' + rnd.nextInt(26)));
      }
      Node label =
          switch (i % 11) {
            case 0 -> NodeFactory.createLiteralLang(text.toString(), "en");
            case 1 -> iri("t" + text.substring(0, Math.min(20, text.length())));
            default -> NodeFactory.createLiteralString(text.toString());
          };
      quads.add(Quad.create(Quad.defaultGraphIRI, iri("s" + i), iri("label"), label));
    }
    twins = new TwinStores(quads, TwinStores.onDisk(dir.resolve("store"), 64));
  }

  @AfterAll
  static void close() {
    System.clearProperty("quarry.exec.walk");
    twins.close();
  }

  @Test
  void walkedLabelsInBulkAreArqsFirst() {
    for (String dir : new String[] {"", "DESC"}) {
      String q =
          "PREFIX ex: <http://ex/> SELECT ?s ?l { ?s ex:label ?l } ORDER BY "
              + dir
              + "(?l) LIMIT 30";
      String plan = twins.explain(q);
      assertTrue(plan.contains("walk ?l"), plan);
      assertEquals(twins.oracleColumn(q, "l"), twins.quarryColumn(q, "l"), "order " + dir);
    }
  }
}
