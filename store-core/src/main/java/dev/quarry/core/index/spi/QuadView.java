package dev.quarry.core.index.spi;

import java.util.HashSet;
import java.util.Iterator;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;

/**
 * One consistent state of a store's quads, as 64-bit ids: what Quarry's executor and its Jena
 * adapter read, and what every storage backend implements (the paged engine on one machine; a
 * distributed backend beside it). It speaks quads {@code (g, s, p, o)}, batches and ranges; how a
 * backend lays quads out (which index orders, which keys) stays behind it.
 *
 * <p>Ids: {@link #NONE} (0) is never a term's id; in a pattern it means "any". The default graph
 * has an id of its own ({@link #defaultGraph}). A view is used by one thread at a time and is valid
 * until its transaction ends.
 */
public interface QuadView {
  /** Not a term: "any" in a pattern, "unknown" from {@link #id}. */
  long NONE = 0;

  // ---- the dictionary ------------------------------------------------------------------------

  /**
   * The id of a concrete term, or {@link #NONE} if the store has none for it (or it is a wildcard).
   * Ids never change once committed, so a view may know the id of a term committed after it began;
   * none of its quads holds it.
   */
  long id(Node n);

  /** The term of an id this state holds. */
  Node node(long id);

  /** {@link #id} of {@code n} terms at once (a backend across a network answers in one trip). */
  default void ids(Node[] terms, int n, long[] out) {
    for (int i = 0; i < n; i++) {
      out[i] = id(terms[i]);
    }
  }

  /** {@link #node} of {@code n} ids at once. */
  default void nodes(long[] ids, int n, Node[] out) {
    for (int i = 0; i < n; i++) {
      out[i] = node(ids[i]);
    }
  }

  /**
   * The ids of triple term {@code id}'s subject, predicate and object into {@code out}; false if
   * {@code id} is not a triple term. A store reading them from the term's record overrides this.
   */
  default boolean tripleParts(long id, long[] out) {
    Node n = node(id);
    if (n == null || !n.isTripleTerm()) {
      return false;
    }
    Triple t = n.getTriple();
    out[0] = id(t.getSubject());
    out[1] = id(t.getPredicate());
    out[2] = id(t.getObject());
    return true;
  }

  /**
   * The id of the triple term whose parts have ids {@code s}, {@code p}, {@code o}, or {@link
   * #NONE} if the store has no such term.
   */
  default long tripleTerm(long s, long p, long o) {
    return id(NodeFactory.createTripleTerm(node(s), node(p), node(o)));
  }

  /**
   * The ids of the triple terms with predicate {@code p} and object {@code o} (or, with {@code o}
   * NONE, subject {@code s}), or null if there are more than {@code max} or this store cannot list
   * them (a pattern then reads every statement that may hold one).
   */
  default long[] tripleTermsWith(long p, long s, long o, int max) {
    return null;
  }

  /**
   * Which language-tagged literals carry their language in their ids ({@code
   * dev.quarry.core.dict.LanguageIds}), so that a filter on {@code lang()} may be decided on ids.
   * None by default.
   */
  default LanguageCoverage languageIds() {
    return LanguageCoverage.NONE;
  }

  /**
   * True if terms are best decoded many at a time ({@link #nodes}): a backend across a network,
   * where each call is a round trip. The executor then decodes a batch of result rows at once.
   */
  default boolean batchesTerms() {
    return false;
  }

  /**
   * A hint that the terms of {@code ids[0..n)} will be decoded soon, for a store that does not
   * batch them ({@link #batchesTerms}) but reads them from a file: it may start their reads
   * together. Nothing by default.
   */
  default void willNeedTerms(long[] ids, int n) {}

  /**
   * True if hints of terms to come ({@link #willNeedTerms}) pay now: their reads wait on a device.
   */
  default boolean termReadsWait() {
    return false;
  }

  /** The id of the default graph. */
  long defaultGraph();

  // ---- quads ---------------------------------------------------------------------------------

  /**
   * The quads {@code {g, s, p, o}} matching a pattern of ids ({@link #NONE}: any; g NONE is every
   * graph, the default one included). With p and g bound and s free, they come in ascending subject
   * order (ids compared unsigned), which merge joins rely on.
   */
  Iterator<long[]> find(long g, long s, long p, long o);

