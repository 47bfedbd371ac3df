package dev.quarry.bsbm.gen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.jena.graph.Graph;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.sparql.graph.GraphFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneratorTest {
  private static byte[] generate(int products) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BsbmGenerator.generate(products, out, null);
    return out.toByteArray();
  }

  @Test
  void theSameProductCountGivesTheSameBytes() throws Exception {
    assertArrayEquals(generate(100), generate(100));
  }

  @Test
  void tripleCountsPerScaleMatchBsbmtools() throws Exception {
    // SPEC §3.4: 100 and 1,000 products were checked against the original tool.
    assertEquals(
        40_177, BsbmGenerator.generate(100, OutputStream.nullOutputStream(), null).triples());
    assertEquals(
        371_911, BsbmGenerator.generate(1000, OutputStream.nullOutputStream(), null).triples());
  }

  @Test
  void outputIsValidNTriplesWithoutDuplicates() throws Exception {
    byte[] data = generate(100);
    Graph g = GraphFactory.createDefaultGraph();
    RDFParser.source(new ByteArrayInputStream(data)).lang(Lang.NTRIPLES).parse(g);
    assertEquals(40_177, g.size(), "every line is a distinct triple");
    String text = new String(data, StandardCharsets.US_ASCII);
    assertTrue(text.contains("<http://www.w3.org/2000/01/rdf-schema#label> \"Thing\" ."));
  }

  @Test
  void theTypeTreeHasBsbmtoolsShapePerScale() {
    assertArrayEquals(new int[] {1, 3, 7}, new Hierarchy(10).levelEnds);
    assertArrayEquals(new int[] {1, 5, 21}, new Hierarchy(100).levelEnds);
    assertArrayEquals(new int[] {1, 7, 55, 151}, new Hierarchy(2785).levelEnds);
    assertArrayEquals(new int[] {1, 9, 73, 585}, new Hierarchy(28480).levelEnds);
    assertArrayEquals(new int[] {1, 11, 91, 731, 2011}, new Hierarchy(284826).levelEnds);
    assertEquals(5, new Hierarchy(9_999_999).depth, "the float arithmetic decides at a boundary");
    Hierarchy h = new Hierarchy(2785);
    assertEquals(1, h.parentOf(7));
    assertEquals(2, h.parentOf(8));
    assertEquals(7, h.parentOf(55));
    assertEquals(8, h.parentOf(56));
    assertEquals(55, h.parentOf(151));
    assertArrayEquals(new int[] {14, 30}, h.featureRange(1));
    assertArrayEquals(new int[] {21, 45}, h.featureRange(2));
    assertArrayEquals(new int[] {21, 45}, h.featureRange(3));
  }

  @Test
  void theUpdateDatasetIsTheWithheldPartOfTheFullDataset() throws Exception {
    // SPEC §8: -pc 1000 -ud -tc 50 -ppt 2 gives 357,937 + 13,974 = the 371,911-triple dataset.
    ByteArrayOutputStream main = new ByteArrayOutputStream();
    ByteArrayOutputStream update = new ByteArrayOutputStream();
    BsbmGenerator.Result r =
        BsbmGenerator.generate(1000, main, update, 50, 2, "\n#__SEP__\n", null);
    assertEquals(357_937, r.triples());
    assertEquals(13_974, r.updateTriples());
    List<String> updateLines = update.toString(StandardCharsets.US_ASCII).lines().toList();
    assertEquals(50, updateLines.stream().filter("#__SEP__"::equals).count());
    String[] all =
        (main.toString(StandardCharsets.US_ASCII) + String.join("\n", updateLines))
            .lines()
            .filter(l -> !l.isEmpty() && !l.equals("#__SEP__"))
            .sorted()
            .toArray(String[]::new);
    String[] full =
        new String(generate(1000), StandardCharsets.US_ASCII)
            .lines()
            .sorted()
            .toArray(String[]::new);
    assertTrue(Arrays.equals(full, all), "main + update = the full dataset");
    assertTrue(updateLines.getFirst().contains("/Product901> <http://www.w3.org/1999/02/22-rdf"));
  }

  @Test
  void anUpdateDatasetLargerThanTheProductsIsRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            BsbmGenerator.generate(
                10, new ByteArrayOutputStream(), new ByteArrayOutputStream(), 11, 1, "\n", null));
  }

  @Test
  void testDriverDataRoundTripsAndLocatesOwners(@TempDir Path dir) throws Exception {
    TestDriverData td =
        BsbmGenerator.generate(2785, OutputStream.nullOutputStream(), null).driverData();
    // SPEC §10, measured on the reference td_data.
    assertEquals(61, td.producerEnds().length);
    assertArrayEquals(new int[] {0, 59, 93, 138, 176, 210}, Arrays.copyOf(td.producerEnds(), 6));
    assertEquals(2785, td.producerEnds()[60]);
    assertEquals(30, td.vendorEnds().length);
    assertArrayEquals(new int[] {0, 10646, 20666, 27280, 27850}, td.siteEnds());
    assertEquals(5416, td.labelWords().size());
    assertEquals(96, td.leafCount());
    assertEquals(56, td.firstLeaf());
    int features = Arrays.stream(td.featureCount()).sum();
    assertEquals(4745, features);
    assertEquals(1, TestDriverData.owner(td.producerEnds(), 59));
    assertEquals(2, TestDriverData.owner(td.producerEnds(), 60));
    td.write(dir);
    TestDriverData back = TestDriverData.read(dir);
    assertArrayEquals(td.producerEnds(), back.producerEnds());
    assertArrayEquals(td.featureFirst(), back.featureFirst());
    assertArrayEquals(td.parents(), back.parents());
    assertEquals(td.labelWords(), back.labelWords());
    assertEquals(td.products(), back.products());
  }
}
