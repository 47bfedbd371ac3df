package dev.quarry.core.query.plan;

import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.query.exec.IdOperator;
import dev.quarry.core.query.exec.Order;
import dev.quarry.core.query.exec.OrderedWalk;
import dev.quarry.core.query.exec.Project;
import dev.quarry.core.query.exec.Source;
import dev.quarry.core.query.exec.ValueOrder;
import dev.quarry.core.query.exec.WalkChoice;
import dev.quarry.core.query.exec.WholeReads;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.Query;
import org.apache.jena.query.SortCondition;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.op.OpDistinct;
import org.apache.jena.sparql.algebra.op.OpProject;
import org.apache.jena.sparql.algebra.op.OpReduced;
import org.apache.jena.sparql.algebra.op.OpTopN;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprVar;

/**
 * ORDER BY ?o LIMIT k over a group that holds the pattern {@code ?s <p> ?o}: besides the usual plan
 * (find every row, keep the best k), a plan that walks that pattern's rows in ?o's order and joins
 * the rest of the group to each ({@link OrderedWalk}), stopping once k rows are held. The usual
 * plan costs what the whole join costs, which grows with the data (BSBM's Q5: products similar to
 * one, ordered by label, five of them); the walk costs about k divided by the share of walked rows
 * the rest keeps, which does not.
 *
 * <p>Which one wins depends on that share, which estimates know badly (ranges, inequalities), and
 * on the data's size: the walk that wins at BSBM 100M loses at 1M. So it is measured: per query
 * shape, the two plans' times decide ({@link WalkChoice}). A walk also stops at a budget of four
 * times the usual plan's estimated rows, and the usual plan answers instead. The rows in ?o's order
 * are made once per commit, when the commit's queries that could have walked them have made, in
 * their usual plans, about as many rows as putting them in order costs ({@link
 * WholeReads#ordered}): a store that changes at every query never pays for them.
 */
final class WalkPlanner {
  /** The largest LIMIT (OFFSET included) walked: beyond, a sort is as good. */
  private static final long MAX_LIMIT = 1000;

  /** The most rows of the part apart from the walk that each walked row is joined with. */
  private static final double MAX_BEFORE_ROWS = 64;

  /** Walked rows the budget allows at least, however small the usual plan's estimate. */
  private static final long MIN_BUDGET = 256;

  /**
   * Diagnostic switch for A/B runs and tests, read per query: {@code quarry.exec.walk=false} never
   * walks, {@code always} walks wherever it can (the order made at once), {@code auto} (default) as
   * described above.
   */
  private static final String MODE = "quarry.exec.walk";

  /**
   * The group a walk feeds, as the compiler reaches it ({@link #feed}), and how to make the walk;
   * {@code made} is the walk made, once the group is planned.
   */
  static final class Hint {
    final Op group;
    final Triple walked;
    final Function<IdOperator, OrderedWalk> walkAfter;
    OrderedWalk made;

    Hint(Op group, Triple walked, Function<IdOperator, OrderedWalk> walkAfter) {
      this.group = group;
      this.walked = walked;
      this.walkAfter = walkAfter;
    }
  }

  private final Scope scope;
  private final Compiler compiler;
  private final PatternPlanner patterns;

  WalkPlanner(Scope scope, Compiler compiler, PatternPlanner patterns) {
    this.scope = scope;
    this.compiler = compiler;
    this.patterns = patterns;
  }

  /** The top-k {@code t} with a walk where one may pay; null if none can (plan it as usual). */
  IdOperator plan(OpTopN t, boolean reusedParts) {
    String mode = System.getProperty(MODE, "auto");
    if (mode.equals("false")
        || reusedParts
        || scope.rules != null
        || scope.graphVar != null
        || t.getLimit() < 1
        || t.getLimit() > MAX_LIMIT
        || t.getConditions().size() != 1
        || !(t.getConditions().get(0).getExpression() instanceof ExprVar key)) {
      return null;
    }
    SortCondition condition = t.getConditions().get(0);
    Var v = key.asVar();
    Op group = groupUnder(t.getSubOp(), v);
    Group g = group == null ? null : Group.of(group);
    Triple walked = g == null ? null : walkable(g.triples(), v);
    if (walked == null) {
      return null;
    }
    long p = scope.view.id(walked.getPredicate());
    IdOperator usual = compiler.compile(t.getSubOp(), Source.unit());
    if (usual == null || p == QuadView.NONE) {
      return usual == null ? null : order(usual, t);
    }
    WholeReads reads = WholeReads.of(scope.cxt);
    if (reads == null) {
      return order(usual, t);
    }
    long rows = (long) scope.estimates.count(QuadView.NONE, p, QuadView.NONE); // kept per commit
    ValueOrder table =
        reads.ordered(
            scope.view,
            scope.graph,
            p,
            rows,
            mode.equals("always"),
            () -> scope.cxt.checkCancelSignal());
    if (table == null) {
      QuadView view = scope.view;
      long graph = scope.graph;
      return order(usual, t).onEnd((made, nanos) -> reads.spentWithoutOrder(view, graph, p, made));
    }
    WalkChoice choice = reads.choice(scope.graph, p, shape(g, t));
    if (!mode.equals("always") && !choice.walkNext()) {
      return order(usual, t)
          .chosen(() -> "not walked: " + choice)
          .onEnd((made, nanos) -> choice.usualTook(nanos));
    }
    double work = work(usual);
    long budget = Math.max(MIN_BUDGET, (long) Math.min(Long.MAX_VALUE / 8, 4 * work));
    boolean descending = condition.getDirection() == Query.ORDER_DESCENDING;
    Var s = Var.alloc(walked.getSubject());
    String label = "{ " + walked + " }";
    Hint hint =
        new Hint(
            group,
            walked,
            before -> new OrderedWalk(before, table, s, v, descending, budget, label));
    IdOperator walking = compiler.compileWalking(t.getSubOp(), hint);
    if (walking == null || !new HashSet<>(walking.vars()).equals(new HashSet<>(usual.vars()))) {
      return order(usual, t);
    }
    IdOperator other =
        usual.vars().equals(walking.vars())
            ? usual
            : new Project(usual, walking.vars()).estimate(usual.estimate());
    return order(walking, t)
        .chosen(() -> "walked: " + choice)
        .walking(hint.made, () -> other)
        .onEnd((made, nanos) -> choice.walkTook(nanos));
  }

