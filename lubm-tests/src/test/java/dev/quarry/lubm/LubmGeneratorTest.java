package dev.quarry.lubm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.io.Loader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LubmGeneratorTest {
  @TempDir Path dir;

  private static String sha256(String s) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes()));
  }

  @Test
  void theSameSeedGivesTheSameDataAndAnotherSeedOtherData() throws Exception {
    StringWriter a = new StringWriter();
    StringWriter b = new StringWriter();
    StringWriter c = new StringWriter();
    LubmGenerator.generate(1, 7, a, false);
    LubmGenerator.generate(1, 7, b, false);
    LubmGenerator.generate(1, 8, c, false);
    assertEquals(sha256(a.toString()), sha256(b.toString()));
    assertNotEquals(sha256(a.toString()), sha256(c.toString()));
  }

  @Test
  void lubm1IsValidRdfOfTheSameOrderAsUniversity0() throws Exception {
    Path file = dir.resolve("lubm1.nt.gz");
    long lines = LubmGenerator.generate(1, 0, file, false);
    assertTrue(lines > 60_000 && lines < 160_000, "LUBM(1) triples: " + lines);
    try (Store store = Quarry.openMemory()) {
      Loader.Result r = Loader.loadFiles(store, List.of(file), null, Loader.Progress.NONE);
      assertEquals(lines, r.statements());
      assertTrue(store.stats().quads() > lines * 9 / 10, "few duplicate lines");
    }
  }

  /** The variables to compare for query q (the reference answers' columns). */
  private static List<String> vars(int q) {
    return switch (q) {
      case 2, 8, 9 -> List.of("x", "y", "z");
      case 4 -> List.of("x", "y1", "y2", "y3");
      case 7, 12 -> List.of("x", "y");
      default -> List.of("x");
    };
  }

  @Test
  void onLubm2TheThreeFormsGiveTheSameAnswers() throws Exception {
    Path file = dir.resolve("lubm2.nt");
    LubmGenerator.generate(2, 0, file, false);
    try (Store store = Quarry.openMemory()) {
      Loader.loadFiles(
          store,
          List.of(file),
          NodeFactory.createURI(LubmQueries.LUBM_GRAPH),
          Loader.Progress.NONE);
      LubmData.loadSchema(store);
      EmbeddedTarget t = new EmbeddedTarget(store);
      t.update(LubmQueries.CLOSURE_STEP);
      List<Set<List<String>>> open = new ArrayList<>();
      for (int q = 1; q <= 14; q++) {
        open.add(
            new HashSet<>(t.select(LubmQueries.query(q, LubmQueries.Form.OPEN_CODED), vars(q))));
        Set<List<String>> inferred =
            new HashSet<>(
                t.select(
                    LubmQueries.query(q, LubmQueries.Form.INFERENCE),
                    vars(q),
                    LubmQueries.INF_GRAPH));
        assertEquals(open.get(q - 1), inferred, "Q" + q + " with inference");
      }
      LubmQueries.entailmentInserts().forEach(t::update);
      int nonEmpty = 0;
      for (int q = 1; q <= 14; q++) {
        Set<List<String>> physical =
            new HashSet<>(t.select(LubmQueries.query(q, LubmQueries.Form.PHYSICAL), vars(q)));
        assertEquals(open.get(q - 1), physical, "Q" + q);
        nonEmpty += physical.isEmpty() ? 0 : 1;
      }
      assertTrue(nonEmpty >= 12, "most queries have answers on generated data: " + nonEmpty);
    }
    assertTrue(Files.size(file) > 0);
  }
}
