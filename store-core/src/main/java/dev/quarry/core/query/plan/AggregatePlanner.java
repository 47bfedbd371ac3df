package dev.quarry.core.query.plan;

import dev.quarry.core.index.spi.QuadScan;
import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.query.exec.Aggregate;
import dev.quarry.core.query.exec.DistinctTerms;
import dev.quarry.core.query.exec.Extend;
import dev.quarry.core.query.exec.IdOperator;
import dev.quarry.core.query.exec.Rows;
import dev.quarry.core.query.exec.ScanAggregate;
import dev.quarry.core.query.exec.Source;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.op.OpGroup;
import org.apache.jena.sparql.algebra.op.OpProject;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprAggregator;
import org.apache.jena.sparql.expr.aggregate.AggCount;
import org.apache.jena.sparql.expr.aggregate.AggCountVar;
import org.apache.jena.sparql.expr.aggregate.AggCountVarDistinct;

/**
 * GROUP BY and DISTINCT, answered from what the store keeps where it can: counts from the
 * statistics and the indexes' key prefixes, distinct values from an index's key order, counting
 * aggregates on ids straight from a scan; otherwise a hash {@link Aggregate} over the compiled
 * pattern.
 */
final class AggregatePlanner {
  private final Scope scope;
  private final Compiler compiler;

  AggregatePlanner(Scope scope, Compiler compiler) {
    this.scope = scope;
    this.compiler = compiler;
  }

  /** GROUP BY (and the aggregates) of {@code g} over the input, or null. */
  IdOperator group(OpGroup g, IdOperator input) {
    boolean plain = g.getGroupVars().getVars().stream().allMatch(v -> !keyIsExpression(g, v));
    boolean simple = plain && scope.graphVar == null && scope.rules == null;
    IdOperator counted = simple ? countFromStatistics(g) : null;
    if (counted == null && simple) {
      counted = scanAggregate(g, input);
    }
    if (counted != null) {
      return counted;
    }
    IdOperator sub = compiler.compile(g.getSubOp(), input);
    // GROUP BY (expression): the key computed into its column first (unbound on an error, which
    // groups those rows together, as SPARQL says).
    for (Var v : g.getGroupVars().getVars()) {
      if (sub != null && keyIsExpression(g, v)) {
        Expr key = g.getGroupVars().getExpr(v);
        sub = new Extend(sub, v, key, scope.terms, scope.cxt).estimate(sub.estimate());
      }
    }
    return sub == null
        ? null
        : new Aggregate(sub, g.getGroupVars().getVars(), g.getAggregators(), scope.terms, scope.cxt)
            .estimate(g.getGroupVars().isEmpty() ? 1 : Math.max(1, sub.estimate() / 10));
  }

  private static boolean keyIsExpression(OpGroup g, Var v) {
    Expr e = g.getGroupVars().getExpr(v);
    return e != null && !(e.isVariable() && e.asVar().equals(v));
  }

  /**
   * COUNT(*) or COUNT(DISTINCT ?x) of one pattern of different variables (the predicate may be a
   * constant), ungrouped or grouped by the predicate, answered with no row read where the store
   * keeps the answer exactly: the statistics (kept with every write; {@code quarry check} compares
   * them with a recount), or a projection's key prefixes ({@link QuadView#countDistinct}).
   * Ungrouped, the active graph's quads or its different subjects, predicates, objects; per
   * predicate, its quads, subjects or objects when the store has no named graph (the statistics
   * count predicates over all graphs). The questions people ask a store first.
   */
  private IdOperator countFromStatistics(OpGroup g) {
    List<Var> groupVars = g.getGroupVars().getVars();
    if (groupVars.size() > 1 || g.getAggregators().size() != 1) {
      return null;
    }
    ExprAggregator agg = g.getAggregators().get(0);
    OnePattern pattern = OnePattern.of(g.getSubOp(), scope.view);
    if (pattern == null) {
      return null;
    }
    int part; // the counted part: 0 every quad, else the distinct one's
    if (agg.getAggregator() instanceof AggCount) {
      part = 0;
    } else if (agg.getAggregator() instanceof AggCountVarDistinct d
        && d.getExprList().get(0).isVariable()) {
      part = pattern.partOf(d.getExprList().get(0).asVar());
    } else {
      return null;
    }
    if (part < 0) {
      return null;
    }
    return groupVars.isEmpty()
        ? countAll(pattern, part, agg.getVar())
        : countPerPredicate(pattern, part, groupVars.get(0), agg.getVar());
  }

  /** True if the active graph is the default graph and the store has no other. */
  private boolean onlyThisGraph() {
    QuadView view = scope.view;
    return scope.graph == view.defaultGraph()
        && Arrays.stream(view.graphs()).allMatch(x -> x == scope.graph);
  }

  /** The ungrouped count of {@link #countFromStatistics}, or null if the store does not keep it. */
  private IdOperator countAll(OnePattern pattern, int part, Var out) {
    QuadView view = scope.view;
    long pid = pattern.predicate();
    long graph = scope.graph;
    long n;
    String label;
    if (part == 0 && pid == QuadView.NONE) {
      n = view.quadsInGraph(graph);
      label = "COUNT(*) from the statistics";
    } else if (part == 0) {
      if (!onlyThisGraph()) {
        return null;
      }
      n = view.quadsWithPredicate(pid);
      label = "COUNT(*) of a predicate from the statistics";
    } else {
      if (!onlyThisGraph() && !(part == 1 && pid == QuadView.NONE)) {
        return null; // not kept for one graph among several: counted by a scan
      }
      n = view.countDistinct(graph, pid, part);
      label =
          part == 1 && pid == QuadView.NONE
              ? "COUNT(DISTINCT subject) on the GS index"
              : "COUNT(DISTINCT " + "gspo".charAt(part) + ") from the indexes";
    }
    Rows rows = new Rows(1, 1);
    rows.append();
    rows.set(0, 0, scope.terms.count(n));
    return new Source(List.of(out), rows, label).estimate(1);
  }

