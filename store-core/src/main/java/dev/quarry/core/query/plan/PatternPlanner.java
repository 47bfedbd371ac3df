package dev.quarry.core.query.plan;

import dev.quarry.core.query.exec.Filter;
import dev.quarry.core.query.exec.IdOperator;
import dev.quarry.core.query.exec.MergeJoin;
import dev.quarry.core.query.exec.ObjectRange;
import dev.quarry.core.query.exec.PatternJoin;
import dev.quarry.core.query.exec.Rows;
import dev.quarry.core.query.exec.Source;
import dev.quarry.core.query.exec.TriplePattern;
import dev.quarry.core.query.exec.TripleTermMatch;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprList;

/**
 * Join order and lookups for a group of triple patterns and filter conjuncts: the pattern with the
 * fewest estimated rows next (counting the filters it lets apply), each a {@link PatternJoin} (or,
 * first, a {@link MergeJoin} of two), each conjunct applied as soon as its variables are bound.
 */
final class PatternPlanner {
  /**
   * First-step rows from which a join order's start is chosen by the rows of its first two steps:
   * the fewest rows first can be a pattern whose neighbours fan out widely (BSBM BI Q1's 576
   * product types, fifty products each, against a country's 747 things, a few of them producers).
   * Below, a few rows are cheap from anywhere, and the extra estimates are not made (planning is
   * per query).
   */
  private static final double LOOKAHEAD_ROWS = 64;

  /** Diagnostic switch for A/B runs: {@code quarry.exec.lookahead=false} (see LOOKAHEAD_ROWS). */
  private static final boolean LOOKAHEAD =
      !"false".equals(System.getProperty("quarry.exec.lookahead"));

  /** Diagnostic switch for A/B runs: {@code quarry.exec.whole-patterns=false}. */
  private static final boolean WHOLE_PATTERNS =
      !"false".equals(System.getProperty("quarry.exec.whole-patterns"));

  /**
   * Terms listed by their parts at most (see {@link #candidates}); beyond, the term is matched as
   * the patterns around it bind it, not held as a list.
   */
  private static final int MAX_FOUND = 4096;

  /** The pattern a join order takes next, and the rows it is estimated to find per input row. */
  record Step(Triple triple, double fanOut) {}

  private final Scope scope;
  private final MergePlanner merges;

  PatternPlanner(Scope scope) {
    this.scope = scope;
    this.merges = new MergePlanner(scope);
  }

  /** The group's patterns and conjuncts joined with each row of {@code input}. */
  IdOperator plan(List<Triple> triples, List<Expr> conjuncts, IdOperator input) {
    Set<Var> bound = new LinkedHashSet<>(input.vars());
    // What every row binds, for filters: an input column some rows leave unbound is not, until a
    // pattern of this group binds it.
    Set<Var> certain = new LinkedHashSet<>(bound);
    certain.removeAll(input.maybeUnbound());
    // Triple terms with variables inside: a variable each in the patterns, matched on the side.
    TripleTerms.Rewrite open = TripleTerms.of(triples);
    List<TripleTerms.Term> terms = open == null ? List.of() : new ArrayList<>(open.terms());
    List<Triple> rest = new ArrayList<>(open == null ? triples : open.triples());
    List<Expr> pending = new ArrayList<>(conjuncts);
    IdOperator cur = matchTerms(input, terms, bound, certain);
    cur = applicable(cur, pending, certain, cur.estimate());
    double rows = Math.max(1, input.estimate());
    List<Equality> equalities = Equality.in(conjuncts);
    while (!rest.isEmpty()) {
      Step step = cheapest(rest, bound, pending, equalities);
      Triple best = step.triple();
      rest.remove(best);
      // The first step, from the single empty row with no filter on it (FILTER(false) would be).
      if (cur == input
          && input instanceof Source
          && bound.isEmpty()
          && input.estimate() == 1
          && !filtersByTerm(best, terms)) {
        MergeJoin merge = merges.plan(best, step.fanOut(), rest, pending);
        if (merge != null) {
          bound.addAll(merge.vars());
          certain.addAll(merge.vars());
          cur = matchTerms(merge.cancellable(scope.cxt), terms, bound, certain);
          cur = applicable(cur, pending, certain, merge.estimate());
          rows = cur.estimate();
          continue;
        }
      }
      PatternJoin join = lookup(cur, step, bound, pending, equalities);
      if (join == null) {
        return empty(input, triples); // a term the store does not have: no match
      }
      rows *= Math.max(step.fanOut(), 1e-3);
      cur = join.estimate(rows).cancellable(scope.cxt);
      for (Node n : new Node[] {best.getSubject(), best.getPredicate(), best.getObject()}) {
        if (Var.isVar(n)) {
          bound.add(Var.alloc(n));
          certain.add(Var.alloc(n));
        }
      }
      if (scope.graphVar != null) {
        bound.add(scope.graphVar);
        certain.add(scope.graphVar);
      }
      cur = matchTerms(cur, terms, bound, certain);
      cur = applicable(cur, pending, certain, rows);
      rows = cur.estimate();
    }
    if (!terms.isEmpty()) {
      throw new IllegalStateException("triple terms left unmatched: " + terms);
    }
    if (!pending.isEmpty()) {
      // Variables no pattern binds: unbound, so these are errors, which a filter treats as false.
      cur = new Filter(cur, new ExprList(pending), scope.terms, scope.cxt).estimate(0);
    }
    return cur;
  }

