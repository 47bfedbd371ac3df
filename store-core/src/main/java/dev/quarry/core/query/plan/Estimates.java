package dev.quarry.core.query.plan;

import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.query.exec.TermSpace;
import dev.quarry.core.query.rules.Rules;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;

/**
 * Cardinality estimates: the rows one triple pattern yields per input row, given which of its
 * variables are already bound. A constant subject or object is counted in the index (exactly when
 * few, else from the tree's shape), since the average over a predicate misleads for skewed values
 * ({@code ?x a bsbm:Offer} against the average class). Otherwise from the statistics: quads per
 * predicate, divided by the predicate's distinct subjects (or objects) when the subject (or object)
 * is bound by a variable. With inference, summed over the subproperties and subclasses the pattern
 * expands to.
 */
final class Estimates {
  /** Beyond this many subclasses a class pattern is estimated from averages, not counted. */
  private static final int COUNTED_CLASSES = 32;

  private final QuadView view;
  private final long graph;
  private final Rules rules;
  private final KeptCounts kept; // across queries of a commit; null: none
  private final Map<List<Long>, Long> counted = new HashMap<>();
  private final Map<Node, Long> ids = new HashMap<>();
  // By pattern: its estimate with neither, the object, the subject, both bound (NaN: not made). A
  // join order asks for every pattern left at each step, always with one of these four.
  private final Map<Triple, double[]> made = new IdentityHashMap<>();

  Estimates(QuadView view, long graph, Rules rules, KeptCounts kept) {
    this.view = view;
    this.graph = graph;
    this.rules = rules;
    this.kept = kept;
  }

  double perRow(Triple t, Set<Var> bound, TermSpace terms) {
    boolean s = isBound(t.getSubject(), bound);
    boolean o = isBound(t.getObject(), bound);
    double[] known = made.get(t);
    if (known == null) {
      known = new double[4];
      Arrays.fill(known, Double.NaN);
      made.put(t, known);
    }
    int at = (s ? 2 : 0) | (o ? 1 : 0);
    if (Double.isNaN(known[at])) {
      known[at] = estimate(t, s, o);
    }
    return known[at];
  }

  private double estimate(Triple t, boolean s, boolean o) {
    Node pn = t.getPredicate();
    if (Var.isVar(pn)) {
      double all = Math.max(1, view.quads());
      return s && o ? 2 : s ? 20 : o ? 50 : all; // a guess: predicates per subject/object
    }
    long p = id(pn);
    if (p == 0) {
      return 0;
    }
    long sc = t.getSubject().isConcrete() ? id(t.getSubject()) : 0;
    long oc = t.getObject().isConcrete() ? id(t.getObject()) : 0;
    long[] preds = rules != null ? rules.subPropertiesOf(p) : new long[] {p};
    long[] objects = {oc};
    if (rules != null && p == rules.typeId() && oc != 0) {
      objects = rules.subClassesOf(oc);
    }
    double sum = 0;
    if (objects.length > COUNTED_CLASSES) {
      for (long q : preds) {
        sum += objects.length * forPredicate(q, s, o, sc, 0);
      }
      return sum;
    }
    for (long q : preds) {
      for (long c : objects) {
        sum += forPredicate(q, s, o, sc, c);
      }
    }
    return sum;
  }

  /**
   * Rows per input row of predicate q; {@code sc} and {@code oc} are the constant subject and
   * object (0: a variable, or a constant not counted).
   */
  private double forPredicate(long q, boolean s, boolean o, long sc, long oc) {
    double quads = view.quadsWithPredicate(q);
    if (quads == 0) {
      return 0;
    }
    double perS = quads / Math.max(1, view.distinctSubjects(q));
    double perO = quads / Math.max(1, view.distinctObjects(q));
    if (s && o) {
      if (oc != 0 && sc == 0) {
        // ?s (bound) q <o>: the share of q's subjects that have <o>.
        return Math.min(perS, count(0, q, oc) / Math.max(1, view.distinctSubjects(q)));
      }
      return Math.min(1.0, Math.min(perS, perO)); // at most one quad: a check
    }
    if (s) {
      return sc != 0 ? count(sc, q, 0) : perS;
    }
    if (o) {
      return oc != 0 ? count(0, q, oc) : perO;
    }
    return quads;
  }

  /** A constant's id, looked up once per query: the planner asks for every pattern at each step. */
  private long id(Node n) {
    return ids.computeIfAbsent(n, view::id);
  }

  /** Quads of the graph with these ids (0: any), counted once per commit (else per query). */
  double count(long s, long p, long o) {
    return kept != null
        ? kept.estimate(view, graph, s, p, o)
        : counted.computeIfAbsent(List.of(s, p, o), k -> view.estimate(graph, s, p, o));
  }

  private static boolean isBound(Node n, Set<Var> bound) {
    return !Var.isVar(n) || bound.contains(Var.alloc(n));
  }
}
