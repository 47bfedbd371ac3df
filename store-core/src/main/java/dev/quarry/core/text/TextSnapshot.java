package dev.quarry.core.text;

import dev.quarry.core.dict.LongSet;
import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.index.spi.TextSearch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.SimpleCollector;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;

/**
 * The text index as one commit left it: a point-in-time Lucene reader, searched by any number of
 * threads. Closed (its files released) once no reader of the store can see that commit.
 */
final class TextSnapshot implements TextSearch {
  private final IndexReader reader;
  private final Query hidden; // documents a writer's own changes replaced, or null
  private final WriterChanges changes; // a writer's view: its base and its own documents; or null
  private final IndexSearcher searcher;
  private final Analyzer analyzer;
  private final Set<String> languages;
  private final AtomicBoolean closed = new AtomicBoolean();
  private final long[] indexed; // the predicates indexed, ascending; null: every one

  /**
   * What a writer's view adds to its base state: the documents of the literals it changed, as its
   * state has them ({@code docs}, a small in-memory index), and those literals' ids, ascending.
   */
  record WriterChanges(TextSnapshot base, IndexReader docs, long[] touched) {}

  /** A committed state's reader. */
  TextSnapshot(IndexReader reader, Analyzer analyzer, Set<String> languages, long[] indexed) {
    this(reader, null, null, analyzer, languages, indexed);
  }

  /**
   * A writer's view: {@code reader} holds its base's documents and its own, {@code hidden} finds
   * the base's documents its own replace.
   */
  TextSnapshot(
      IndexReader reader,
      Query hidden,
      WriterChanges changes,
      Analyzer analyzer,
      Set<String> languages,
      long[] indexed) {
    this.reader = reader;
    this.indexed = indexed;
    this.hidden = hidden;
    this.changes = changes;
    this.searcher = new IndexSearcher(reader);
    this.searcher.setQueryCache(null); // each state's searcher is short-lived
    this.analyzer = analyzer;
    this.languages = languages;
  }

  /** The committed state's reader (not a writer's overlay). */
  DirectoryReader reader() {
    return (DirectoryReader) reader;
  }

  /** {@code q} without the hidden documents. */
  private Query visible(Query q) {
    return hidden == null
        ? q
        : new BooleanQuery.Builder()
            .add(q, BooleanClause.Occur.MUST)
            .add(hidden, BooleanClause.Occur.MUST_NOT)
            .build();
  }

