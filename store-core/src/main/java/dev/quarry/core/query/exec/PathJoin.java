package dev.quarry.core.query.exec;

import dev.quarry.core.dict.LongSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.sparql.core.Var;

/**
 * Joins each input row with the matches of a property path {@code subject path object} in a graph
 * (a constant one, or the graph variable of a {@code GRAPH ?g}, bound by the row or ranging over
 * the named graphs). A bound subject walks the path forward, a bound object walks it backward; with
 * both bound, the object is looked for among the subject's ends; with neither, every node that can
 * start the path is a start. The ends of a batch's bound values are computed together ({@link
 * PathEval}), then each row is joined with its own.
 */
public final class PathJoin extends IdOperator {
  /** One end of the path: a constant id, or a variable's column (in the output). */
  public record End(long id, Var var) {
    public static End of(long id) {
      return new End(id, null);
    }

    public static End of(Var v) {
      return new End(0, v);
    }
  }

  private final IdOperator input;
  private final TermSpace terms;
  private final PathStep forward;
  private final PathStep backward;
  private final End subject;
  private final End object;
  private final long graph; // the constant graph, or 0 with a graph variable
  private final Var graphVar;
  private final long[] namedGraphs; // sorted: the graphs a graph variable ranges over
  private final String text;
  private final int sCol;
  private final int oCol;
  private final int gCol;
  private final int inWidth; // input columns come first in the output, in the same places
  private final boolean sameVar; // ?x path ?x
  private final long[] constantGraph;
  private final Map<Long, PathEval> evals = new HashMap<>();
  private final boolean zeroOrMore; // a p* or p? at the path's top (PathStep.zeroAtTop)
  private final PathStep.Closure reachability; // p* or p+: both ends given, a reachability test

  private Rows in; // the input batch the work is for
  private final List<Work> work = new ArrayList<>();
  private int workAt;
  private boolean ended;

  /** The matches still to emit for one input row in one graph. */
  private record Work(int row, long graph, long[] starts, long[][] ends, boolean startIsSubject) {}

  public PathJoin(
      IdOperator input,
      TermSpace terms,
      End subject,
      PathStep path,
      End object,
      long graph,
      Var graphVar,
      long[] namedGraphs,
      String text) {
    super(outputVars(input.vars(), subject, object, graphVar));
    this.input = input;
    this.terms = terms;
    this.forward = path;
    this.backward = PathStep.reverse(path);
    this.zeroOrMore = PathStep.zeroAtTop(path);
    this.reachability = path instanceof PathStep.Closure c && c.many() ? c : null;
    this.subject = subject;
    this.object = object;
    this.graph = graph;
    this.graphVar = graphVar;
    this.namedGraphs = namedGraphs == null ? new long[0] : namedGraphs.clone();
    Arrays.sort(this.namedGraphs);
    this.text = text;
    this.sCol = subject.var() == null ? -1 : vars.indexOf(subject.var());
    this.oCol = object.var() == null ? -1 : vars.indexOf(object.var());
    this.gCol = graphVar == null ? -1 : vars.indexOf(graphVar);
    this.inWidth = input.vars().size();
    this.sameVar = subject.var() != null && subject.var().equals(object.var());
    this.constantGraph = new long[] {graph};
  }

  private static List<Var> outputVars(List<Var> in, End s, End o, Var g) {
    List<Var> out = new ArrayList<>(in);
    for (Var v : new Var[] {s.var(), o.var(), g}) {
      if (v != null && !out.contains(v)) {
        out.add(v);
      }
    }
    return out;
  }

  @Override
  protected Rows compute() {
    if (ended) {
      return null;
    }
    Rows out = new Rows(vars.size(), Rows.SMALL);
    while (out.size < Rows.BATCH) {
      if (workAt < work.size()) {
        emit(out, work.get(workAt++));
        continue;
      }
      work.clear();
      workAt = 0;
      in = input.next();
      if (in == null) {
        ended = true;
        break;
      }
      plan(in);
    }
    return out;
  }

