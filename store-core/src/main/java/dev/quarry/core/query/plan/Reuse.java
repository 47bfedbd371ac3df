package dev.quarry.core.query.plan;

import dev.quarry.core.query.exec.Deterministic;
import dev.quarry.core.query.exec.SharedRows;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.op.Op1;
import org.apache.jena.sparql.algebra.op.Op2;
import org.apache.jena.sparql.algebra.op.OpAssign;
import org.apache.jena.sparql.algebra.op.OpBGP;
import org.apache.jena.sparql.algebra.op.OpExtend;
import org.apache.jena.sparql.algebra.op.OpFilter;
import org.apache.jena.sparql.algebra.op.OpGroup;
import org.apache.jena.sparql.algebra.op.OpLeftJoin;
import org.apache.jena.sparql.algebra.op.OpN;
import org.apache.jena.sparql.algebra.op.OpOrder;
import org.apache.jena.sparql.algebra.op.OpProject;
import org.apache.jena.sparql.algebra.op.OpService;
import org.apache.jena.sparql.algebra.op.OpTopN;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprAggregator;
import org.apache.jena.sparql.graph.NodeTransformLib;

/**
 * The parts of one query that occur more than once, the same but for the names of their variables
 * (a subquery written twice; SPARQL renames a subquery's inner variables by its depth, so the two
 * differ only in names): each is computed once ({@link SharedRows}) and read by every occurrence.
 * Only subqueries, groups and patterns of two or more triples count, only outside SERVICE, and only
 * if nothing in them may differ between two evaluations (RAND, BNODE, an extension function).
 */
final class Reuse {
  /**
   * A part as every occurrence of it reads: the part over variables named by first appearance
   * (compared as algebra, structurally: printing it cost more than the rest of the analysis).
   */
  record Canon(Key key, Map<Var, Var> toCanonical) {}

  /**
   * A renamed part as compared: the algebra, and what Jena's {@code equalTo} leaves out of it: the
   * limit and order of each top-N ({@code OpTopN} compares the operators under it only, so ORDER BY
   * ?v LIMIT 1 would read the rows of ORDER BY ?v LIMIT 2) and each OPTIONAL's filter.
   */
  record Key(Op op, List<Object> leftOut) {}

  /** A part in the graph context it is evaluated in: only there are its rows the same. */
  record InContext(Key key, long graph, Var graphVar) {}

  /** A part computed once, by the first occurrence compiled. */
  record Computed(SharedRows rows, List<Var> vars, Map<Var, Var> toCanonical) {}

  private final Map<Op, Canon> repeated = new IdentityHashMap<>();
  private final Map<InContext, Computed> computed = new HashMap<>();

  private Reuse() {}

  /** The repeated parts of {@code root}, or null if none. */
  static Reuse of(Op root) {
    List<Op> parts = new ArrayList<>();
    collect(root, parts);
    // A number first (kind, size, predicates): most queries (BSBM's Explore mix) have no two parts
    // alike and stop here; only parts whose number repeats are renamed and compared in full.
    long[] signatures = new long[parts.size()];
    Map<Long, Integer> alike = new HashMap<>();
    for (int i = 0; i < signatures.length; i++) {
      signatures[i] = signature(parts.get(i));
      alike.merge(signatures[i], 1, Integer::sum);
    }
    Map<Key, Integer> keys = new HashMap<>();
    Map<Op, Canon> canons = new IdentityHashMap<>();
    for (int i = 0; i < signatures.length; i++) {
      Op op = parts.get(i);
      if (alike.get(signatures[i]) > 1 && deterministic(op)) {
        Canon c = canon(op);
        canons.put(op, c);
        keys.merge(c.key(), 1, Integer::sum);
      }
    }
    if (canons.isEmpty()) {
      return null;
    }
    Reuse r = new Reuse();
    r.mark(root, canons, keys);
    return r.repeated.isEmpty() ? null : r;
  }

  /** The part's canonical form if {@code op} is an occurrence of a repeated part, else null. */
  Canon repeated(Op op) {
    return repeated.get(op);
  }

  /** What the first occurrence of {@code key} (in a graph context) computed, or null. */
  Computed computed(InContext key) {
    return computed.get(key);
  }

  void computed(InContext key, Computed c) {
    computed.put(key, c);
  }

