package dev.quarry.core.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;

/** Terms weigh what they take: short ones one unit, long texts by their length; caches bounded. */
class TermWeightsTest {
  @Test
  void shortTermsWeighOneUnitAndLongTextsTheirSize() {
    assertEquals(1, TermWeights.of(NodeFactory.createURI("http://ex/product/Product12345")));
    assertEquals(1, TermWeights.of(NodeFactory.createLiteralLang("a label", "en")));
    assertEquals(1, TermWeights.of(NodeFactory.createBlankNode()));
    Node review = NodeFactory.createLiteralString("w".repeat(2048));
    assertEquals(9, TermWeights.of(review));
    Node huge = NodeFactory.createLiteralString("w".repeat(1 << 20));
    assertTrue(TermWeights.of(huge) > 4000, "a megabyte weighs thousands of short terms");
  }

  @Test
  void aCacheIsBoundedByItsEntriesAndByItsShareOfTheHeap() {
    assertEquals(1_000_000, TermWeights.bound(1_000_000, 4L << 30)); // 4 GB: the entries bind
    assertEquals((64L << 20) / TermWeights.UNIT, TermWeights.bound(1_000_000, 64L << 20));
    assertEquals(16, TermWeights.bound(16, 1L << 30));
    assertEquals(0, TermWeights.bound(0, 1L << 30));
  }
}