  /**
   * True if {@code t} binds the variable of a triple term with a constant inside: its rows are
   * unpacked and filtered before anything else joins them, which a merge join, reading its second
   * pattern whole, would not let happen.
   */
  private static boolean filtersByTerm(Triple t, List<TripleTerms.Term> terms) {
    for (TripleTerms.Term term : terms) {
      if (term.constants() > 0 && Group.vars(List.of(t)).contains(term.var())) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code cur} with each open triple term matched as soon as it can be (see {@link
   * TripleTermMatch}): unpacked once its variable is bound, packed once all its parts are, over and
   * again while one match lets another run (nested terms).
   */
  private IdOperator matchTerms(
      IdOperator cur, List<TripleTerms.Term> terms, Set<Var> bound, Set<Var> certain) {
    for (boolean again = true; again; ) {
      again = false;
      for (Iterator<TripleTerms.Term> it = terms.iterator(); it.hasNext(); ) {
        TripleTerms.Term t = it.next();
        boolean unpack = certain.contains(t.var());
        long[] found = null;
        if (!unpack && !certain.containsAll(t.partVars())) {
          found = candidates(t);
          if (found == null) {
            continue;
          }
        }
        long[] consts = new long[3];
        Var[] parts = new Var[3];
        for (int k = 0; k < 3; k++) {
          Node n = t.parts()[k];
          if (Var.isVar(n)) {
            parts[k] = Var.alloc(n);
          } else {
            consts[k] = scope.terms.encode(n);
          }
        }
        TripleTermMatch.Mode mode =
            found != null
                ? TripleTermMatch.Mode.FIND
                : unpack ? TripleTermMatch.Mode.UNPACK : TripleTermMatch.Mode.PACK;
        double rows =
            Math.max(1, cur.estimate())
                * switch (mode) {
                  case FIND -> found.length;
                  case UNPACK -> Math.pow(0.5, t.constants());
                  case PACK -> 1;
                };
        cur =
            new TripleTermMatch(cur, t.var(), consts, parts, mode, found, scope.terms)
                .estimate(rows)
                .cancellable(scope.cxt);
        bound.add(t.var());
        certain.add(t.var());
        bound.addAll(t.partVars());
        certain.addAll(t.partVars());
        it.remove();
        again = true;
      }
    }
    return cur;
  }

  /**
   * The store's terms a term with a constant predicate and a constant object (or subject) may be,
   * listed by their parts ({@link dev.quarry.core.index.spi.QuadView#tripleTermsWith}); null if the
   * term has no such constants or the store cannot list them.
   */
  private long[] candidates(TripleTerms.Term t) {
    Node[] n = t.parts();
    if (Var.isVar(n[1]) || (Var.isVar(n[2]) && Var.isVar(n[0]))) {
      return null;
    }
    long p = scope.view.id(n[1]);
    long o = Var.isVar(n[2]) ? 0 : scope.view.id(n[2]);
    long s = Var.isVar(n[0]) ? 0 : scope.view.id(n[0]);
    if (p == 0 || (o == 0 && s == 0)) {
      return null; // a constant the store lacks: the pattern's lookup finds nothing anyway
    }
    return scope.view.tripleTermsWith(p, s, o, MAX_FOUND);
  }

  /**
   * The lookup of pattern {@code t} for each row of {@code cur}; null if it names a lacking term.
   */
  private PatternJoin lookup(
      IdOperator cur, Step step, Set<Var> bound, List<Expr> pending, List<Equality> equalities) {
    Triple t = step.triple();
    long[] consts = new long[3];
    Var[] at = new Var[3];
    Node[] nodes = {t.getSubject(), t.getPredicate(), t.getObject()};
    for (int k = 0; k < 3; k++) {
      if (Var.isVar(nodes[k])) {
        at[k] = Var.alloc(nodes[k]);
      } else {
        consts[k] = scope.view.id(nodes[k]);
        if (consts[k] == 0) {
          return null;
        }
      }
    }
    // Filters bounding a fresh object with numbers: the pattern reads only their id ranges.
    ObjectRange range =
        scope.rules == null
                && consts[1] != 0
                && at[2] != null
                && !bound.contains(at[2])
                && !at[2].equals(at[0])
            ? ObjectRange.of(at[2], pending, cur.vars(), scope.terms, scope.cxt)
            : null;
    long[] named = scope.graphVar == null ? null : scope.named();
    TriplePattern pattern =
        new TriplePattern(consts, at, scope.graph, scope.graphVar, named, text(t));
    return new PatternJoin(cur, scope.view, pattern, scope.rules, step.fanOut())
        .objectRange(range)
        .wholePattern(wholeQuads(t, consts, at, bound, range))
        .equalTo(Equality.columns(equalities, at, bound, cur), scope.terms::equalsOnlyItself);
  }

  /**
   * Of {@code rest}, the pattern to join next to rows that bind {@code bound}: the fewest rows per
   * row after the filters it lets apply, a cartesian product last.
   */
  Step cheapest(List<Triple> rest, Set<Var> bound, List<Expr> pending, List<Equality> equalities) {
    // A variable equal (by a filter) to a bound one is looked up as bound (see Equality).
    Set<Var> known = Equality.closure(equalities, bound);
    double[] costs = new double[rest.size()];
    double[] fanOuts = new double[rest.size()];
    int best = 0;
    for (int i = 0; i < rest.size(); i++) {
      Triple t = rest.get(i);
      fanOuts[i] = scope.perRow(t, known);
      costs[i] = fanOuts[i] * completed(pending, bound, t);
      if (!bound.isEmpty() && !connected(t, known) && fanOuts[i] >= 2) {
        // A cartesian product: last. One of about a row per row multiplies nothing, and may
        // bind what a later pattern's filters need (the value a range is computed from).
        costs[i] *= 1e6;
      }
      best = costs[i] < costs[best] ? i : best;
    }
    if (bound.isEmpty() && LOOKAHEAD && rest.size() > 2 && costs[best] >= LOOKAHEAD_ROWS) {
      // The start by the rows of its first two steps, not its first alone (see LOOKAHEAD_ROWS).
      best = 0;
      for (int i = 0; i < rest.size(); i++) {
        Triple t = rest.get(i);
        costs[i] *= 1 + nextFanOut(t, rest, Group.vars(List.of(t)), pending, equalities);
        best = costs[i] < costs[best] ? i : best; // costs[best], best <= i, is two steps' too
      }
    }
    return new Step(rest.get(best), fanOuts[best]);
  }

  /**
   * The fraction of rows kept by the pending filters that joining {@code t} to rows binding {@code
   * bound} makes applicable: those whose variables are all bound after it and not all before.
   */
  private double completed(List<Expr> pending, Set<Var> bound, Triple t) {
    if (pending.isEmpty()) {
      return 1;
    }
    Set<Var> mine = Group.vars(List.of(t));
    double sel = 1;
    for (Expr e : pending) {
      boolean before = true;
      boolean after = true;
      for (Var v : scope.mentioned(e)) {
        boolean b = bound.contains(v);
        before &= b;
        after &= b || mine.contains(v);
      }
      if (after && !before) {
        sel *= Selectivity.of(e);
      }
    }
    return sel;
  }

  /**
   * The fewest rows per row that a pattern of {@code rest} connected to {@code first} would find
   * next, once {@code first} has bound {@code after} (0 if none is connected).
   */
  private double nextFanOut(
      Triple first, List<Triple> rest, Set<Var> after, List<Expr> pending, List<Equality> eq) {
    Set<Var> known = Equality.closure(eq, after);
    double best = Double.MAX_VALUE;
    for (Triple u : rest) {
      if (u == first || !connected(u, known)) {
        continue;
      }
      double sel = completed(pending, after, u);
      best = Math.min(best, scope.perRow(u, known) * sel);
    }
    return best == Double.MAX_VALUE ? 0 : best;
  }

  /**
   * The quads of a pattern that the input's rows may find by reading it whole ({@link
   * PatternJoin#wholePattern}), or -1 if it cannot be read so: its subject is bound by the input,
   * its predicate constant, its object constant or fresh, without inference, graph variable or
   * object range.
   */
  private long wholeQuads(Triple t, long[] consts, Var[] at, Set<Var> bound, ObjectRange range) {
    boolean subjectBound = at[0] != null && bound.contains(at[0]);
    boolean objectFree = consts[2] != 0 || (!bound.contains(at[2]) && !at[2].equals(at[0]));
    if (scope.rules != null || scope.graphVar != null || consts[1] == 0 || !WHOLE_PATTERNS) {
      return -1;
    }
    if (!subjectBound || !objectFree) {
      return -1;
    }
    return (long) Math.ceil(scope.perRow(t, Set.of()));
  }

  /** Wraps {@code cur} in a filter of the pending conjuncts whose variables are all bound. */
  private IdOperator applicable(IdOperator cur, List<Expr> pending, Set<Var> bound, double rows) {
    ExprList now = new ExprList();
    for (Iterator<Expr> it = pending.iterator(); it.hasNext(); ) {
      Expr e = it.next();
      if (bound.containsAll(scope.mentioned(e))) {
        now.add(e);
        it.remove();
      }
    }
    if (now.isEmpty()) {
      return cur;
    }
    double sel = 1;
    for (Expr e : now) {
      sel *= Selectivity.of(e);
    }
    return new Filter(cur, now, scope.terms, scope.cxt).estimate(rows * sel).cancellable(scope.cxt);
  }

  static boolean connected(Triple t, Set<Var> bound) {
    for (Node n : new Node[] {t.getSubject(), t.getPredicate(), t.getObject()}) {
      if (Var.isVar(n) && bound.contains(Var.alloc(n))) {
        return true;
      }
    }
    return false;
  }

  /** No rows, with the columns the input and the patterns would have had. */
  private IdOperator empty(IdOperator input, List<Triple> triples) {
    List<Var> vars = Group.columns(input.vars(), scope.graphVar, triples);
    return new Source(vars, new Rows(vars.size(), 0), "no match (a term the store lacks)");
  }

  /** A pattern as EXPLAIN shows it. */
  static String text(Triple t) {
    return "{ "
        + str(t.getSubject())
        + " "
        + str(t.getPredicate())
        + " "
        + str(t.getObject())
        + " }";
  }

  static String str(Node n) {
    return Var.isVar(n) ? "?" + n.getName() : n.isURI() ? "<" + n.getURI() + ">" : n.toString();
  }
}