  /**
   * What queries of one template share: the group's patterns with their constant subjects and
   * objects left out, its conjuncts' count, the order and the limit.
   */
  private static String shape(Group g, OpTopN t) {
    StringBuilder sb = new StringBuilder();
    for (Triple x : g.triples()) {
      sb.append(x.getSubject().isVariable() ? x.getSubject().toString() : "c")
          .append(' ')
          .append(x.getPredicate())
          .append(' ')
          .append(x.getObject().isVariable() ? x.getObject().toString() : "c")
          .append(" . ");
    }
    return sb.append(g.conjuncts().size())
        .append(' ')
        .append(t.getConditions())
        .append(' ')
        .append(t.getLimit())
        .toString();
  }

  /**
   * The group of {@code hint} planned over its walk: the patterns that share no variable with the
   * walked one, even through others (a constant's own values: BSBM Q5's product's two numbers), are
   * found first, once, and each walked row joined with them; the rest is joined to the walked rows
   * as they come.
   */
  IdOperator feed(Group group, Hint hint) {
    List<Triple> rest = new ArrayList<>(group.triples());
    rest.remove(hint.walked);
    Set<Var> reached = new HashSet<>(Group.vars(List.of(hint.walked)));
    List<Triple> joined = new ArrayList<>();
    for (boolean grew = true; grew; ) { // the patterns reached from the walked one's variables
      grew = false;
      for (Triple t : rest) {
        Set<Var> vars = Group.vars(List.of(t));
        if (!joined.contains(t) && !Collections.disjoint(vars, reached)) {
          joined.add(t);
          reached.addAll(vars);
          grew = true;
        }
      }
    }
    List<Triple> apart = new ArrayList<>(rest);
    apart.removeAll(joined);
    Set<Var> apartVars = Group.vars(apart);
    List<Expr> apartConjuncts = new ArrayList<>();
    List<Expr> later = new ArrayList<>();
    for (Expr e : group.conjuncts()) {
      (!apart.isEmpty() && apartVars.containsAll(e.getVarsMentioned()) ? apartConjuncts : later)
          .add(e);
    }
    IdOperator before = null;
    if (!apart.isEmpty()) {
      before = patterns.plan(apart, apartConjuncts, Source.unit());
      if (before.estimate() > MAX_BEFORE_ROWS) { // too many to join with every walked row
        before = null;
        joined = rest;
        later = group.conjuncts();
      }
    }
    hint.made = hint.walkAfter.apply(before);
    return patterns.plan(joined, later, hint.made);
  }

  private Order order(IdOperator sub, OpTopN t) {
    return new Order(sub, t.getConditions(), t.getLimit(), scope.terms, scope.cxt);
  }

  /**
   * The group under DISTINCT, REDUCED and a projection that keeps {@code v}: what the walk feeds,
   * each of its rows one solution of the group. Null if something else stands between.
   */
  private static Op groupUnder(Op op, Var v) {
    while (true) {
      switch (op) {
        case OpDistinct d -> op = d.getSubOp();
        case OpReduced r -> op = r.getSubOp();
        case OpProject p when p.getVars().contains(v) -> op = p.getSubOp();
        case OpProject _ -> {
          return null;
        }
        default -> {
          return op;
        }
      }
    }
  }

  /**
   * The one pattern of the group that binds {@code v}, of the form {@code ?s <p> ?v} with ?s
   * another variable; null if {@code v} is in any other pattern, or in a triple term.
   */
  private static Triple walkable(List<Triple> triples, Var v) {
    Triple found = null;
    for (Triple t : triples) {
      List<Node> parts = List.of(t.getSubject(), t.getPredicate(), t.getObject());
      HashSet<Var> mentioned = new HashSet<>();
      for (Node n : parts) {
        if (n.isTripleTerm()) {
          TripleTerms.vars(n, mentioned);
          if (mentioned.contains(v)) {
            return null;
          }
        }
      }
      if (!parts.contains(v)) {
        continue;
      }
      if (found != null
          || !v.equals(t.getObject())
          || !t.getSubject().isVariable()
          || t.getSubject().equals(v)
          || !t.getPredicate().isURI()) {
        return null;
      }
      found = t;
    }
    return found;
  }

  /** The rows a plan is estimated to make in all its operators: what it costs, roughly. */
  private static double work(IdOperator op) {
    List<IdOperator> todo = new ArrayList<>(List.of(op));
    double sum = 0;
    while (!todo.isEmpty()) {
      IdOperator o = todo.removeLast();
      sum += Math.max(0, o.estimate());
      todo.addAll(o.inputs());
    }
    return sum;
  }
}
