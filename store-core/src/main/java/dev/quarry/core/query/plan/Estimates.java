package dev.quarry.core.query.plan;

import dev.quarry.core.query.IdAccess;
import dev.quarry.core.query.Rules;
import dev.quarry.core.query.TermSpace;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;

/**
 * Cardinality estimates from the store's statistics: the rows one triple pattern yields per input
 * row, given which of its variables are already bound. Quads per predicate, divided by the
 * predicate's distinct subjects (or objects) when the subject (or object) is bound; with inference,
 * summed over the subproperties or subclasses the pattern expands to.
 */
final class Estimates {
  private final IdAccess access;
  private final Rules rules;

  Estimates(IdAccess access, Rules rules) {
    this.access = access;
    this.rules = rules;
  }

  double perRow(Triple t, Set<Var> bound, TermSpace terms) {
    boolean s = isBound(t.getSubject(), bound);
    boolean o = isBound(t.getObject(), bound);
    Node pn = t.getPredicate();
    if (Var.isVar(pn)) {
      double all = Math.max(1, access.quads());
      return s && o ? 2 : s ? 20 : o ? 50 : all; // a guess: predicates per subject/object
    }
    long p = access.id(pn);
    if (p == 0) {
      return 0;
    }
    long[] preds = rules != null ? rules.subPropertiesOf(p) : new long[] {p};
    double sum = 0;
    for (long q : preds) {
      sum += forPredicate(q, s, o);
    }
    if (rules != null && p == rules.typeId() && t.getObject().isConcrete()) {
      long c = access.id(t.getObject());
      sum *= c == 0 ? 1 : rules.subClassesOf(c).length;
    }
    return sum;
  }

  private double forPredicate(long p, boolean s, boolean o) {
    double quads = access.quadsWithPredicate(p);
    if (quads == 0) {
      return 0;
    }
    double perS = quads / Math.max(1, access.distinctSubjects(p));
    double perO = quads / Math.max(1, access.distinctObjects(p));
    if (s && o) {
      return Math.min(1.0, Math.min(perS, perO)); // at most one quad: a check
    }
    if (s) {
      return perS;
    }
    if (o) {
      return perO;
    }
    return quads;
  }

  private static boolean isBound(Node n, Set<Var> bound) {
    return !Var.isVar(n) || bound.contains(Var.alloc(n));
  }
}