  /** The work of a batch of input rows: the bound ends of each graph looked up together. */
  private void plan(Rows rows) {
    Map<Long, LongSet> fromSubjects = new HashMap<>();
    Map<Long, LongSet> fromObjects = new HashMap<>();
    long[][] rowGraphs = new long[rows.size][];
    for (int r = 0; r < rows.size; r++) {
      rowGraphs[r] = graphsOf(rows, r);
      long s = value(rows, r, subject, sCol);
      long o = value(rows, r, object, oCol);
      for (long g : rowGraphs[r]) {
        if (s != 0 && o != 0 && reachability != null) {
          continue; // answered per row, stopping at the object
        } else if (s != 0) {
          fromSubjects.computeIfAbsent(g, k -> new LongSet()).add(s);
        } else if (o != 0) {
          fromObjects.computeIfAbsent(g, k -> new LongSet()).add(o);
        }
      }
    }
    fromSubjects.forEach((g, nodes) -> eval(g).forward(forward, nodes.toArray()));
    fromObjects.forEach((g, nodes) -> eval(g).forward(backward, nodes.toArray()));
    for (int r = 0; r < rows.size; r++) {
      long s = value(rows, r, subject, sCol);
      long o = value(rows, r, object, oCol);
      for (long g : rowGraphs[r]) {
        PathEval e = eval(g);
        if (s != 0 && o != 0 && reachability != null) {
          // Both ends given, set semantics: one row if the object is reachable.
          long[] ends = e.reaches(reachability, s, o) ? new long[] {o} : new long[0];
          work.add(new Work(r, g, new long[] {s}, new long[][] {ends}, true));
        } else if (s != 0) {
          long[] one = {s};
          work.add(new Work(r, g, one, e.forward(forward, one), true));
        } else if (o != 0) {
          long[] one = {o};
          work.add(new Work(r, g, one, e.forward(backward, one), false));
        } else {
          long[] all = e.starts(forward);
          for (int from = 0; from < all.length; from += Rows.BATCH) {
            // Ends computed when emitted: a large graph's starts are not all held at once.
            long[] chunk = Arrays.copyOfRange(all, from, Math.min(all.length, from + Rows.BATCH));
            work.add(new Work(r, g, chunk, null, true));
          }
        }
      }
    }
  }

  private PathEval eval(long g) {
    return evals.computeIfAbsent(g, k -> new PathEval(terms.view(), k));
  }

  /** The graphs row r is matched in: the constant one, its bound graph, or every named graph. */
  private long[] graphsOf(Rows rows, int r) {
    if (graphVar == null) {
      return constantGraph;
    }
    long g = gCol < inWidth ? rows.get(r, gCol) : 0;
    if (g == 0) {
      return namedGraphs;
    }
    return Arrays.binarySearch(namedGraphs, g) >= 0 ? new long[] {g} : new long[0];
  }

  /** An end's value for row r: its constant, the input's value, or 0 if unbound. */
  private long value(Rows rows, int r, End end, int col) {
    return end.var() == null ? end.id() : col < inWidth ? rows.get(r, col) : 0;
  }

  private void emit(Rows out, Work w) {
    long[][] ends = w.ends != null ? w.ends : eval(w.graph).forward(forward, w.starts);
    long bound = w.startIsSubject ? value(in, w.row, object, oCol) : 0;
    for (int i = 0; i < w.starts.length; i++) {
      long start = w.starts[i];
      // Both ends given, the same term, and a path with a zero-length route at its top: as ARQ
      // reads the spec, that route needs the term to be a node of the graph (a cycle needs it
      // anyway).
      if (bound != 0 && bound == start && zeroOrMore && !eval(w.graph).isNode(start)) {
        continue;
      }
      for (long end : ends[i]) {
        if (bound != 0 && end != bound) {
          continue;
        }
        if (w.ends == null && sameVar && end != start) {
          continue; // ?x path ?x with ?x free: routes back to the start
        }
        long s = w.startIsSubject ? start : end;
        long o = w.startIsSubject ? end : start;
        int at = out.append();
        System.arraycopy(in.data, w.row * in.width, out.data, at, inWidth);
        if (!(put(out, at, sCol, s) && put(out, at, oCol, o) && put(out, at, gCol, w.graph))) {
          out.size--;
        }
      }
    }
  }

  /** Binds column c of the row at {@code at}; false if it is bound to something else. */
  private static boolean put(Rows out, int at, int c, long id) {
    if (c < 0) {
      return true;
    }
    long have = out.data[at + c];
    if (have == 0) {
      out.data[at + c] = id;
      return true;
    }
    return have == id;
  }

  @Override
  public String label() {
    long lookups = evals.values().stream().mapToLong(PathEval::lookups).sum();
    return "path "
        + text
        + (graphVar != null ? " in graph ?" + graphVar.getVarName() : "")
        + " ["
        + lookups
        + " index lookups]";
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of(input);
  }
}
