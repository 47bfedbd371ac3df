package dev.quarry.core.query.plan;

import dev.quarry.core.index.spi.QuadView;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.core.Var;

/**
 * A group that is one triple pattern and nothing else, its subject and object different variables,
 * its predicate a third variable or a constant the store has: what counts, DISTINCTs and scans of a
 * whole predicate (or of every quad) are answered from the indexes for.
 *
 * @param predicate the constant predicate's id, or {@link QuadView#NONE} for a variable
 */
record OnePattern(Triple triple, long predicate) {
  /**
   * The pattern of {@code op}, or null if it is not one such pattern, or its constant predicate is
   * not in the store (the general path answers that: no rows).
   */
  static OnePattern of(Op op, QuadView view) {
    Group group = Group.of(op);
    if (group == null || group.triples().size() != 1 || !group.conjuncts().isEmpty()) {
      return null;
    }
    Triple t = group.triples().get(0);
    Node s = t.getSubject();
    Node p = t.getPredicate();
    Node o = t.getObject();
    boolean distinct = !s.equals(o) && !p.equals(s) && !p.equals(o);
    if (!s.isVariable() || !o.isVariable() || !distinct) {
      return null;
    }
    long pid = p.isVariable() ? QuadView.NONE : view.id(p);
    return p.isVariable() || pid != QuadView.NONE ? new OnePattern(t, pid) : null;
  }

  /** The quad part (1 s, 2 p, 3 o) variable {@code v} stands at, or -1. */
  int partOf(Var v) {
    return v.equals(triple.getSubject())
        ? 1
        : v.equals(triple.getPredicate()) ? 2 : v.equals(triple.getObject()) ? 3 : -1;
  }

  /** The predicate variable, or null for a constant. */
  Var predicateVar() {
    return predicate == QuadView.NONE ? Var.alloc(triple.getPredicate()) : null;
  }
}
