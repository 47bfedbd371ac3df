package dev.quarry.core.text;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.util.BytesRef;

/**
 * One segment's terms of one field as a single string ({@code \nterm\nterm\n...}), so that the
 * terms holding a run are found with {@link String#indexOf} instead of decoding the term dictionary
 * for every filter: a segment never changes, and its list is kept (weakly, by the segment's core)
 * for as long as the segment lives. BSBM Q6 at 10M reads the labels' terms this way in a fraction
 * of a millisecond.
 */
final class TermList {
  private static final Cache<Object, Map<String, TermList>> CACHE =
      Caffeine.newBuilder().weakKeys().build();

  private final String joined;
  private final int[] starts; // of each term in joined, ascending

  private TermList(String joined, int[] starts) {
    this.joined = joined;
    this.starts = starts;
  }

  /** The list of {@code field} in segment {@code r} (null if the segment has no such field). */
  static TermList of(LeafReader r, String field) throws IOException {
    IndexReader.CacheHelper helper = r.getCoreCacheHelper();
    if (helper == null) {
      return build(r, field);
    }
    Map<String, TermList> byField = CACHE.get(helper.getKey(), k -> new ConcurrentHashMap<>());
    TermList t = byField.get(field);
    if (t == null) {
      t = build(r, field);
      if (t != null) {
        byField.put(field, t);
      }
    }
    return t;
  }

  private static TermList build(LeafReader r, String field) throws IOException {
    Terms terms = r.terms(field);
    if (terms == null) {
      return null;
    }
    StringBuilder sb = new StringBuilder("\n");
    int[] starts = new int[1024];
    int n = 0;
    TermsEnum te = terms.iterator();
    for (BytesRef t; (t = te.next()) != null; ) {
      if (n == starts.length) {
        starts = Arrays.copyOf(starts, n * 2);
      }
      starts[n++] = sb.length();
      sb.append(t.utf8ToString()).append('\n');
    }
    return new TermList(sb.toString(), Arrays.copyOf(starts, n));
  }

  /**
   * Calls {@code found} with each term that contains {@code run} ({@code atEnd}: that ends with
   * it), once per term.
   */
  void eachHolding(String run, boolean atEnd, Consumer<String> found) {
    String needle = atEnd ? run + "\n" : run;
    int from = 0;
    for (int at; (at = joined.indexOf(needle, from)) >= 0; ) {
      int i = Arrays.binarySearch(starts, at);
      int term = i >= 0 ? i : -i - 2; // the term whose start is at or before the hit
      int end = joined.indexOf('\n', starts[term]);
      found.accept(joined.substring(starts[term], end));
      from = end + 1; // on to the next term
    }
  }
}