  void close() {
    if (closed.compareAndSet(false, true)) {
      try {
        reader.decRef();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  @Override
  public boolean covers(long predicate) {
    return indexed == null
        || (predicate != QuadView.NONE && Arrays.binarySearch(indexed, predicate) >= 0);
  }

  @Override
  public long literals() {
    if (hidden == null) {
      return reader.numDocs();
    }
    try {
      return searcher.count(visible(new org.apache.lucene.search.MatchAllDocsQuery()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public Hits search(String text, long predicate, String language, int limit) {
    String lang =
        language == null || language.isEmpty() ? null : LanguageAnalyzers.primary(language);
    String field =
        lang != null && languages.contains(lang)
            ? LanguageAnalyzers.field(lang)
            : LanguageAnalyzers.NEUTRAL_FIELD;
    Query parsed;
    try {
      QueryParser parser = new QueryParser(field, analyzer);
      parser.setAllowLeadingWildcard(true);
      parsed = parser.parse(text);
    } catch (ParseException | RuntimeException e) {
      throw new IllegalArgumentException(
          "text:query cannot parse '" + text + "' as a Lucene query: " + firstLine(e.getMessage()));
    }
    BooleanQuery.Builder b = new BooleanQuery.Builder().add(parsed, BooleanClause.Occur.MUST);
    if (predicate != QuadView.NONE) {
      b.add(predicateFilter(predicate), BooleanClause.Occur.FILTER);
    }
    if (lang != null) {
      b.add(new TermQuery(new Term(TextDocuments.LANG, lang)), BooleanClause.Occur.FILTER);
    }
    Query q = visible(b.build());
    try {
      int n = limit > 0 ? limit : Math.max(1, searcher.count(q));
      TopDocs top = searcher.search(q, n);
      ScoreDoc[] docs = top.scoreDocs;
      long[] ids = new long[docs.length];
      float[] scores = new float[docs.length];
      List<LeafReaderContext> leaves = reader.leaves();
      for (int i = 0; i < docs.length; i++) {
        LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(docs[i].doc, leaves));
        NumericDocValues idValues = leaf.reader().getNumericDocValues(TextDocuments.ID);
        idValues.advanceExact(docs[i].doc - leaf.docBase);
        ids[i] = idValues.longValue();
        scores[i] = docs[i].score;
      }
      return new Hits(ids, scores, docs.length);
    } catch (IndexSearcher.TooManyClauses e) {
      throw new IllegalArgumentException(
          "text:query '" + text + "' expands to too many terms: " + e.getMessage());
    } catch (IOException e) {
      throw new UncheckedIOException("reading the text index: " + e.getMessage(), e);
    }
  }

  private static String firstLine(String m) {
    if (m == null) {
      return "";
    }
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  private static Query predicateFilter(long predicate) {
    return new TermQuery(new Term(TextDocuments.PREDICATE, TextDocuments.predicateTerm(predicate)));
  }

  /** The ids of the live documents, ascending (for the integrity check). */
  long[] liveIds() throws IOException {
    IdCollector c = new IdCollector();
    searcher.search(visible(new org.apache.lucene.search.MatchAllDocsQuery()), c.manager());
    return c.sorted();
  }

  long countWithPredicate(long p) throws IOException {
    return searcher.count(visible(predicateFilter(p)));
  }

  @Override
  public long[] mayContain(String needle, long predicate) {
    return candidates(needle, true, predicate);
  }

  @Override
  public long[] mayStartWith(String prefix, long predicate) {
    return candidates(prefix, false, predicate);
  }

  /**
   * Every literal (of the predicate) with terms that could hold the needle's runs in order: the
   * first run may end a term (if the needle may start inside one), the last may begin one, the runs
   * between are whole terms. Literals with a run too long to be a term are always candidates.
   */
  private long[] candidates(String needle, boolean mayStartInside, long predicate) {
    List<TextFold.Run> runs = TextFold.runs(needle);
    if (runs.isEmpty()) {
      return null;
    }
    if (changes != null) { // the base's candidates but the literals changed, and theirs
      long[] base = changes.base().candidates(needle, mayStartInside, predicate);
      long[] own = termScan(changes.docs(), runs, mayStartInside, predicate);
      return union(without(base, changes.touched()), own);
    }
    return termScan(reader, runs, mayStartInside, predicate);
  }

  /** {@link TermScan}'s candidates in {@code r}: of a predicate's literals, or of every literal. */
  private static long[] termScan(
      IndexReader r, List<TextFold.Run> runs, boolean mayStartInside, long predicate) {
    try {
      return TermScan.candidates(
          r,
          runs,
          mayStartInside,
          predicate == QuadView.NONE ? null : TextDocuments.predicateTerm(predicate));
    } catch (IOException e) {
      throw new UncheckedIOException("reading the text index: " + e.getMessage(), e);
    }
  }

  /** The ids of {@code a} not in {@code b}; both ascending (unsigned), as is the result. */
  static long[] without(long[] a, long[] b) {
    long[] out = new long[a.length];
    int n = 0;
    int j = 0;
    for (long x : a) {
      while (j < b.length && Long.compareUnsigned(b[j], x) < 0) {
        j++;
      }
      if (j == b.length || b[j] != x) {
        out[n++] = x;
      }
    }
    return Arrays.copyOf(out, n);
  }

  /**
   * The ids of {@code a} and of {@code b}, each once; both ascending (unsigned), as is the result.
   */
  static long[] union(long[] a, long[] b) {
    long[] out = new long[a.length + b.length];
    int n = 0;
    int i = 0;
    int j = 0;
    while (i < a.length || j < b.length) {
      int c = i == a.length ? 1 : j == b.length ? -1 : Long.compareUnsigned(a[i], b[j]);
      out[n++] = c <= 0 ? a[i] : b[j];
      i += c <= 0 ? 1 : 0;
      j += c >= 0 ? 1 : 0;
    }
    return Arrays.copyOf(out, n);
  }

  /** Every hit's id, no scores. */
  private static final class IdCollector extends SimpleCollector {
    private long[] ids = new long[64];
    private int n;
    private NumericDocValues values;

    org.apache.lucene.search.CollectorManager<IdCollector, Void> manager() {
      IdCollector self = this;
      return new org.apache.lucene.search.CollectorManager<>() {
        @Override
        public IdCollector newCollector() {
          return self;
        }

        @Override
        public Void reduce(java.util.Collection<IdCollector> collectors) {
          return null;
        }
      };
    }

    @Override
    protected void doSetNextReader(LeafReaderContext context) throws IOException {
      values = context.reader().getNumericDocValues(TextDocuments.ID);
    }

    @Override
    public void collect(int doc) throws IOException {
      if (values != null && values.advanceExact(doc)) {
        if (n == ids.length) {
          ids = Arrays.copyOf(ids, n * 2);
        }
        ids[n++] = values.longValue();
      }
    }

    @Override
    public ScoreMode scoreMode() {
      return ScoreMode.COMPLETE_NO_SCORES;
    }

    long[] sorted() {
      long[] out = Arrays.copyOf(ids, n);
      LongSet.sortUnsigned(out, n);
      return out;
    }
  }
}
