package dev.quarry.core.query.plan;

import dev.quarry.core.query.exec.MergeJoin;
import dev.quarry.core.query.exec.ObjectRange;
import java.util.List;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.Expr;

/**
 * The first step of a join order as a {@link MergeJoin} of two patterns on their subject, where
 * reading both in subject order costs less than probing the second with each row of the first.
 */
final class MergePlanner {
  /**
   * Reading a side sequentially costs about an eighth of a probe into it (a decoded row against a
   * batched lookup's descent and block search): a merge join pays while the second side has at most
   * this many quads per row of the first. Below {@link #MERGE_MIN_ROWS} rows, probing is cheap
   * anyway and keeps a LIMIT from reading a whole side.
   */
  private static final double MERGE_SCAN_PER_PROBE = 7;

  private static final double MERGE_MIN_ROWS = 256;

  /** Diagnostic switch for A/B runs, read per plan (JoinBenchmark sets it per trial). */
  private static boolean merging() {
    return !"false".equals(System.getProperty("quarry.exec.merge"));
  }

  private final Scope scope;

  MergePlanner(Scope scope) {
    this.scope = scope;
  }

  /**
   * A merge join of the first pattern with the partner the cost favours among the rest (removed
   * from them), or null: both need a constant predicate, the same subject variable, an object that
   * is a constant or another variable, and no inference; and no filter bounding the object to a
   * range (then the pattern reads only the range instead of the whole predicate).
   */
  MergeJoin plan(Triple first, double firstRows, List<Triple> rest, List<Expr> pending) {
    boolean enabled = merging() && scope.graphVar == null && scope.rules == null;
    MergeJoin.Side a = enabled && firstRows >= MERGE_MIN_ROWS ? side(first, pending) : null;
    if (a == null) {
      return null;
    }
    Var subject = Var.alloc(first.getSubject());
    Set<Var> bySubject = Set.of(subject);
    Triple partner = null;
    MergeJoin.Side b = null;
    double perRow = Double.MAX_VALUE;
    for (Triple t : rest) {
      MergeJoin.Side side = t.getSubject().equals(first.getSubject()) ? side(t, pending) : null;
      if (side == null) {
        continue;
      }
      double all = scope.perRow(t, Set.of());
      double per = scope.perRow(t, bySubject);
      if (all <= MERGE_SCAN_PER_PROBE * firstRows && per < perRow) {
        partner = t;
        b = side;
        perRow = per;
      }
    }
    if (partner == null) {
      return null;
    }
    rest.remove(partner);
    MergeJoin join = new MergeJoin(scope.view, scope.graph, subject, a, b);
    join.estimate(firstRows * Math.max(perRow, 1e-3));
    return join;
  }

  /** A pattern as one side of a merge join on its subject, or null if it cannot be one. */
  private MergeJoin.Side side(Triple t, List<Expr> pending) {
    Node s = t.getSubject();
    Node p = t.getPredicate();
    Node o = t.getObject();
    if (!Var.isVar(s) || Var.isVar(p) || s.equals(o)) {
      return null;
    }
    if (Var.isVar(o)
        && ObjectRange.of(Var.alloc(o), pending, List.of(), scope.terms, scope.cxt) != null) {
      return null;
    }
    long pid = scope.view.id(p);
    long oid = Var.isVar(o) ? 0 : scope.view.id(o);
    if (pid == 0 || (!Var.isVar(o) && oid == 0)) {
      return null; // a term the store lacks: the usual path answers with no rows
    }
    return new MergeJoin.Side(pid, oid, Var.isVar(o) ? Var.alloc(o) : null, PatternPlanner.text(t));
  }
}