  /** The count per predicate of {@link #countFromStatistics}, or null if not kept. */
  private IdOperator countPerPredicate(OnePattern pattern, int part, Var key, Var out) {
    QuadView view = scope.view;
    Var p = pattern.predicateVar();
    if (!key.equals(p) || !onlyThisGraph() || part == 2) {
      return null;
    }
    long[] predicates = view.predicates();
    Rows rows = new Rows(2, predicates.length);
    for (int r = 0; r < predicates.length; r++) {
      long n =
          switch (part) {
            case 1 -> view.distinctSubjects(predicates[r]);
            case 3 -> view.distinctObjects(predicates[r]);
            default -> view.quadsWithPredicate(predicates[r]);
          };
      rows.append();
      rows.set(r, 0, predicates[r]);
      rows.set(r, 1, scope.terms.count(n));
    }
    String what = part == 0 ? "COUNT(*)" : "COUNT(DISTINCT " + "gspo".charAt(part) + ")";
    return new Source(List.of(p, out), rows, what + " per predicate from the statistics")
        .estimate(predicates.length);
  }

  /**
   * DISTINCT (or REDUCED) of one variable of one pattern of variables (the predicate may be a
   * constant), read in key order from an index that starts with it, so equal values are adjacent
   * and need no set ({@link QuadView#distinctTerms}); null if the store has no such index.
   */
  IdOperator distinctTerms(Op op) {
    if (!(op instanceof OpProject project)
        || project.getVars().size() != 1
        || scope.rules != null
        || scope.graphVar != null
        || scope.graph == QuadView.NONE) {
      return null;
    }
    QuadView view = scope.view;
    OnePattern pattern = OnePattern.of(project.getSubOp(), view);
    Var v = project.getVars().get(0);
    int part = pattern == null ? -1 : pattern.partOf(v);
    if (part < 0) {
      return null;
    }
    long pid = pattern.predicate();
    QuadScan scan = view.distinctTerms(scope.graph, pid, part);
    if (scan == null) {
      return null;
    }
    String how =
        pid != QuadView.NONE
            ? "from the predicate's range in " + (part == 1 ? "PSOG" : "POGS") + " (sorted, no set)"
            : part == 2 ? "from the statistics" : "from an index's keys (sorted, no set)";
    long rows = // an estimate, from the statistics: no pass over the index to plan
        pid == QuadView.NONE
            ? part == 2 ? view.predicates().length : view.quadsInGraph(scope.graph) / 4
            : part == 1 ? view.distinctSubjects(pid) : view.distinctObjects(pid);
    return new DistinctTerms(v, part, scan, how).estimate(rows);
  }

  /**
   * GROUP BY (one variable or none) over one pattern of variables (the predicate may be a constant)
   * with only counting aggregates: counted on ids straight from a scan of the index, split across
   * the cores when large ({@link ScanAggregate}).
   */
  private IdOperator scanAggregate(OpGroup g, IdOperator input) {
    List<Var> groupVars = g.getGroupVars().getVars();
    if (groupVars.size() > 1 || g.getAggregators().isEmpty() || scope.graph == QuadView.NONE) {
      return null;
    }
    OnePattern pattern = OnePattern.of(g.getSubOp(), scope.view);
    if (pattern == null) {
      return null;
    }
    long pid = pattern.predicate();
    int keyPart = groupVars.isEmpty() ? -1 : pattern.partOf(groupVars.get(0));
    if (!groupVars.isEmpty() && keyPart < 0) {
      return null;
    }
    List<ScanAggregate.Count> counts = new ArrayList<>();
    List<Var> vars = new ArrayList<>(groupVars);
    for (ExprAggregator a : g.getAggregators()) {
      ScanAggregate.Count count = countOf(a, pattern);
      if (count == null) {
        return null;
      }
      counts.add(count);
      vars.add(a.getVar());
    }
    Supplier<IdOperator> general =
        () -> {
          IdOperator sub = compiler.compile(g.getSubOp(), input);
          return new Aggregate(sub, groupVars, g.getAggregators(), scope.terms, scope.cxt);
        };
    long quads =
        pid == QuadView.NONE
            ? scope.view.quadsInGraph(scope.graph)
            : scope.view.quadsWithPredicate(pid);
    return new ScanAggregate(
            vars,
            scope.view,
            scope.graph,
            pid,
            keyPart,
            counts,
            scope.terms,
            scope.cxt,
            ScanAggregate.defaultThreads(),
            general)
        .estimate(groupVars.isEmpty() ? 1 : Math.max(1, quads / 10));
  }

  /**
   * The count {@link ScanAggregate} makes of aggregate {@code a}, or null if not a count it can.
   */
  private static ScanAggregate.Count countOf(ExprAggregator a, OnePattern pattern) {
    if (a.getAggregator() instanceof AggCount) {
      return new ScanAggregate.Count(false, 1);
    }
    boolean distinct = a.getAggregator() instanceof AggCountVarDistinct;
    Expr arg =
        a.getAggregator() instanceof AggCountVar c
            ? c.getExprList().get(0)
            : a.getAggregator() instanceof AggCountVarDistinct d ? d.getExprList().get(0) : null;
    if (arg == null || !arg.isVariable() || pattern.partOf(arg.asVar()) <= 0) {
      return null;
    }
    // A variable of the pattern is bound in every row: COUNT(?x) is COUNT(*).
    return new ScanAggregate.Count(distinct, pattern.partOf(arg.asVar()));
  }
}
