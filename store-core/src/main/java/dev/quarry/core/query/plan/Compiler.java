package dev.quarry.core.query.plan;

import dev.quarry.core.query.exec.Distinct;
import dev.quarry.core.query.exec.Extend;
import dev.quarry.core.query.exec.Filter;
import dev.quarry.core.query.exec.IdOperator;
import dev.quarry.core.query.exec.Order;
import dev.quarry.core.query.exec.Project;
import dev.quarry.core.query.exec.Rows;
import dev.quarry.core.query.exec.SharedRows;
import dev.quarry.core.query.exec.Slice;
import dev.quarry.core.query.exec.Source;
import dev.quarry.core.query.exec.TermSpace;
import dev.quarry.core.query.rules.Rules;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.op.OpAssign;
import org.apache.jena.sparql.algebra.op.OpBGP;
import org.apache.jena.sparql.algebra.op.OpConditional;
import org.apache.jena.sparql.algebra.op.OpDatasetNames;
import org.apache.jena.sparql.algebra.op.OpDisjunction;
import org.apache.jena.sparql.algebra.op.OpDistinct;
import org.apache.jena.sparql.algebra.op.OpExtend;
import org.apache.jena.sparql.algebra.op.OpExtendAssign;
import org.apache.jena.sparql.algebra.op.OpFilter;
import org.apache.jena.sparql.algebra.op.OpGraph;
import org.apache.jena.sparql.algebra.op.OpGroup;
import org.apache.jena.sparql.algebra.op.OpJoin;
import org.apache.jena.sparql.algebra.op.OpLabel;
import org.apache.jena.sparql.algebra.op.OpLeftJoin;
import org.apache.jena.sparql.algebra.op.OpList;
import org.apache.jena.sparql.algebra.op.OpMinus;
import org.apache.jena.sparql.algebra.op.OpNull;
import org.apache.jena.sparql.algebra.op.OpOrder;
import org.apache.jena.sparql.algebra.op.OpPath;
import org.apache.jena.sparql.algebra.op.OpProject;
import org.apache.jena.sparql.algebra.op.OpReduced;
import org.apache.jena.sparql.algebra.op.OpSequence;
import org.apache.jena.sparql.algebra.op.OpSlice;
import org.apache.jena.sparql.algebra.op.OpTable;
import org.apache.jena.sparql.algebra.op.OpTopN;
import org.apache.jena.sparql.algebra.op.OpTriple;
import org.apache.jena.sparql.algebra.op.OpUnion;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.core.VarExprList;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.expr.ExprList;

/**
 * Turns an algebra expression into Quarry's id operators, over an input operator, for one graph
 * (the active graph's id, or inside {@code GRAPH ?g} the graph variable ranging over the named
 * graphs). Returns null for anything it does not run, and the caller leaves that part to ARQ:
 * SERVICE, ARQ's extensions (property functions, counted paths), EXISTS inside a larger expression.
 *
 * <p>This class dispatches on the operator and plans the solution modifiers; the planners beside it
 * each have one job: {@link PatternPlanner} the join order of a group of patterns, {@link
 * JoinPlanner} joins of other parts, {@link AggregatePlanner} GROUP BY and DISTINCT from what the
 * store keeps, {@link GraphPlanner} GRAPH and paths, {@link ExistsPlanner} EXISTS. Parts of the
 * query that occur more than once are computed once ({@link Reuse}).
 */
public final class Compiler {
  /** Diagnostic switch for A/B runs: {@code quarry.exec.reuse=false}. */
  private static final boolean REUSE = !"false".equals(System.getProperty("quarry.exec.reuse"));

  private final Scope scope;
  private final PatternPlanner patterns;
  private final JoinPlanner joins;
  private final AggregatePlanner aggregates;
  private final GraphPlanner graphs;
  private final ExistsPlanner exists;
  private final TextPlanner text;
  private final TextFilters textFilters;
  private final WalkPlanner walks;
  private WalkPlanner.Hint walking; // the group a walk feeds, while its plan is compiled
  private Reuse reuse; // the query's repeated parts (null: none)
  private boolean inner; // a compiler for a GRAPH inside the query: the outer one found them
  private int depth;

