package dev.quarry.accumulo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.dict.NodeIds;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * SipHash-2-4 against the reference vectors of its authors (key 00..0f), and the fingerprint table
 * an import keeps its terms in.
 */
class SipHashTest {
  private static final long K0 = 0x0706050403020100L;
  private static final long K1 = 0x0f0e0d0c0b0a0908L;

  private static byte[] counting(int n) {
    byte[] m = new byte[n];
    for (int i = 0; i < n; i++) {
      m[i] = (byte) i;
    }
    return m;
  }

  @Test
  void theReferenceVectors() {
    assertEquals(0x726fdb47dd0e0e31L, SipHash.hash64(K0, K1, counting(0)));
    assertEquals(0xa129ca6149be45e5L, SipHash.hash64(K0, K1, counting(15)), "the paper's example");
    assertArrayEquals(
        new long[] {0xe6a825ba047f81a3L, 0x930255c71472f66dL},
        SipHash.hash128(K0, K1, counting(0)));
  }

  @Test
  void theTableGivesBackEachTermsIdAndSaysWhenItIsFull() {
    TermPrints prints = new TermPrints(24 * 2048);
    Set<Long> ids = new HashSet<>();
    int stored = 0;
    for (int i = 0; i < 5_000; i++) {
      byte[] term = ("http://ex/term/" + i).getBytes(StandardCharsets.UTF_8);
      long id = NodeIds.make(NodeIds.TAG_TERM, i + 1);
      if (prints.put(term, id)) {
        stored++;
        ids.add(id);
      } else {
        break;
      }
    }
    assertEquals((int) (2048 * 0.7), stored, "full at 70% of its slots");
    for (int i = 0; i < stored; i++) {
      byte[] term = ("http://ex/term/" + i).getBytes(StandardCharsets.UTF_8);
      assertEquals(NodeIds.make(NodeIds.TAG_TERM, i + 1), prints.get(term));
    }
    assertEquals(NodeIds.NONE, prints.get("http://ex/other".getBytes(StandardCharsets.UTF_8)));
    assertFalse(prints.put("http://ex/more".getBytes(StandardCharsets.UTF_8), 99));
    prints.clear();
    assertEquals(0, prints.size());
    assertTrue(prints.put("http://ex/more".getBytes(StandardCharsets.UTF_8), 99));
  }
}
