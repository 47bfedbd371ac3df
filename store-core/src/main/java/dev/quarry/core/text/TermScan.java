package dev.quarry.core.text;

import dev.quarry.core.dict.LongSet;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.Bits;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.FixedBitSet;
import org.apache.lucene.util.StringHelper;

/**
 * A filter's candidates read straight from the term dictionary: per segment, the documents whose
 * terms hold each run of the needle (a term equal to it, starting with it, ending with it or
 * containing it, as the run sits in the needle), intersected. The same answer as the wildcard
 * queries it replaces, without compiling an automaton per query (most of BSBM Q6's time): a
 * contains test on each term's UTF-8 bytes (a substring of valid UTF-8 is one in characters too), a
 * seek for the runs anchored at a term's start.
 */
final class TermScan {
  private TermScan() {}

  /**
   * Ids of the live documents whose terms hold the runs, or whose text has a run too long to be a
   * term; of the literals of {@code predicate} (a {@link TextDocuments#predicateTerm}) only, or of
   * every literal (null). A predicate's short literals are read from its own terms, its long ones
   * from the neutral field's (see {@link TextDocuments#SHORT_TEXT_CHARS}).
   */
  static long[] candidates(
      IndexReader reader, List<TextFold.Run> runs, boolean mayStartInside, String predicate)
      throws IOException {
    long[] out = new long[64];
    int n = 0;
    for (LeafReaderContext leaf : reader.leaves()) {
      LeafReader r = leaf.reader();
      FixedBitSet docs;
      FixedBitSet always = postings(r, TextDocuments.LONG_RUN, "1");
      if (predicate == null) {
        docs = matching(r, LanguageAnalyzers.NEUTRAL_FIELD, runs, mayStartInside);
      } else {
        docs = matching(r, TextDocuments.termsOf(predicate), runs, mayStartInside);
        PostingsEnum longTexts = postingsOf(r, TextDocuments.LONG_TEXT_OF, predicate);
        if (longTexts != null) {
          FixedBitSet m = matching(r, LanguageAnalyzers.NEUTRAL_FIELD, runs, mayStartInside);
          if (m != null) {
            retain(m, longTexts);
            docs = or(docs, m);
          }
        }
        if (always != null) {
          PostingsEnum ofPredicate = postingsOf(r, TextDocuments.PREDICATE, predicate);
          if (ofPredicate == null) {
            always = null;
          } else {
            retain(always, ofPredicate);
          }
        }
      }
      docs = or(docs, always);
      if (docs == null) {
        continue;
      }
      Bits live = r.getLiveDocs();
      NumericDocValues ids = r.getNumericDocValues(TextDocuments.ID);
      for (int d = docs.nextSetBit(0);
          d != DocIdSetIterator.NO_MORE_DOCS;
          d = d + 1 < docs.length() ? docs.nextSetBit(d + 1) : DocIdSetIterator.NO_MORE_DOCS) {
        if ((live == null || live.get(d)) && ids != null && ids.advanceExact(d)) {
          if (n == out.length) {
            out = Arrays.copyOf(out, n * 2);
          }
          out[n++] = ids.longValue();
        }
      }
    }
    long[] ids = Arrays.copyOf(out, n);
    LongSet.sortUnsigned(ids, n);
    return ids;
  }

  /** The documents whose terms hold every run; null if none can. */
  private static FixedBitSet matching(
      LeafReader r, String field, List<TextFold.Run> runs, boolean mayStartInside)
      throws IOException {
    Terms terms = r.terms(field);
    if (terms == null) {
      return null;
    }
    FixedBitSet all = null;
    PostingsEnum pe = null;
    for (TextFold.Run run : runs) {
      FixedBitSet m = new FixedBitSet(r.maxDoc());
      BytesRef b = new BytesRef(run.text());
      boolean left = run.atStart() && mayStartInside; // the term may go on before the run
      boolean right = run.atEnd(); // ... or after it
      TermsEnum te = terms.iterator();
      if (!left && !right) {
        if (te.seekExact(b)) {
          pe = add(te, pe, m);
        }
      } else if (!left) {
        if (te.seekCeil(b) != TermsEnum.SeekStatus.END) {
          do {
            if (!StringHelper.startsWith(te.term(), b)) {
              break;
            }
            pe = add(te, pe, m);
          } while (te.next() != null);
        }
      } else {
        TermList list = TermList.of(r, field);
        PostingsEnum[] reuse = {pe};
        IOException[] failed = {null};
        list.eachHolding(
            run.text(),
            !right,
            term -> {
              try {
                if (failed[0] == null && te.seekExact(new BytesRef(term))) {
                  reuse[0] = add(te, reuse[0], m);
                }
              } catch (IOException e) {
                failed[0] = e;
              }
            });
        if (failed[0] != null) {
          throw failed[0];
        }
        pe = reuse[0];
      }
      if (all == null) {
        all = m;
      } else {
        all.and(m);
      }
      if (all.nextSetBit(0) == DocIdSetIterator.NO_MORE_DOCS) {
        return null;
      }
    }
    return all;
  }

  /** {@code a} with {@code b}'s bits set (either may be null: none). */
  private static FixedBitSet or(FixedBitSet a, FixedBitSet b) {
    if (a == null) {
      return b;
    }
    if (b != null) {
      a.or(b);
    }
    return a;
  }

  private static PostingsEnum add(TermsEnum te, PostingsEnum reuse, FixedBitSet into)
      throws IOException {
    PostingsEnum pe = te.postings(reuse, PostingsEnum.NONE);
    setAll(pe, into);
    return pe;
  }

  private static void setAll(PostingsEnum pe, FixedBitSet into) throws IOException {
    for (int d = pe.nextDoc(); d != DocIdSetIterator.NO_MORE_DOCS; d = pe.nextDoc()) {
      into.set(d);
    }
  }

  /** The postings of {@code term} in {@code field} (documents only); null if none. */
  private static PostingsEnum postingsOf(LeafReader r, String field, String term)
      throws IOException {
    Terms terms = r.terms(field);
    if (terms == null) {
      return null;
    }
    TermsEnum te = terms.iterator();
    return te.seekExact(new BytesRef(term)) ? te.postings(null, PostingsEnum.NONE) : null;
  }

  /**
   * Clears the bits of {@code m} not in {@code postings}, advancing through them by their skip
   * lists: a few hundred matches against a predicate's tens of thousands of long texts read a few
   * hundred blocks, not every document.
   */
  private static void retain(FixedBitSet m, PostingsEnum postings) throws IOException {
    int p = -1;
    for (int d = m.nextSetBit(0);
        d != DocIdSetIterator.NO_MORE_DOCS;
        d = d + 1 < m.length() ? m.nextSetBit(d + 1) : DocIdSetIterator.NO_MORE_DOCS) {
      if (p < d) {
        p = postings.advance(d);
      }
      if (p != d) {
        m.clear(d);
      }
    }
  }

  /** The documents with {@code term} in {@code field}; null if none. */
  private static FixedBitSet postings(LeafReader r, String field, String term) throws IOException {
    PostingsEnum pe = postingsOf(r, field, term);
    if (pe == null) {
      return null;
    }
    FixedBitSet m = new FixedBitSet(r.maxDoc());
    setAll(pe, m);
    return m;
  }
}
