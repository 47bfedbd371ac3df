package dev.quarry.server.sparql;

import dev.quarry.server.http.HttpError;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * How deep and how long a SPARQL text may be, checked on its tokens ({@link QueryShape}) before the
 * parser sees it. Depth: the parser, algebra and optimiser recurse once or more per level of {@code
 * {}, (), []}, so a text thousands of levels deep would overflow a thread's stack. Length in terms
 * (names, constants, variables, operators, punctuation): what planning and evaluation cost grows
 * with, which bytes alone do not bound well (a 16 MB request is some two million terms). A text
 * past either is refused with what, how much, where and the limit.
 *
 * @param nesting levels of brackets within one another (limits.query-nesting)
 * @param terms a query's terms (limits.query-terms; updates, which carry data, are not counted)
 */
public record TextLimits(int nesting, int terms) {
  /** Far beyond written queries, well within every stage's stack and a planner's time. */
  public static final TextLimits DEFAULTS = new TextLimits(200, 100_000);

  /**
   * Checks the nesting of {@code text} ("query" or "update" says which), of extent {@code e} (null
   * if it did not lex: the parser will say why, guarded by {@link #overflow}).
   *
   * @throws HttpError 400 when it nests deeper than {@link #nesting}
   */
  void checkNesting(String what, String text, QueryShape.Extent e) {
    if (e == null || e.depth() <= nesting) {
      return;
    }
    int at = e.deepestAt();
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < at; i++) {
      if (text.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    throw new HttpError(
        HttpResponseStatus.BAD_REQUEST,
        "the "
            + what
            + " nests "
            + e.depth()
            + " levels deep ({ }, ( ) and [ ] within one another), past the limit of "
            + nesting
            + " (limits.query-nesting), at line "
            + line
            + ", column "
            + (at - lineStart + 1));
  }

  /**
   * Checks the length of a query in terms.
   *
   * @throws HttpError 400 when it has more than {@link #terms}
   */
  void checkTerms(QueryShape.Extent e) {
    if (e != null && terms > 0 && e.terms() > terms) {
      throw new HttpError(
          HttpResponseStatus.BAD_REQUEST,
          "the query has "
              + e.terms()
              + " terms (names, constants, variables, operators and punctuation), past the limit"
              + " of "
              + terms
              + " (limits.query-terms)");
    }
  }

  /** The answer when a stage still ran out of stack on a text the check let through. */
  static HttpError overflow(String what) {
    return new HttpError(
        HttpResponseStatus.BAD_REQUEST,
        "the " + what + " nests too deeply for this server (its stack ran out): lower its nesting");
  }
}
