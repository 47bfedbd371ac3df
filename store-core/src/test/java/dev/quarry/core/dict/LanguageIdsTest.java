package dev.quarry.core.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;

/**
 * The language numbers in term ids: every language of the table is spelled as Jena spells a tag
 * (else no literal could carry its number), and an id's language and offset do not mix.
 */
class LanguageIdsTest {
  @Test
  void theTableIsInJenasSpelling() {
    assertTrue(LanguageIds.count() < LanguageIds.OTHER);
    for (int k = 1; k <= LanguageIds.count(); k++) {
      String tag = LanguageIds.tag(k);
      assertEquals(tag, NodeFactory.createLiteralLang("x", tag).getLiteralLanguage(), "#" + k);
      assertEquals(k, LanguageIds.numberOf(NodeFactory.createLiteralLang("x", tag)));
    }
    assertEquals(0, LanguageIds.numberOf(NodeFactory.createLiteralString("x")));
    assertEquals(0, LanguageIds.numberOf(NodeFactory.createURI("http://ex/en")));
    assertEquals(
        LanguageIds.OTHER, LanguageIds.numberOf(NodeFactory.createLiteralLang("x", "x-klingon")));
    // Jena's case for a tag given in another: the table's number.
    assertEquals(
        LanguageIds.numberOf(NodeFactory.createLiteralLang("x", "en-GB")),
        LanguageIds.numberOf(NodeFactory.createLiteralLang("x", "EN-gb")));
  }

  @Test
  void offsetsAndLanguagesShareAnIdWithoutMixing() {
    Node de = NodeFactory.createLiteralLang("Hallo", "de");
    long offset = LanguageIds.OFFSET_MASK - 2; // the largest offset an id holds
    long id = NodeIds.ofTerm(offset, de);
    assertTrue(NodeIds.isTerm(id));
    assertEquals(offset, NodeIds.termOffset(id));
    assertEquals(LanguageIds.numberOf(de), LanguageIds.number(id));
    assertEquals(0, LanguageIds.number(NodeIds.ofTermOffset(offset)));
  }
}
