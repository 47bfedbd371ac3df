package dev.quarry.core.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Which IRIs are a prefix and a number an id can hold, and where the number starts. */
class IriIdsTest {
  @Test
  void theNumberIsTheTrailingDigitsWithoutALeadingZeroBelowTwoToTheForty() {
    assertEquals(17, IriIds.cut("http://ex/Product1"));
    assertEquals(17, IriIds.cut("http://ex/Product1234567890"));
    assertEquals(10, IriIds.cut("http://ex/0"), "zero itself");
    assertEquals(-1, IriIds.cut("http://ex/Product"), "no number");
    assertEquals(-1, IriIds.cut("http://ex/Product007"), "a leading zero: another IRI than 7");
    assertEquals(-1, IriIds.cut("12345"), "nothing before the number");
    assertEquals(-1, IriIds.cut(""));
    long max = (1L << 40) - 1;
    assertEquals(10, IriIds.cut("http://ex/" + max));
    assertEquals(-1, IriIds.cut("http://ex/" + (max + 1)), "2^40");
    assertEquals(-1, IriIds.cut("http://ex/x" + "9".repeat(14)), "more digits than an id holds");
    assertEquals(-1, IriIds.cut("http://ex/x" + "1".repeat(40)));
  }
}
