package dev.quarry.core.query.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * The text a regular expression requires: the runs of plain characters every match must contain, in
 * order. {@code colou?r} requires "colo" and "r"; {@code ^Pro} requires "Pro" at the start.
 * Patterns with alternation, groups, classes or counted repeats give nothing (null): reading them
 * right is more than a candidate set is worth.
 */
final class RegexNeedles {
  /** Required pieces; {@code anchored}: the first one starts the text. */
  record Needles(List<String> pieces, boolean anchored) {}

  private RegexNeedles() {}

  static Needles of(String pattern, String flags) {
    if (flags != null && flags.contains("q")) {
      return new Needles(List.of(pattern), false); // the whole pattern is literal text
    }
    if (flags != null && (flags.contains("x") || flags.contains("m"))) {
      return null;
    }
    List<String> pieces = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    boolean anchored = false;
    boolean firstPieceAnchored = false;
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      switch (c) {
        case '|', '(', ')', '[', ']', '{', '}' -> {
          return null;
        }
        case '^' -> {
          if (i != 0) {
            return null;
          }
          anchored = true;
        }
        case '*', '?' -> {
          if (cur.isEmpty()) {
            return null; // a repeat of something not plain
          }
          cur.setLength(cur.length() - 1); // that character may be absent
          if (pieces.isEmpty()) {
            firstPieceAnchored = false; // the first piece may have lost its first character
          }
          end(cur, pieces);
        }
        case '+' -> end(cur, pieces); // at least once: kept, but what follows may repeat it
        case '.', '$' -> end(cur, pieces);
        case '\\' -> {
          if (i + 1 >= pattern.length()) {
            return null;
          }
          char e = pattern.charAt(++i);
          if (Character.isLetterOrDigit(e)) {
            end(cur, pieces); // \d, \w, \b, \1 ...: a class or an assertion
            if (e == 'Q' || e == 'E' || e == 'p' || e == 'P' || e == 'x' || e == 'u') {
              return null;
            }
          } else {
            cur.append(e); // an escaped punctuation mark is itself
          }
        }
        default -> {
          if (anchored && pieces.isEmpty() && cur.isEmpty() && i == 1) {
            firstPieceAnchored = true;
          }
          cur.append(c);
        }
      }
    }
    end(cur, pieces);
    if (pieces.isEmpty()) {
      return null;
    }
    return new Needles(pieces, firstPieceAnchored);
  }

  private static void end(StringBuilder cur, List<String> pieces) {
    if (!cur.isEmpty()) {
      pieces.add(cur.toString());
      cur.setLength(0);
    }
  }
}