  public Compiler(
      TermSpace terms,
      long graph,
      Supplier<long[]> namedGraphs,
      Rules rules,
      ExecutionContext cxt) {
    this(new Scope(terms, graph, null, namedGraphs, rules, cxt));
  }

  private Compiler(Scope scope) {
    this.scope = scope;
    this.patterns = new PatternPlanner(scope);
    this.joins = new JoinPlanner(scope, this, patterns);
    this.aggregates = new AggregatePlanner(scope, this);
    this.graphs = new GraphPlanner(scope, this);
    this.exists = new ExistsPlanner(scope, this, patterns);
    this.text = new TextPlanner(scope, this, patterns);
    this.textFilters = new TextFilters(scope);
    this.walks = new WalkPlanner(scope, this, patterns);
  }

  /** True if the operator kind is one this compiler may take (a cheap first test). */
  public static boolean handles(Op op) {
    return op instanceof OpBGP
        || op instanceof OpTriple
        || op instanceof OpSequence
        || op instanceof OpJoin
        || op instanceof OpLeftJoin
        || op instanceof OpConditional
        || op instanceof OpFilter
        || op instanceof OpUnion
        || op instanceof OpDistinct
        || op instanceof OpReduced
        || op instanceof OpProject
        || op instanceof OpSlice
        || op instanceof OpTopN
        || op instanceof OpOrder
        || op instanceof OpExtend
        || op instanceof OpGroup
        || op instanceof OpLabel
        || op instanceof OpGraph
        || op instanceof OpPath
        || op instanceof OpMinus
        || op instanceof OpTable
        || op instanceof OpDisjunction
        || op instanceof OpNull
        || op instanceof OpDatasetNames
        || op instanceof OpAssign
        || op instanceof OpList
        || TextPlanner.isCall(op);
  }

  /** The operator computing {@code op} joined with each row of {@code input}, or null. */
  public IdOperator compile(Op op, IdOperator input) {
    if (depth == 0 && !inner) {
      reuse = REUSE ? Reuse.of(op) : null; // each plan anew: a plan's shared rows are its own
    }
    depth++;
    try {
      IdOperator out = reused(op, input);
      if (out == null) {
        out = build(op, input);
      }
      return out == null ? null : out.cancellable(scope.cxt);
    } finally {
      depth--;
    }
  }

  /**
   * {@code op} compiled with the walk of {@code hint} as the input of its group, the walked pattern
   * left out (see {@link WalkPlanner}); null if it could not be, or the group was not reached.
   */
  IdOperator compileWalking(Op op, WalkPlanner.Hint hint) {
    walking = hint;
    try {
      IdOperator out = compile(op, Source.unit());
      return hint.made != null ? out : null; // made where the group was reached
    } finally {
      walking = null;
    }
  }

  /**
   * The columns {@code compile(op, input)} gives, where they are known without planning it: a group
   * of plain patterns and filters on input rows gives the input's columns and its patterns'
   * variables, and so do such groups joined by OPTIONAL (an OPTIONAL's side, planned again for each
   * batch of rows, is so spared a plan over no rows to learn them). Null where only compiling can
   * tell, or whether it compiles at all.
   */
  List<Var> plainGroupColumns(Op op, List<Var> inputVars) {
    if (op instanceof OpConditional c) { // OPTIONALs of plain groups on one: their columns, joined
      List<Var> left = plainGroupColumns(c.getLeft(), inputVars);
      return left == null ? null : plainGroupColumns(c.getRight(), left);
    }
    // Group.of takes only what build plans as a group (never a text search), and that plan's
    // columns are these; open triple terms and GRAPH ?g add columns of their own.
    Group g = scope.graphVar == null ? Group.of(op) : null;
    return g == null || TripleTerms.of(g.triples()) != null
        ? null
        : Group.columns(inputVars, null, g.triples());
  }

  /** A compiler for the same query in another graph context, sharing its repeated parts. */
  Compiler within(Scope other) {
    Compiler c = new Compiler(other);
    c.reuse = reuse;
    c.inner = true;
    return c;
  }

