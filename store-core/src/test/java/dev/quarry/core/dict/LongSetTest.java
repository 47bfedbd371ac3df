package dev.quarry.core.dict;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The id set answers as a {@link HashSet} does, through growth, and sorts ids as ids compare. */
class LongSetTest {
  @Test
  void answersAsAHashSetThroughGrowth() {
    Random random = new Random(42);
    LongSet set = new LongSet();
    Set<Long> reference = new HashSet<>();
    for (int i = 0; i < 20_000; i++) {
      // few distinct values with the high (tag) bits set, so that adds repeat and ids are
      // "negative"
      long id = (random.nextInt(8_000) + 1) | (random.nextBoolean() ? Long.MIN_VALUE : 0);
      assertEquals(reference.add(id), set.add(id), "add " + id);
      long probe = random.nextInt(16_000) + 1;
      assertEquals(reference.contains(probe), set.contains(probe), "contains " + probe);
    }
    assertEquals(reference.size(), set.size());
    long[] expected =
        reference.stream().sorted(Long::compareUnsigned).mapToLong(Long::longValue).toArray();
    assertArrayEquals(expected, set.sorted(), "ascending as unsigned ids");
    set.clear();
    assertEquals(0, set.size());
    assertFalse(set.contains(expected[0]));
  }

  @Test
  void idZeroIsNotAMember() {
    LongSet set = new LongSet();
    assertThrows(IllegalArgumentException.class, () -> set.add(0));
    assertFalse(set.contains(0));
  }
}
