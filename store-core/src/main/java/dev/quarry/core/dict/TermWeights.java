package dev.quarry.core.dict;

import com.github.benmanes.caffeine.cache.Cache;
import dev.quarry.core.config.Caches;
import java.util.function.BiFunction;
import org.apache.jena.graph.Node;

/**
 * What a decoded term weighs in the dictionary's caches, so that they are bounded in memory and not
 * only in entries: a cache of a million terms holds about 200 MB of labels and IRIs, but BSBM's
 * review texts run to kilobytes each, and at 100M triples a 512 MB heap filled with them and the
 * server died (out of heap after two minutes of 16 clients). A term weighs one unit per {@link
 * #UNIT} bytes it takes, with its cache entry: a label or IRI 1, a 2 KB text 9. Each cache holds up
 * to {@code store.term-cache} units, and at most its share of the heap.
 */
final class TermWeights {
  /** Bytes per unit: about what an entry of a short term takes (entry, key, node, string). */
  static final int UNIT = 256;

  private static final int FIXED = 200; // the entry, its id, the node and string objects

  private TermWeights() {}

  /** The weight of term {@code n} in units. */
  static int of(Node n) {
    int chars;
    if (n.isLiteral()) {
      chars = n.getLiteralLexicalForm().length() + n.getLiteralLanguage().length();
    } else if (n.isURI()) {
      chars = n.getURI().length();
    } else {
      chars = 32; // a blank node's label; a triple term holds its parts' nodes, cached on their own
    }
    return Math.max(1, (FIXED + chars + UNIT / 2) / UNIT);
  }

  /** The bound of a cache: {@code entries} units, and no more than {@code bytes} of heap. */
  static long bound(long entries, long bytes) {
    return Math.max(0, Math.min(entries, bytes / UNIT));
  }

  /**
   * A cache of decoded terms ({@code term} finds an entry's term): up to {@code entries} units and
   * a sixth of the heap. The two directions share most decoded terms, so both together take less
   * than a third; a sixth and an eighth ran BSBM 100M capped (512 MB heap, 16 clients, 240 s)
   * without running short.
   */
  static <K, V> Cache<K, V> cache(long entries, BiFunction<K, V, Node> term) {
    return Caches.builder()
        .maximumWeight(bound(entries, Runtime.getRuntime().maxMemory() / 6))
        .<K, V>weigher((k, v) -> of(term.apply(k, v)))
        .build();
  }

  /** The triple-term parts cache: small fixed entries, within a sixteenth of the heap. */
  static Cache<Long, long[]> partsCache(long entries) {
    return Caches.builder()
        .maximumSize(bound(entries, Runtime.getRuntime().maxMemory() / 16))
        .build();
  }
}