  /**
   * A part of the query that occurs more than once, evaluated on its own (no input rows): the first
   * occurrence compiled computes its rows once, the others read them (see {@link Reuse}). Null if
   * {@code op} is not such a part.
   */
  private IdOperator reused(Op op, IdOperator input) {
    Reuse.Canon canon = reuse == null ? null : reuse.repeated(op);
    if (canon == null || !(input instanceof Source s && s.isUnit())) {
      return null;
    }
    Reuse.InContext key = new Reuse.InContext(canon.key(), scope.graph, scope.graphVar);
    Reuse.Computed first = reuse.computed(key);
    if (first == null) {
      IdOperator built = build(op, input);
      if (built == null) {
        return null;
      }
      SharedRows rows = new SharedRows(built.cancellable(scope.cxt), scope.cxt);
      reuse.computed(key, new Reuse.Computed(rows, built.vars(), canon.toCanonical()));
      return rows.first();
    }
    List<Var> vars = Reuse.renamed(first, canon);
    if (vars == null) {
      return null;
    }
    return first.rows().again(vars, () -> own(op)).estimate(first.rows().estimate());
  }

  /** {@code op} compiled for itself, while a plan runs (its rows were too large to hold once). */
  private IdOperator own(Op op) {
    depth++; // not a new plan: the query's analysis stays
    try {
      return build(op, Source.unit()).cancellable(scope.cxt);
    } finally {
      depth--;
    }
  }

  private IdOperator build(Op op, IdOperator input) {
    boolean top = input instanceof Source s && s.isUnit();
    if (TextPlanner.mayPlan(op)) {
      IdOperator searched = text.plan(op, input);
      if (searched != null) {
        return searched;
      }
    }
    if (op instanceof OpBGP
        || op instanceof OpTriple
        || op instanceof OpSequence
        || op instanceof OpFilter) {
      Group group = Group.of(op);
      if (group != null && walking != null && walking.group == op && top) {
        WalkPlanner.Hint hint = walking;
        walking = null; // one group is walked; what it holds is planned as usual
        return walks.feed(group, hint);
      }
      if (group != null) {
        return patterns.plan(
            group.triples(),
            group.conjuncts(),
            textFilters.input(group.triples(), group.conjuncts(), input));
      }
    }
    return switch (op) {
      case OpLabel l -> l.getSubOp() == null ? input : compile(l.getSubOp(), input);
      case OpSequence seq -> sequence(seq, input);
      case OpJoin j -> joins.join(j, input, top);
      case OpLeftJoin lj -> joins.leftJoin(lj, input);
      case OpConditional c -> joins.conditional(c, input);
      case OpFilter f when Exists.any(f.getExprs()) -> exists.filter(f, input);
      case OpFilter f -> filter(f, input);
      case OpUnion u -> joins.union(u, input, top);
      case OpDisjunction d -> joins.disjunction(d, input, top);
      case OpMinus m -> joins.minus(m, input);
      case OpGraph g -> graphs.graph(g, input);
      case OpDatasetNames d -> graphs.graphNames(d.getGraphNode(), input);
      case OpPath p -> graphs.path(p, input);
      case OpNull n -> new Source(input.vars(), new Rows(input.vars().size(), 0), "no rows");
      case OpList l -> compile(l.getSubOp(), input);
      case OpAssign a -> bind(a, compile(a.getSubOp(), input));
      case OpExtend e -> bind(e, compile(e.getSubOp(), input));
      case OpTable t -> table(t, input, top);
      case OpDistinct d when top -> distinct(d.getSubOp(), input);
      case OpReduced d when top -> distinct(d.getSubOp(), input);
      case OpGroup g when top -> aggregates.group(g, input);
      case OpProject _, OpSlice _, OpTopN _, OpOrder _ when top -> modifier(op, input);
      case OpDistinct _, OpReduced _, OpProject _, OpSlice _, OpTopN _, OpOrder _, OpGroup _ ->
          independent(op, input);
      default -> null;
    };
  }

  private IdOperator sequence(OpSequence seq, IdOperator input) {
    IdOperator cur = input;
    for (Op e : seq.getElements()) {
      cur = compile(e, cur);
      if (cur == null) {
        return null;
      }
    }
    return cur;
  }

  private IdOperator filter(OpFilter f, IdOperator input) {
    IdOperator sub = compile(f.getSubOp(), input);
    return sub == null
        ? null
        : new Filter(sub, f.getExprs(), scope.terms, scope.cxt).estimate(sub.estimate() / 2);
  }

