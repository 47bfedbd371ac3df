package dev.quarry.core.index.spi;

/**
 * The full-text index of one state's string literals, where a backend keeps one ({@link
 * QuadView#text}): hits are literal ids, to be joined with the quads on ids, and a state's search
 * sees exactly the literals its quads hold.
 *
 * <p>Two uses: ranked search in Lucene's query syntax ({@code text:query}), and candidate sets for
 * string filters ({@code CONTAINS}, {@code STRSTARTS}, {@code regex}): a superset of the literals
 * that pass, which the caller checks with the real function.
 */
public interface TextSearch {
  /** Hits best first: {@code ids[i]} scored {@code scores[i]}, {@code size} of them. */
  record Hits(long[] ids, float[] scores, int size) {}

  /**
   * The literals matching {@code query} (Lucene's classic syntax), best first, at most {@code
   * limit} ({@code <= 0}: all); only those used with predicate {@code predicate} ({@link
   * QuadView#NONE}: any indexed one) and, if {@code language} is given, tagged with it (then
   * analysed as that language).
   *
   * @throws IllegalArgumentException if the query does not parse, saying why and where
   */
  Hits search(String query, long predicate, String language, int limit);

  /**
   * The literals whose text may contain {@code needle}, ignoring case: every literal that contains
   * it is among them; only literals used with {@code predicate} ({@link QuadView#NONE}: any).
   * Ascending ids. Null if the index cannot narrow it down (a needle without a letter or digit).
   */
  long[] mayContain(String needle, long predicate);

  /** As {@link #mayContain}, for literals that may start with {@code prefix}. */
  long[] mayStartWith(String prefix, long predicate);

  /**
   * True if every string literal object of {@code predicate} ({@link QuadView#NONE}: of every
   * predicate) is in the index, so that a candidate set for it misses none.
   */
  boolean covers(long predicate);

  /** How many literals the index holds. */
  long literals();
}
