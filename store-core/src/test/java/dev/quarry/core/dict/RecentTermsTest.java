package dev.quarry.core.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.HashMap;
import java.util.Map;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;

class RecentTermsTest {
  @Test
  void aSlotGivesOnlyItsOwnIdsTerm() {
    RecentTerms recent = new RecentTerms(64);
    assertEquals(64, recent.slots());
    Map<Long, Node> last = new HashMap<>();
    // Far more ids than slots: each answer is that id's term or nothing, never another id's.
    for (long id = 8; id < 8 + 10_000 * 24; id += 24) {
      Node n = NodeFactory.createURI("http://example.org/t" + id);
      recent.put(id, n);
      last.put(id, n);
    }
    int held = 0;
    for (Map.Entry<Long, Node> e : last.entrySet()) {
      Node got = recent.get(e.getKey());
      if (got != null) {
        assertSame(e.getValue(), got);
        held++;
      }
    }
    assertEquals(true, held > 32 && held <= 64, "slots in use: " + held);
    assertNull(recent.get(7)); // never put
  }

  @Test
  void aTermsSlotGivesOnlyItsOwnId() {
    RecentTerms recent = new RecentTerms(64);
    Map<Node, Long> last = new HashMap<>();
    for (long id = 1; id <= 5_000; id++) {
      Node n = NodeFactory.createLiteralString("term " + id);
      recent.putId(n, id * 8);
      last.put(n, id * 8);
    }
    int held = 0;
    for (Map.Entry<Node, Long> e : last.entrySet()) {
      // An equal node made anew finds the slot: by value, not by identity.
      long got = recent.id(NodeFactory.createLiteralString(e.getKey().getLiteralLexicalForm()));
      if (got != NodeIds.NONE) {
        assertEquals(e.getValue(), got);
        held++;
      }
    }
    assertEquals(true, held > 32 && held <= 64, "slots in use: " + held);
    assertEquals(NodeIds.NONE, recent.id(NodeFactory.createURI("http://example.org/never")));
  }

  @Test
  void aSmallOrZeroCacheHasNoSlots() {
    RecentTerms none = new RecentTerms(0);
    none.put(5, NodeFactory.createURI("http://example.org/x"));
    assertNull(none.get(5));
    none.putId(NodeFactory.createURI("http://example.org/x"), 5);
    assertEquals(NodeIds.NONE, none.id(NodeFactory.createURI("http://example.org/x")));
    assertEquals(0, new RecentTerms(15).slots());
    assertEquals(RecentTerms.MAX_SLOTS, new RecentTerms(10_000_000).slots());
    assertEquals(1024, new RecentTerms(1500).slots());
  }

  /** Long texts are not held in slots, which no bound counts; short terms are. */
  @Test
  void longTextsAreNotHeld() {
    RecentTerms recent = new RecentTerms(64);
    Node text = NodeFactory.createLiteralString("w".repeat(2048));
    Node label = NodeFactory.createLiteralString("a label");
    recent.put(8, text);
    recent.putId(text, 8);
    recent.put(32, label);
    recent.putId(label, 32);
    assertNull(recent.get(8));
    assertEquals(NodeIds.NONE, recent.id(text));
    assertSame(label, recent.get(32));
    assertEquals(32, recent.id(label));
  }
}