  /** PROJECT, LIMIT/OFFSET, ORDER BY (with or without a LIMIT) of a part evaluated on its own. */
  private IdOperator modifier(Op op, IdOperator input) {
    return switch (op) {
      case OpProject p -> {
        IdOperator sub = compile(p.getSubOp(), input);
        yield sub == null ? null : new Project(sub, p.getVars()).estimate(sub.estimate());
      }
      case OpSlice s -> {
        IdOperator sub = compile(s.getSubOp(), input);
        yield sub == null ? null : new Slice(sub, s.getStart(), s.getLength());
      }
      case OpTopN t -> {
        IdOperator walked = walks.plan(t, reuse != null);
        if (walked != null) {
          yield walked;
        }
        IdOperator sub = compile(t.getSubOp(), input);
        yield sub == null
            ? null
            : new Order(sub, t.getConditions(), t.getLimit(), scope.terms, scope.cxt);
      }
      case OpOrder o -> {
        IdOperator sub = compile(o.getSubOp(), input);
        yield sub == null ? null : new Order(sub, o.getConditions(), -1, scope.terms, scope.cxt);
      }
      default -> throw new IllegalArgumentException("not a solution modifier: " + op.getName());
    };
  }

  /** The binds of an assign or extend over {@code sub} (null if sub could not be built). */
  IdOperator bind(OpExtendAssign op, IdOperator sub) {
    VarExprList binds = op.getVarExprList();
    IdOperator cur = sub;
    for (Var v : binds.getVars()) {
      if (cur == null) {
        return null;
      }
      Extend e = new Extend(cur, v, binds.getExpr(v), scope.terms, scope.cxt);
      cur = (op instanceof OpAssign ? e.assign() : e).estimate(cur.estimate());
    }
    return cur;
  }

  /**
   * A sub-select (or any operator that must see its whole input) under rows it does not depend on:
   * evaluated on its own and joined with them, which is what a sequence means.
   */
  private IdOperator independent(Op op, IdOperator input) {
    IdOperator sub = compile(op, Source.unit());
    return sub == null ? null : join(input, sub, false, null);
  }

  /** A hash join of two operators (left outer with {@code outer}, under {@code cond}). */
  IdOperator join(IdOperator left, IdOperator right, boolean outer, ExprList cond) {
    return joins.hash(left, right, outer, cond);
  }

  /** VALUES rows, encoded, joined with the input. */
  private IdOperator table(OpTable t, IdOperator input, boolean top) {
    if (t.isJoinIdentity()) {
      return input;
    }
    List<Var> vars = t.getTable().getVars();
    List<Binding> bindings = new ArrayList<>();
    t.getTable().rows().forEachRemaining(bindings::add);
    Rows out = new Rows(vars.size(), bindings.size());
    for (Binding b : bindings) {
      out.append(); // zero-filled: only bound columns are set
      for (int c = 0; c < vars.size(); c++) {
        Node n = b.get(vars.get(c));
        if (n != null) {
          out.set(out.size() - 1, c, scope.terms.encode(n));
        }
      }
    }
    IdOperator rows = new Source(vars, out, "values");
    return top ? rows : join(input, rows, false, null);
  }

  /**
   * DISTINCT (or REDUCED): the values of one variable read in index order where an index starts
   * with it, else a hash set over the query's own variables: a property path's hidden ones (??P0,
   * the node in the middle of p1/p0) must not make otherwise equal rows differ. `SELECT DISTINCT *`
   * has no projection in ARQ's algebra to drop them, and ARQ compares the visible variables only.
   */
  private IdOperator distinct(Op op, IdOperator input) {
    IdOperator keys = aggregates.distinctTerms(op);
    if (keys != null) {
      return keys;
    }
    IdOperator sub = compile(op, input);
    if (sub == null) {
      return null;
    }
    List<Var> named = new ArrayList<>(sub.vars().size());
    for (Var v : sub.vars()) {
      if (v.isNamedVar()) {
        named.add(v);
      }
    }
    IdOperator in =
        named.size() < sub.vars().size()
            ? new Project(sub, List.copyOf(named)).estimate(sub.estimate())
            : sub;
    return new Distinct(in, scope.cxt).estimate(sub.estimate());
  }
}
