package dev.quarry.core.text;

import java.util.ArrayList;
import java.util.List;

/**
 * How text becomes index terms, in one place so that a literal and a filter's needle are cut the
 * same way: a term is a maximal run of code points whose folded form is a letter or digit, each
 * code point folded (lower case of upper case, which equates what a case-insensitive match
 * equates). So if a literal contains a needle, even ignoring case, each run of the needle is part
 * of one of the literal's terms: a superset of the matches is found from the terms alone.
 */
public final class TextFold {
  /**
   * Longer runs are not indexed as terms; a literal holding one is marked and always a candidate.
   */
  static final int MAX_TERM_CHARS = 4000;

  private TextFold() {}

  static int fold(int cp) {
    return Character.toLowerCase(Character.toUpperCase(cp));
  }

  static boolean isTermChar(int folded) {
    return Character.isLetterOrDigit(folded);
  }

  /** A run of term characters in a needle, folded, and whether it touches the needle's ends. */
  record Run(String text, boolean atStart, boolean atEnd) {}

  /** The folded runs of {@code s}, in order. */
  static List<Run> runs(String s) {
    List<Run> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    int start = -1;
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      int f = fold(cp);
      if (isTermChar(f)) {
        if (start < 0) {
          start = i;
        }
        cur.appendCodePoint(f);
      } else if (start >= 0) {
        out.add(new Run(cur.toString(), start == 0, false));
        cur.setLength(0);
        start = -1;
      }
      i += Character.charCount(cp);
    }
    if (start >= 0) {
      out.add(new Run(cur.toString(), start == 0, true));
    }
    return out;
  }

  /** True if {@code s} has a run longer than terms may be. */
  static boolean hasLongRun(String s) {
    int run = 0;
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      run = isTermChar(fold(cp)) ? run + 1 : 0;
      if (run > MAX_TERM_CHARS) {
        return true;
      }
      i += Character.charCount(cp);
    }
    return false;
  }
}
