package dev.quarry.server.sparql;

import dev.quarry.server.http.HttpError;
import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * How deep a SPARQL text may nest its groups, expressions and lists ({@code {}, (), []}): the
 * parser, algebra and optimiser recurse once or more per level, so a text thousands of levels deep
 * would overflow a thread's stack. It is refused first, with what, how deep, where and the limit.
 */
public final class Nesting {
  /** The default limit: far beyond written queries, well within every stage's stack. */
  public static final int DEFAULT_LIMIT = 200;

  private Nesting() {}

  /**
   * Checks {@code text} ("query" or "update" says which), lexed as {@code shape} (null if it did
   * not lex: the parser will say why, guarded by {@link #overflow}).
   *
   * @throws HttpError 400 when it nests deeper than {@code limit}
   */
  static void check(String what, String text, QueryShape shape, int limit) {
    if (shape == null || shape.depth() <= limit) {
      return;
    }
    int at = shape.deepestAt();
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
            + shape.depth()
            + " levels deep ({ }, ( ) and [ ] within one another), past the limit of "
            + limit
            + " (limits.query-nesting), at line "
            + line
            + ", column "
            + (at - lineStart + 1));
  }

  /** The answer when a stage still ran out of stack on a text the check let through. */
  static HttpError overflow(String what) {
    return new HttpError(
        HttpResponseStatus.BAD_REQUEST,
        "the " + what + " nests too deeply for this server (its stack ran out): lower its nesting");
  }
}
