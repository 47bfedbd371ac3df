package dev.quarry.core.query.plan;

import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.query.exec.TermSpace;
import dev.quarry.core.query.rules.Rules;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.expr.Expr;

/**
 * What every planner of one query part shares: the store's terms and quads, the graph the patterns
 * read (the active graph's id, or {@link QuadView#NONE} with a graph variable inside {@code GRAPH
 * ?g}), the inference rules (null: none), ARQ's context and the estimates for that graph.
 */
final class Scope {
  final TermSpace terms;
  final QuadView view;
  final long graph;
  final Var graphVar; // inside GRAPH ?g: the pattern's graph is this variable
  final Rules rules;
  final ExecutionContext cxt;
  final Estimates estimates;
  // The dataset's named graphs (null: not known), asked for only by GRAPH, once per scope.
  private final Supplier<long[]> namedGraphs;
  private long[] named;
  private boolean namedAsked;
  // Each filter's variables: Jena walks the expression for every call, and the planner asks for
  // each pending filter at every step, for every pattern it weighs.
  private final Map<Expr, Set<Var>> mentioned = new IdentityHashMap<>();

  Scope(
      TermSpace terms,
      long graph,
      Var graphVar,
      Supplier<long[]> namedGraphs,
      Rules rules,
      ExecutionContext cxt) {
    this.terms = terms;
    this.view = terms.view();
    this.graph = graph;
    this.graphVar = graphVar;
    this.namedGraphs = namedGraphs;
    this.rules = rules;
    this.cxt = cxt;
    this.estimates = new Estimates(view, graph, rules, KeptCounts.of(cxt));
  }

  /** The named graphs of the dataset queried, as ids of graphs the store holds; null: unknown. */
  long[] named() {
    if (!namedAsked) {
      named = namedGraphs.get();
      namedAsked = true;
    }
    return named;
  }

  /** The same query in one named graph, or (graph NONE) in the one a variable ranges over. */
  Scope inGraph(long id, Var var) {
    long[] known = named();
    return new Scope(terms, id, var, () -> known, rules, cxt);
  }

  /** True if {@code id} is one of the named graphs (never for NONE). */
  static boolean isNamed(long[] named, long id) {
    for (long x : named) {
      if (x == id && id != QuadView.NONE) {
        return true;
      }
    }
    return false;
  }

  /** The variables {@code e} mentions, made once per query part. */
  Set<Var> mentioned(Expr e) {
    return mentioned.computeIfAbsent(e, Expr::getVarsMentioned);
  }

  /** The estimated rows of a pattern per input row, given the variables already bound. */
  double perRow(Triple t, Set<Var> bound) {
    return estimates.perRow(t, bound, terms);
  }
}
