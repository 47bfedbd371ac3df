package dev.quarry.core.query.exec;

import java.util.Arrays;
import java.util.Comparator;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.engine.binding.BindingComparator;
import org.apache.jena.sparql.expr.NodeValue;

/**
 * Ids ranked by their terms' ORDER BY order, ascending (unbound, id 0, first): equal values rank
 * equal, so a sort compares plain numbers. Each distinct id is decoded and valued once. Simple
 * strings (most labels) compare by String.compareTo, as ARQ compares them (TermRanksTest holds ARQ
 * to it), without a NodeValue each, which was most of a sort of 343,235 BSBM labels; other terms by
 * ARQ's comparison. Used by {@link Order}'s sort of a buffer and by {@link ValueOrder}.
 */
final class TermRanks {
  /** Decodes {@code n} distinct ids, in ascending id order, into {@code out} (id 0: null). */
  @FunctionalInterface
  interface Decoder {
    void decode(long[] ids, int n, Node[] out);
  }

  private TermRanks() {}

  /**
   * The rank of each of {@code ids[0..n)}; {@code cancel} runs every 1,024 comparisons (a query's
   * deadline).
   */
  static int[] of(long[] ids, int n, Decoder decoder, Runnable cancel) {
    long[] distinct = Arrays.copyOf(ids, n);
    Arrays.sort(distinct);
    int m = 0;
    for (int i = 0; i < n; i++) {
      if (m == 0 || distinct[m - 1] != distinct[i]) {
        distinct[m++] = distinct[i];
      }
    }
    Node[] nodes = new Node[m];
    decoder.decode(distinct, m, nodes);
    String[] plain = new String[m];
    NodeValue[] value = new NodeValue[m];
    boolean allPlain = true;
    for (int i = 0; i < m; i++) {
      plain[i] = nodes[i] == null ? null : simpleString(nodes[i]);
      allPlain &= plain[i] != null;
    }
    long[] compared = {0};
    Comparator<Integer> order =
        (x, y) -> {
          if ((++compared[0] & 1023) == 0) {
            cancel.run();
          }
          return plain[x] != null && plain[y] != null
              ? plain[x].compareTo(plain[y])
              : BindingComparator.compareNodesRaw(
                  valueOf(x, nodes, value), valueOf(y, nodes, value));
        };
    Integer[] byOrder = allPlain ? byPrefixes(plain, order) : null;
    if (byOrder == null) {
      byOrder = new Integer[m];
      for (int i = 0; i < m; i++) {
        byOrder[i] = i;
      }
      Arrays.sort(byOrder, order);
    }
    int[] rankOf = new int[m];
    int r = 0;
    for (int i = 0; i < m; i++) {
      if (i > 0 && order.compare(byOrder[i - 1], byOrder[i]) != 0) {
        r++;
      }
      rankOf[byOrder[i]] = r;
    }
    int[] rank = new int[n];
    for (int i = 0; i < n; i++) {
      rank[i] = rankOf[Arrays.binarySearch(distinct, 0, m, ids[i])];
    }
    return rank;
  }

  /** Bits of a string's first chars a sort key holds, above the string's index (PREFIX_SHIFT). */
  private static final int PREFIX_SHIFT = 21;

  /**
   * Strings {@code 0..m-1} in String.compareTo order, or null if too many for its keys: sorted as
   * longs first, each its first 43 bits of UTF-16 (unsigned, as compareTo compares chars) above its
   * index, then each run of equal prefixes by {@code order}. Comparing Integer indices of strings
   * strewn over the heap cost four cache misses each: 2 of the 2.3 s that putting BSBM 100M's
   * 343,235 labels in order took.
   */
  private static Integer[] byPrefixes(String[] strings, Comparator<Integer> order) {
    int m = strings.length;
    if (m >= 1 << PREFIX_SHIFT) {
      return null;
    }
    long[] keys = new long[m];
    for (int i = 0; i < m; i++) {
      String t = strings[i];
      long prefix = 0;
      for (int c = 0; c < 3; c++) {
        prefix = prefix << 16 | (c < t.length() ? t.charAt(c) : 0);
      }
      // 48 bits of three chars, the top 43 kept; the sign flipped so signed order is unsigned.
      keys[i] = ((prefix << 16) & ~((1L << PREFIX_SHIFT) - 1) | i) ^ Long.MIN_VALUE;
    }
    Arrays.sort(keys);
    Integer[] byOrder = new Integer[m];
    long mask = ~((1L << PREFIX_SHIFT) - 1);
    for (int from = 0, to; from < m; from = to) {
      to = from + 1;
      while (to < m && (keys[to] & mask) == (keys[from] & mask)) {
        to++;
      }
      for (int j = from; j < to; j++) {
        byOrder[j] = (int) (keys[j] & ((1L << PREFIX_SHIFT) - 1));
      }
      if (to - from > 1) { // equal prefixes (a shorter string's padding too): by the whole
        Arrays.sort(byOrder, from, to, order);
      }
    }
    return byOrder;
  }

  /** The lexical form of a literal of type xsd:string without a language; null for any other. */
  static String simpleString(Node n) {
    return n.isLiteral()
            && n.getLiteralLanguage().isEmpty()
            && XSDDatatype.XSDstring.getURI().equals(n.getLiteralDatatypeURI())
        ? n.getLiteralLexicalForm()
        : null;
  }

  /** The value of term {@code i}, made once; null for an unbound one (sorted first). */
  private static NodeValue valueOf(int i, Node[] nodes, NodeValue[] values) {
    if (values[i] == null && nodes[i] != null) {
      values[i] = NodeValue.makeNode(nodes[i]);
    }
    return values[i];
  }
}
