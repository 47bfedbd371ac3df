package dev.quarry.core.query;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.Test;

/** How paths run: on ids, a frontier per lookup, and reachability stopping at its target. */
class PathPlanTest {
  private static final Pattern LOOKUPS = Pattern.compile("\\[(\\d+) index lookups]");

  /** A chain n0 -> n1 -> ... -> n499 and a tree of 64 leaves under one root. */
  private static List<Quad> data() {
    List<Quad> quads = new ArrayList<>();
    for (int i = 0; i + 1 < 500; i++) {
      quads.add(quad("n" + i, "next", "n" + (i + 1)));
    }
    for (int i = 0; i < 64; i++) {
      quads.add(quad("leaf" + i, "sub", "mid" + (i % 8)));
    }
    for (int i = 0; i < 8; i++) {
      quads.add(quad("mid" + i, "sub", "root"));
    }
    return quads;
  }

  private static Quad quad(String s, String p, String o) {
    return Quad.create(
        Quad.defaultGraphIRI,
        NodeFactory.createURI("http://ex/" + s),
        NodeFactory.createURI("http://ex/" + p),
        NodeFactory.createURI("http://ex/" + o));
  }

  private static long lookups(String explain) {
    Matcher m = LOOKUPS.matcher(explain);
    assertTrue(m.find(), explain);
    return Long.parseLong(m.group(1));
  }

  @Test
  void reachabilityStopsAtItsTarget() {
    try (TwinStores twins = new TwinStores(data())) {
      String near = "SELECT * { <http://ex/n0> <http://ex/next>+ <http://ex/n2> }";
      String far = "SELECT * { <http://ex/n0> <http://ex/next>+ <http://ex/n400> }";
      long nearLookups = lookups(twins.explainAnswered(near));
      long farLookups = lookups(twins.explainAnswered(far));
      assertTrue(nearLookups <= 2, "two steps, two lookups: " + nearLookups);
      assertTrue(farLookups >= 400, "one lookup per step: " + farLookups);
    }
  }

  @Test
  void aHierarchyIsWalkedOneLevelPerLookupFromEveryStart() {
    try (TwinStores twins = new TwinStores(data())) {
      // 72 starts, each with its own closure, answered by ARQ's rules; the levels are shared.
      String plan = twins.explainAnswered("SELECT * { ?x <http://ex/sub>+ ?y }");
      assertTrue(lookups(plan) <= 4, "a scan of the starts, then a lookup per level: " + plan);
      assertTrue(plan.contains("Every operator ran on Quarry's id executor"), plan);
    }
  }
}