  /**
   * {@link #find} read in column batches: a backend reads its layout straight into them, so a scan
   * of millions of quads allocates nothing per quad. Same quads, same order.
   */
  default QuadScan scan(long g, long s, long p, long o) {
    return QuadScan.of(find(g, s, p, o));
  }

  /**
   * True if {@link #scan} may be called from several threads at once (each on its own scan), so
   * that one query can split a large scan across cores; a writer's view, which sees its own
   * uncommitted changes, answers false.
   */
  default boolean concurrentScans() {
    return false;
  }

  /**
   * How many different terms stand at quad position {@code part} (0 g, 1 s, 2 p, 3 o) among the
   * quads of graph {@code g} (NONE: every graph) with predicate {@code p} (NONE: any): from
   * whatever the backend keeps that answers it exactly (statistics, a projection's key prefixes),
   * else by a scan of ids that decodes no term.
   */
  default long countDistinct(long g, long p, int part) {
    HashSet<Long> seen = new HashSet<>();
    for (Iterator<long[]> it = find(g, NONE, p, NONE); it.hasNext(); ) {
      seen.add(it.next()[part]);
    }
    return seen.size();
  }

  /**
   * The different terms at quad position {@code part} (1 s, 2 p, 3 o) among the quads of graph
   * {@code g} (NONE: every graph) with predicate {@code p} (NONE: any), each once, read from an
   * order whose keys start with them so that no set is needed; the values come in column {@code
   * part} of each read. Null if the backend has no such order for the question.
   */
  default QuadScan distinctTerms(long g, long p, int part) {
    return null;
  }

  /**
   * The quads of predicate p (bound) in graph g (NONE: any) whose object id lies in one of the
   * ranges {@code [ranges[2i], ranges[2i+1]]} (inclusive, ascending, disjoint), in object order.
   */
  Iterator<long[]> findObjectIn(long g, long p, long[] ranges);

  /**
   * A vectored lookup: every quad matching each probe goes to {@code sink}, tagged with the probe's
   * number. The quads of one probe come in index order; probes in whatever order the backend reads
   * them best (sorted by key, equal probes read once). Stops when the sink returns false.
   */
  void lookup(QuadProbes probes, QuadSink sink);

  /**
   * About how many quads match a pattern with p bound: exact when few (up to about a hundred), else
   * an estimate within a small factor. For planning, where averages mislead.
   */
  long estimate(long g, long s, long p, long o);

  /**
   * About how many quads of predicate p (graph g, NONE: any) have an object in {@code ranges} (as
   * {@link #findObjectIn} takes them), within a small factor, or -1 if the backend cannot say
   * without reading them. Lets a join decide to read such a range whole before it starts to; a
   * backend whose probes of bound subjects cost less than any range read (one request for them all,
   * a remote store) answers {@link Long#MAX_VALUE}: never read it whole.
   */
  default long estimateObjectIn(long g, long p, long[] ranges) {
    return -1;
  }

  // ---- statistics (exact, as of this state) ---------------------------------------------------

  long quads();

  long quadsWithPredicate(long p);

  long distinctSubjects(long p);

  long distinctObjects(long p);

  long quadsInGraph(long g);

  /** The graphs that hold quads, the default graph included if it holds any. */
  long[] graphs();

  /** The predicates of the quads of every graph, ascending. */
  long[] predicates();

  /** How many different subjects graph {@code g}'s quads have: exact, not an estimate. */
  long subjectsInGraph(long g);

  /** The commit this view reads (unchanging: results may be cached by it), or -1 in a writer. */
  long generation();

  /**
   * A name of the quads and terms this view reads that another process opening the same committed
   * state gives too, and no other state has: files derived from a state are valid for the state of
   * the same name. Null where there is none: a writer's state, a store kept in memory, a backend
   * that cannot tell.
   */
  default String durableName() {
    return null;
  }

  /**
   * The full-text index of this state's string literals, or null if the backend keeps none (text
   * search is off, or not supported).
   */
  default TextSearch text() {
    return null;
  }
}