  /** Marks the outermost occurrences of repeated parts (their insides are computed with them). */
  private void mark(Op op, Map<Op, Canon> canons, Map<Key, Integer> keys) {
    Canon c = canons.get(op);
    if (c != null && keys.get(c.key()) > 1) {
      repeated.put(op, c);
      return;
    }
    for (Op sub : children(op)) {
      mark(sub, canons, keys);
    }
  }

  private static void collect(Op op, List<Op> out) {
    if (op instanceof OpService) {
      return;
    }
    if (op instanceof OpProject
        || op instanceof OpGroup
        || (op instanceof OpBGP b && b.getPattern().size() > 1)) {
      out.add(op);
    }
    for (Op sub : children(op)) {
      collect(sub, out);
    }
  }

  private static List<Op> children(Op op) {
    if (op instanceof Op1 o) {
      return o.getSubOp() == null ? List.of() : List.of(o.getSubOp());
    }
    if (op instanceof Op2 o) {
      return List.of(o.getLeft(), o.getRight());
    }
    if (op instanceof OpN o) {
      return o.getElements();
    }
    return List.of();
  }

  /** The kind of part, its size and its predicates: equal for parts alike but for names. */
  private static long signature(Op op) {
    long h = op.getName().hashCode();
    if (op instanceof OpBGP b) {
      for (Triple t : b.getPattern()) {
        h = h * 31 + (t.getPredicate().isVariable() ? 0 : t.getPredicate().hashCode());
      }
      return h;
    }
    for (Op sub : children(op)) {
      h = h * 31 + sub.getName().hashCode();
    }
    return h;
  }

  /** Nothing in {@code op} differs between two evaluations, and no SERVICE is in it. */
  private static boolean deterministic(Op op) {
    if (op instanceof OpService) {
      return false;
    }
    for (Expr e : exprs(op)) {
      if (!Deterministic.test(e)) {
        return false;
      }
    }
    for (Op sub : children(op)) {
      if (!deterministic(sub)) {
        return false;
      }
    }
    return true;
  }

  private static List<Expr> exprs(Op op) {
    List<Expr> out = new ArrayList<>();
    switch (op) {
      case OpFilter f -> f.getExprs().forEach(out::add);
      case OpLeftJoin l when l.getExprs() != null -> l.getExprs().forEach(out::add);
      case OpExtend e -> out.addAll(e.getVarExprList().getExprs().values());
      case OpAssign a -> out.addAll(a.getVarExprList().getExprs().values());
      case OpGroup g -> {
        out.addAll(g.getGroupVars().getExprs().values());
        for (ExprAggregator a : g.getAggregators()) {
          if (a.getAggregator().getExprList() != null) {
            a.getAggregator().getExprList().forEach(out::add);
          }
        }
      }
      case OpOrder o -> o.getConditions().forEach(c -> out.add(c.getExpression()));
      case OpTopN t -> t.getConditions().forEach(c -> out.add(c.getExpression()));
      default -> {}
    }
    return out;
  }

  /** The part with its variables renamed in order of first appearance. */
  static Canon canon(Op op) {
    Map<Var, Var> names = new LinkedHashMap<>();
    Op renamed =
        NodeTransformLib.transform(
            n ->
                n instanceof Var v
                    ? names.computeIfAbsent(v, k -> Var.alloc("r" + names.size()))
                    : n,
            op);
    List<Object> leftOut = new ArrayList<>();
    leftOut(renamed, leftOut);
    return new Canon(new Key(renamed, leftOut), names);
  }

  private static void leftOut(Op op, List<Object> out) {
    if (op instanceof OpTopN t) {
      out.add(List.of(t.getLimit(), t.getConditions()));
    } else if (op instanceof OpLeftJoin l) {
      out.add(l.getExprs() == null ? List.of() : l.getExprs().getList());
    }
    for (Op sub : children(op)) {
      leftOut(sub, out);
    }
  }

  /** The variables of the first occurrence's rows as another occurrence names them, or null. */
  static List<Var> renamed(Computed first, Canon other) {
    Map<Var, Var> back = new HashMap<>();
    other.toCanonical().forEach((v, c) -> back.put(c, v));
    List<Var> vars = new ArrayList<>();
    for (Var v : first.vars()) {
      Var c = first.toCanonical().get(v);
      Var mine = c == null ? null : back.get(c);
      if (mine == null) {
        return null;
      }
      vars.add(mine);
    }
    return vars;
  }
}
