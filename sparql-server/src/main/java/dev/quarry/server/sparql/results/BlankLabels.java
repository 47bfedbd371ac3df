package dev.quarry.server.sparql.results;

import java.util.HashMap;
import java.util.Map;
import org.apache.jena.graph.Node;

/**
 * Blank node labels for one result: short, stable within it, and valid in every format (the store's
 * own labels need not be).
 */
final class BlankLabels {
  private final Map<String, String> labels = new HashMap<>();

  String of(Node blank) {
    return labels.computeIfAbsent(blank.getBlankNodeLabel(), k -> "b" + labels.size());
  }
}
