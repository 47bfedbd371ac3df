package dev.quarry.core.query.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import java.util.Random;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.engine.binding.BindingComparator;
import org.apache.jena.sparql.expr.NodeValue;
import org.junit.jupiter.api.Test;

/**
 * TermRanks sorts simple strings by String.compareTo instead of making a NodeValue of each (most of
 * the time a sort of 343,235 BSBM labels took): that is only right while ARQ orders two simple
 * strings so too, surrogate pairs, the empty string and prefixes included.
 */
class TermRanksTest {
  @Test
  void arqOrdersSimpleStringsAsStringCompareToDoes() {
    Random random = new Random(51);
    String alphabet = "aAzZ09 é\u00ff\u0100\uffef\ud83d\ude00\ud801\udc00-_";
    for (int n = 0; n < 20_000; n++) {
      String a = word(random, alphabet);
      String b = random.nextInt(8) == 0 ? a + word(random, alphabet) : word(random, alphabet);
      Node x = NodeFactory.createLiteralString(a);
      Node y = NodeFactory.createLiteralString(b);
      int arq = BindingComparator.compareNodesRaw(NodeValue.makeNode(x), NodeValue.makeNode(y));
      assertEquals(
          Integer.signum(a.compareTo(b)), Integer.signum(arq), "'" + a + "' against '" + b + "'");
    }
  }

  @Test
  void simpleStringsRankAsStringCompareToOrdersThem() {
    Random random = new Random(77);
    // Short words over an alphabet whose chars differ in their high and low bits, surrogates, the
    // empty string and prefixes: ties of the sort's three-char keys, broken by the whole string.
    String alphabet = "aAbz\u0000\u0001\u07ff\u0800 é\uffef\ud83d\ude00\ud801\udc00";
    for (int round = 0; round < 20; round++) {
      int n = 1 + random.nextInt(3000);
      String[] strings = new String[n];
      for (int i = 0; i < n; i++) {
        strings[i] = i > 0 && random.nextInt(6) == 0 ? strings[i - 1] : word(random, alphabet);
      }
      long[] ids = new long[n];
      for (int i = 0; i < n; i++) {
        ids[i] = 1 + Arrays.asList(strings).indexOf(strings[i]); // equal strings, equal ids
      }
      int[] ranks =
          TermRanks.of(
              ids,
              n,
              (ask, m, out) -> {
                for (int i = 0; i < m; i++) {
                  out[i] = NodeFactory.createLiteralString(strings[(int) ask[i] - 1]);
                }
              },
              () -> {});
      String[] distinct = Arrays.stream(strings).distinct().sorted().toArray(String[]::new);
      for (int i = 0; i < n; i++) {
        assertEquals(Arrays.binarySearch(distinct, strings[i]), ranks[i], "'" + strings[i] + "'");
      }
    }
  }

  @Test
  void onlyLiteralsOfTypeStringWithoutALanguageAreSimple() {
    assertNotNull(TermRanks.simpleString(NodeFactory.createLiteralString("x")));
    assertNull(TermRanks.simpleString(NodeFactory.createLiteralLang("x", "en")));
    assertNull(TermRanks.simpleString(NodeFactory.createURI("http://ex/x")));
    assertNull(TermRanks.simpleString(NodeValue.makeInteger(1).asNode()));
  }

  private static String word(Random random, String alphabet) {
    StringBuilder sb = new StringBuilder();
    int length = random.nextInt(6);
    for (int i = 0; i < length; i++) {
      int at = random.nextInt(alphabet.length());
      char c = alphabet.charAt(at);
      if (Character.isHighSurrogate(c) && at + 1 < alphabet.length()) {
        sb.append(c).append(alphabet.charAt(at + 1));
      } else if (!Character.isLowSurrogate(c)) {
        sb.append(c);
      }
    }
    return sb.toString();
  }
}
