package dev.quarry.core.query.exec;

import dev.quarry.core.dict.InlineValues;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.index.spi.QuadView;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.Expr;

/**
 * The ids of one query execution: the store's ids, plus query-local ids ({@link
 * NodeIds#TAG_QUERY_LOCAL}) for terms the store does not have (computed values, input bindings).
 * Each term has exactly one id here, so id equality is term equality for every row. Decoded terms
 * are cached: a term is decoded once however many rows carry it.
 */
public final class TermSpace {
  private static final int CACHE_LIMIT = 1 << 16;

  /** A query-local id never handed out (they count up from 1): a graph no quad has. */
  public static final long EMPTY_GRAPH =
      NodeIds.make(NodeIds.TAG_QUERY_LOCAL, NodeIds.PAYLOAD_MASK);

  private final QuadView view;
  private final Map<Node, Long> localIds = new HashMap<>();
  private final List<Node> localNodes = new ArrayList<>();
  private final Map<Long, Node> decoded = new HashMap<>();

  public TermSpace(QuadView view) {
    this.view = view;
  }

  public QuadView view() {
    return view;
  }

  /** The id of a count: {@code n} as an xsd:integer, as COUNT gives it. */
  public long count(long n) {
    long inline = InlineValues.integerId(n);
    if (inline != NodeIds.NONE) {
      return inline; // what encode would give, without making a literal to parse back
    }
    return encode(NodeFactory.createLiteralDT(Long.toString(n), XSDDatatype.XSDinteger));
  }

  /** The store's id of a term if it has one, else a query-local id. */
  public long encode(Node n) {
    long id = view.id(n);
    if (id != NodeIds.NONE) {
      return id;
    }
    return localIds.computeIfAbsent(
        n,
        k -> {
          localNodes.add(k);
          return NodeIds.make(NodeIds.TAG_QUERY_LOCAL, localNodes.size());
        });
  }

  /** The store's id of a constant of a pattern, or 0 if no quad can hold it. */
  public long storeId(Node n) {
    return view.id(n);
  }

  /**
   * Decodes the terms of {@code n} ids that are not decoded yet in one {@link QuadView#nodes} call,
   * when the store answers batches best ({@link QuadView#batchesTerms}); else nothing (each term is
   * decoded when a row's binding asks for it).
   */
  public void prefetch(long[] ids, int n) {
    if (!view.batchesTerms()) {
      return;
    }
    LinkedHashSet<Long> missing = new LinkedHashSet<>();
    for (int i = 0; i < n; i++) {
      long id = ids[i];
      if (NodeIds.isTerm(id) && !decoded.containsKey(id)) { // a record to read
        missing.add(id);
      }
    }
    if (missing.isEmpty()) {
      return;
    }
    long[] ask = missing.stream().mapToLong(Long::longValue).toArray();
    Node[] got = new Node[ask.length];
    view.nodes(ask, ask.length, got);
    if (decoded.size() + ask.length > CACHE_LIMIT) {
      decoded.clear();
    }
    for (int i = 0; i < ask.length; i++) {
      decoded.put(ask[i], got[i]);
    }
  }

  /**
   * {@link #prefetch} of the terms in columns {@code cols} of a batch, in one request: for the
   * operators that decode terms row by row (filters, sort keys, BIND) on a store that answers
   * batches best; else nothing.
   */
  public void prefetchColumns(Rows rows, int[] cols) {
    if (view.batchesTerms()) {
      willDecodeColumns(rows, cols);
    }
  }

  /**
   * The terms of {@code ids[0..n)} are about to be decoded, every one (a result's, a sort's keys):
   * {@link #prefetch}ed where the store answers batches best, else hinted to a store whose term
   * reads wait on a device ({@link QuadView#willNeedTerms}), so that their reads are in flight
   * together. Not for terms that may not be decoded (a filter's, which may pass on ids alone): a
   * hint reads them all.
   */
  public void willDecode(long[] ids, int n) {
    if (view.batchesTerms()) {
      prefetch(ids, n);
    } else if (view.termReadsWait()) {
      view.willNeedTerms(ids, n);
    }
  }

  /** {@link #willDecode} of the terms in columns {@code cols} of a batch. */
  public void willDecodeColumns(Rows rows, int[] cols) {
    if (cols.length == 0 || rows.size == 0 || !(view.batchesTerms() || view.termReadsWait())) {
      return;
    }
    long[] ids = new long[rows.size * cols.length];
    int n = 0;
    for (int r = 0; r < rows.size; r++) {
      for (int c : cols) {
        ids[n++] = rows.get(r, c);
      }
    }
    willDecode(ids, n);
  }

  /** The columns of {@code vars} that {@code expr} mentions (for {@link #prefetchColumns}). */
  public static int[] columnsOf(Expr expr, List<Var> vars) {
    return VarColumns.present(expr.getVarsMentioned(), vars);
  }

  private static final long ONLY_ITSELF = 1L << 63; // ids not held inline leave the top bit clear
  private final long[] onlyItself = new long[64]; // id, with ONLY_ITSELF set if it is so

  /**
   * True if term {@code id} equals (=) only itself: an IRI or a blank node, not a literal (a
   * literal may = another term). Remembered for the last ids asked about: a few ids recur over many
   * rows, and the map of decoded terms costs a boxed lookup each.
   */
  public boolean equalsOnlyItself(long id) {
    if (NodeIds.isInlineLiteral(id)) {
      return false; // a literal
    }
    if (NodeIds.isInlineIri(id)) {
      return true;
    }
    int i = (int) (id ^ (id >>> 7)) & (onlyItself.length - 1);
    long m = onlyItself[i];
    if (m != 0 && (m & ~ONLY_ITSELF) == id) {
      return m < 0;
    }
    Node n = decode(id);
    boolean only = n.isURI() || n.isBlank();
    onlyItself[i] = only ? id | ONLY_ITSELF : id;
    return only;
  }

  public Node decode(long id) {
    if (NodeIds.tag(id) == NodeIds.TAG_QUERY_LOCAL) {
      return localNodes.get((int) NodeIds.payload(id) - 1);
    }
    Node n = decoded.get(id);
    if (n == null) {
      n = view.node(id);
      if (decoded.size() >= CACHE_LIMIT) {
        decoded.clear();
      }
      decoded.put(id, n);
    }
    return n;
  }
}
