package dev.quarry.core.query.plan;

import dev.quarry.core.index.spi.QuadScan;
import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.query.exec.Aggregate;
import dev.quarry.core.query.exec.Distinct;
import dev.quarry.core.query.exec.DistinctTerms;
import dev.quarry.core.query.exec.Extend;
import dev.quarry.core.query.exec.Filter;
import dev.quarry.core.query.exec.HashJoin;
import dev.quarry.core.query.exec.IdOperator;
import dev.quarry.core.query.exec.MergeJoin;
import dev.quarry.core.query.exec.Minus;
import dev.quarry.core.query.exec.ObjectRange;
import dev.quarry.core.query.exec.OptionalJoin;
import dev.quarry.core.query.exec.Order;
import dev.quarry.core.query.exec.PathJoin;
import dev.quarry.core.query.exec.PathStep;
import dev.quarry.core.query.exec.PatternJoin;
import dev.quarry.core.query.exec.Project;
import dev.quarry.core.query.exec.Rows;
import dev.quarry.core.query.exec.ScanAggregate;
import dev.quarry.core.query.exec.SemiJoin;
import dev.quarry.core.query.exec.SharedRows;
import dev.quarry.core.query.exec.Slice;
import dev.quarry.core.query.exec.Source;
import dev.quarry.core.query.exec.TermSpace;
import dev.quarry.core.query.exec.Union;
import dev.quarry.core.query.rules.Rules;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
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
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprAggregator;
import org.apache.jena.sparql.expr.ExprList;
import org.apache.jena.sparql.expr.aggregate.AggCount;
import org.apache.jena.sparql.expr.aggregate.AggCountVar;
import org.apache.jena.sparql.expr.aggregate.AggCountVarDistinct;

/**
 * Turns an algebra expression into Quarry's id operators, over an input operator, for one graph
 * (the active graph's id, or inside {@code GRAPH ?g} the graph variable ranging over the named
 * graphs). Returns null for anything it does not run, and the caller leaves that part to ARQ:
 * SERVICE, ARQ's extensions (property functions, counted paths), EXISTS inside a larger expression.
 * Basic graph patterns are ordered by {@link Estimates}.
 */
public final class Compiler {
  private final TermSpace terms;
  private final QuadView access;
  private final long graph; // NONE with a graph variable
  private final Var graphVar; // inside GRAPH ?g: the pattern's graph is this variable
  // The dataset's named graphs (null: not known), asked for only by GRAPH, once per compiler.
  private final Supplier<long[]> namedGraphs;
  private long[] named;
  private boolean namedAsked;
  private final Rules rules;
  private final ExecutionContext cxt;
  private final Estimates estimates;
  private Reuse reuse; // the query's repeated parts (null: none)
  private boolean inner; // a compiler for a GRAPH inside the query: the outer one found them
  private int depth;

  public Compiler(
      TermSpace terms,
      long graph,
      Supplier<long[]> namedGraphs,
      Rules rules,
      ExecutionContext cxt) {
    this(terms, graph, null, namedGraphs, rules, cxt);
  }

  private Compiler(
      TermSpace terms,
      long graph,
      Var graphVar,
      Supplier<long[]> namedGraphs,
      Rules rules,
      ExecutionContext cxt) {
    this.terms = terms;
    this.access = terms.access();
    this.graph = graph;
    this.graphVar = graphVar;
    this.namedGraphs = namedGraphs;
    this.rules = rules;
    this.cxt = cxt;
    this.estimates = new Estimates(access, graph, rules);
  }

  /** The named graphs of the dataset queried, as ids of graphs the store holds; null: unknown. */
  private long[] named() {
    if (!namedAsked) {
      named = namedGraphs.get();
      namedAsked = true;
    }
    return named;
  }

  private static boolean isNamed(long[] named, long id) {
    for (long x : named) {
      if (x == id && id != QuadView.NONE) {
        return true;
      }
    }
    return false;
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
        || op instanceof OpList;
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
      return out == null ? null : out.cancellable(cxt);
    } finally {
      depth--;
    }
  }

  /** A compiler for the same query in another graph context, sharing its repeated parts. */
  private Compiler within(Compiler c) {
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
    Reuse.InContext key = new Reuse.InContext(canon.key(), graph, graphVar);
    Reuse.Computed first = reuse.computed(key);
    if (first == null) {
      IdOperator built = build(op, input);
      if (built == null) {
        return null;
      }
      SharedRows rows = new SharedRows(built.cancellable(cxt), cxt);
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
      return build(op, Source.unit()).cancellable(cxt);
    } finally {
      depth--;
    }
  }

  private IdOperator build(Op op, IdOperator input) {
    boolean top = input instanceof Source s && s.isUnit();
    if (op instanceof OpBGP
        || op instanceof OpTriple
        || op instanceof OpSequence
        || op instanceof OpFilter) {
      Group group = Group.of(op);
      if (group != null) {
        return patterns(group.triples(), group.conjuncts(), input);
      }
    }
    switch (op) {
      case OpLabel l -> {
        return l.getSubOp() == null ? input : compile(l.getSubOp(), input);
      }
      case OpSequence seq -> {
        IdOperator cur = input;
        for (Op e : seq.getElements()) {
          cur = compile(e, cur);
          if (cur == null) {
            return null;
          }
        }
        return cur;
      }
      case OpJoin j when j.getRight() instanceof OpUnion u -> {
        IdOperator left = compile(j.getLeft(), input);
        if (left != null && correlatable(u, left)) {
          return compile(u, left);
        }
        IdOperator right = left == null ? null : compile(j.getRight(), Source.unit());
        return right == null ? null : join(left, right, false, null);
      }
      case OpJoin j -> {
        Group one = top ? patternOnRows(j) : null;
        IdOperator first = one == null ? null : compile(j.getRight(), Source.unit());
        if (first != null && rowsFew(one, first)) {
          return patterns(one.triples(), one.conjuncts(), first);
        }
        IdOperator left = compile(j.getLeft(), input);
        IdOperator right =
            left == null ? null : first != null ? first : compile(j.getRight(), Source.unit());
        return right == null ? null : join(left, right, false, null);
      }
      case OpLeftJoin lj -> {
        IdOperator left = compile(lj.getLeft(), input);
        IdOperator right = left == null ? null : compile(lj.getRight(), Source.unit());
        return right == null ? null : join(left, right, true, lj.getExprs());
      }
      case OpConditional c -> {
        IdOperator left = compile(c.getLeft(), input);
        if (left == null) {
          return null;
        }
        OptionalJoin join = OptionalJoin.of(left, in -> compile(c.getRight(), in));
        return join == null ? null : join.estimate(left.estimate());
      }
      case OpFilter f when Exists.any(f.getExprs()) -> {
        return exists(f, input);
      }
      case OpFilter f -> {
        IdOperator sub = compile(f.getSubOp(), input);
        return sub == null
            ? null
            : new Filter(sub, f.getExprs(), terms, cxt).estimate(sub.estimate() / 2);
      }
      case OpUnion u when !top && correlatable(u, input) -> {
        // Each branch runs on the input's rows (a lookup by what they bind) rather than whole
        // for a hash join: a few thousand rows against branches of tens of thousands of quads.
        SharedRows shared = new SharedRows(input, cxt);
        List<IdOperator> branches = new ArrayList<>();
        double rows = 0;
        for (Op branch : unionBranches(u, new ArrayList<>())) {
          IdOperator b = compile(branch, shared.reader());
          if (b == null) {
            return null;
          }
          branches.add(b);
          rows += b.estimate();
        }
        return new Union(branches).estimate(rows);
      }
      case OpUnion u -> {
        IdOperator a = compile(u.getLeft(), Source.unit());
        IdOperator b = a == null ? null : compile(u.getRight(), Source.unit());
        if (b == null) {
          return null;
        }
        IdOperator union = new Union(List.of(a, b)).estimate(a.estimate() + b.estimate());
        return top ? union : join(input, union, false, null);
      }
      case OpDisjunction d -> {
        List<IdOperator> branches = new ArrayList<>();
        double rows = 0;
        for (Op e : d.getElements()) {
          IdOperator b = compile(e, Source.unit());
          if (b == null) {
            return null;
          }
          branches.add(b);
          rows += b.estimate();
        }
        IdOperator union = new Union(branches).estimate(rows);
        return top ? union : join(input, union, false, null);
      }
      case OpMinus m -> {
        IdOperator left = compile(m.getLeft(), input);
        IdOperator right = left == null ? null : compile(m.getRight(), Source.unit());
        // MINUS compares the variables its two sides bind themselves, as ARQ does: not those the
        // rows it is joined with bring (an EXISTS's outer row, a sequence's earlier patterns).
        java.util.Set<Var> own = org.apache.jena.sparql.algebra.OpVars.visibleVars(m.getLeft());
        return right == null ? null : new Minus(left, right, own, cxt).estimate(left.estimate());
      }
      case OpGraph g -> {
        return graph(g, input);
      }
      case OpDatasetNames d -> {
        return graphNames(d.getGraphNode(), input);
      }
      case OpPath p -> {
        return path(p, input);
      }
      case OpNull n -> {
        return new Source(input.vars(), new Rows(input.vars().size(), 0), "no rows");
      }
      case OpList l -> {
        return compile(l.getSubOp(), input);
      }
      case OpAssign a -> {
        return bind(a, compile(a.getSubOp(), input));
      }
      case OpDistinct d when top -> {
        IdOperator keys = distinctTerms(d.getSubOp());
        IdOperator sub = keys != null ? null : compile(d.getSubOp(), input);
        return keys != null ? keys : sub == null ? null : distinct(sub);
      }
      case OpReduced d when top -> {
        IdOperator keys = distinctTerms(d.getSubOp());
        IdOperator sub = keys != null ? null : compile(d.getSubOp(), input);
        return keys != null ? keys : sub == null ? null : distinct(sub);
      }
      case OpProject p when top -> {
        IdOperator sub = compile(p.getSubOp(), input);
        return sub == null ? null : new Project(sub, p.getVars()).estimate(sub.estimate());
      }
      case OpSlice s when top -> {
        IdOperator sub = compile(s.getSubOp(), input);
        return sub == null ? null : new Slice(sub, s.getStart(), s.getLength());
      }
      case OpTopN t when top -> {
        IdOperator sub = compile(t.getSubOp(), input);
        return sub == null ? null : new Order(sub, t.getConditions(), t.getLimit(), terms, cxt);
      }
      case OpOrder o when top -> {
        IdOperator sub = compile(o.getSubOp(), input);
        return sub == null ? null : new Order(sub, o.getConditions(), -1, terms, cxt);
      }
      case OpGroup g when top -> {
        boolean plain = g.getGroupVars().getVars().stream().allMatch(v -> !keyIsExpression(g, v));
        boolean simple = plain && graphVar == null && rules == null;
        IdOperator counted = simple ? countFromStatistics(g) : null;
        if (counted == null && simple) {
          counted = scanAggregate(g, input);
        }
        if (counted != null) {
          return counted;
        }
        IdOperator sub = compile(g.getSubOp(), input);
        // GROUP BY (expression): the key computed into its column first (unbound on an error,
        // which groups those rows together, as SPARQL says).
        for (Var v : g.getGroupVars().getVars()) {
          if (sub != null && keyIsExpression(g, v)) {
            sub =
                new Extend(sub, v, g.getGroupVars().getExpr(v), terms, cxt)
                    .estimate(sub.estimate());
          }
        }
        return sub == null
            ? null
            : new Aggregate(sub, g.getGroupVars().getVars(), g.getAggregators(), terms, cxt)
                .estimate(g.getGroupVars().isEmpty() ? 1 : Math.max(1, sub.estimate() / 10));
      }
      case OpDistinct _, OpReduced _, OpProject _, OpSlice _, OpTopN _, OpOrder _, OpGroup _ -> {
        return independent(op, input);
      }
      case OpExtend e -> {
        return bind(e, compile(e.getSubOp(), input));
      }
      case OpTable t -> {
        if (t.isJoinIdentity()) {
          return input;
        }
        IdOperator rows = table(t);
        return top ? rows : join(input, rows, false, null);
      }
      default -> {
        return null;
      }
    }
  }

  /** The binds of an assign or extend over {@code sub} (null if sub could not be built). */
  private IdOperator bind(OpExtendAssign op, IdOperator sub) {
    VarExprList binds = op.getVarExprList();
    IdOperator cur = sub;
    for (Var v : binds.getVars()) {
      if (cur == null) {
        return null;
      }
      Extend e = new Extend(cur, v, binds.getExpr(v), terms, cxt);
      cur = (op instanceof OpAssign ? e.assign() : e).estimate(cur.estimate());
    }
    return cur;
  }

  private static boolean keyIsExpression(OpGroup g, Var v) {
    Expr e = g.getGroupVars().getExpr(v);
    return e != null && !(e.isVariable() && e.asVar().equals(v));
  }

  /**
   * A sub-select (or any operator that must see its whole input) under rows it does not depend on:
   * evaluated on its own and joined with them, which is what a sequence means.
   */
  private IdOperator independent(Op op, IdOperator input) {
    IdOperator sub = compile(op, Source.unit());
    return sub == null ? null : join(input, sub, false, null);
  }

  /**
   * FILTER with EXISTS or NOT EXISTS conjuncts: the other conjuncts filter as usual, then each
   * EXISTS is a semi-join (anti-join for NOT EXISTS) of the rows with its pattern. An EXISTS inside
   * a larger expression is evaluated by ARQ per row (which comes back here for the pattern).
   */
  private IdOperator exists(OpFilter f, IdOperator input) {
    ExprList plain = new ExprList();
    List<Exists> tests = new ArrayList<>();
    for (Expr e : f.getExprs()) {
      Exists x = Exists.of(e);
      if (x == null) {
        plain.add(e);
      } else {
        tests.add(x);
      }
    }
    IdOperator cur =
        compile(plain.isEmpty() ? f.getSubOp() : OpFilter.filterBy(plain, f.getSubOp()), input);
    for (Exists x : tests) {
      if (cur == null) {
        return null;
      }
      IdOperator left = cur;
      SemiJoin semi = SemiJoin.of(left, in -> compile(x.pattern(), in), x.negated(), x.pattern());
      if (semi != null && WAVES) {
        semi.inWaves(waves(x.pattern(), left.vars()));
      }
      cur =
          semi != null
              ? semi.estimate(left.estimate() / 2)
              : new Filter(left, new ExprList(x.expr()), terms, cxt).estimate(left.estimate() / 2);
    }
    return cur;
  }

  /**
   * An EXISTS pattern split for {@link SemiJoin#inWaves}: the pattern the join order starts with
   * from the left rows, and the rest over that pattern's rows. Null if the pattern is not binds
   * (assign, extend) over one group of two or more patterns, or if its first pattern is expected to
   * find fewer than two rows per left row (nothing to stop early from).
   */
  private SemiJoin.Waves waves(Op pattern, List<Var> leftVars) {
    List<OpExtendAssign> binds = new ArrayList<>(); // outermost first
    Op core = pattern;
    while (core instanceof OpExtendAssign b) {
      binds.add(b);
      core = b.getSubOp();
    }
    Group group = Group.of(core);
    if (group == null || group.triples().size() < 2) {
      return null;
    }
    Set<Var> bound = new LinkedHashSet<>(leftVars);
    List<Equality> equalities = Equality.in(group.conjuncts());
    Step first = cheapest(group.triples(), bound, group.conjuncts(), equalities);
    if (first.fanOut() < 2 || !connected(first.triple(), Equality.closure(equalities, bound))) {
      return null;
    }
    List<Triple> rest = new ArrayList<>(group.triples());
    rest.remove(first.triple());
    return new SemiJoin.Waves(
        in -> patterns(List.of(first.triple()), List.of(), in).cancellable(cxt),
        in -> {
          IdOperator cur = patterns(rest, group.conjuncts(), in);
          for (int i = binds.size() - 1; i >= 0 && cur != null; i--) {
            cur = bind(binds.get(i), cur);
          }
          return cur == null ? null : cur.cancellable(cxt);
        });
  }

  /** Diagnostic switch for A/B runs: {@code quarry.exec.exists-waves=false} tests in one go. */
  private static final boolean WAVES =
      !"false".equals(System.getProperty("quarry.exec.exists-waves"));

  /**
   * GRAPH: a constant graph compiles its pattern for that graph (no rows if it is not a named
   * graph); a variable one for every named graph at once, the variable bound by each pattern's
   * matches (a group of patterns), or first by listing the named graphs (anything else).
   */
  private IdOperator graph(OpGraph g, IdOperator input) {
    long[] named = named();
    if (named == null) {
      return null;
    }
    Node n = g.getNode();
    if (org.apache.jena.sparql.core.Quad.isUnionGraph(n)
        || org.apache.jena.sparql.core.Quad.isDefaultGraph(n)) {
      return null; // ARQ's names for the union of the named graphs and the default graph
    }
    if (!n.isVariable()) {
      long id = access.id(n);
      if (!isNamed(named, id)) {
        return emptyOf(input, g);
      }
      return within(new Compiler(terms, id, null, () -> named, rules, cxt))
          .compile(g.getSubOp(), input);
    }
    if (named.length == 0) {
      return emptyOf(input, g); // no named graph: nothing to read
    }
    Var v = Var.alloc(n);
    Compiler inner = within(new Compiler(terms, QuadView.NONE, v, () -> named, rules, cxt));
    Group group = Group.of(g.getSubOp());
    if (group != null && !group.triples().isEmpty()) {
      return inner.compile(g.getSubOp(), input);
    }
    IdOperator graphs = graphNames(n, input);
    return graphs == null ? null : inner.compile(g.getSubOp(), graphs);
  }

  /** The input joined with one row per named graph, binding {@code n} (or checking a constant). */
  private IdOperator graphNames(Node n, IdOperator input) {
    long[] named = named();
    if (named == null) {
      return null;
    }
    if (!n.isVariable()) {
      long id = access.id(n);
      return isNamed(named, id)
          ? input
          : new Source(input.vars(), new Rows(input.vars().size(), 0), "none");
    }
    Rows rows = new Rows(1, named.length);
    for (long id : named) {
      rows.append();
      rows.set(rows.size() - 1, 0, id);
    }
    IdOperator graphs = new Source(List.of(Var.alloc(n)), rows, "named graphs");
    return input instanceof Source s && s.isUnit() ? graphs : join(input, graphs, false, null);
  }

  /** No rows, with the columns the input and the pattern would have had. */
  private static IdOperator emptyOf(IdOperator input, Op op) {
    List<Var> vars = new ArrayList<>(input.vars());
    for (Var v : org.apache.jena.sparql.algebra.OpVars.visibleVars(op)) {
      if (!vars.contains(v)) {
        vars.add(v);
      }
    }
    return new Source(vars, new Rows(vars.size(), 0), "no rows (not a named graph)");
  }

  /** A property path (a simple triple when ARQ left one in a path operator). */
  private IdOperator path(OpPath op, IdOperator input) {
    org.apache.jena.sparql.core.TriplePath tp = op.getTriplePath();
    if (tp.isTriple()) {
      return compile(new OpTriple(tp.asTriple()), input);
    }
    PathStep step = PathStep.of(tp.getPath(), access);
    if (step == null) {
      return null; // an ARQ extension: counted or bounded repetition
    }
    PathJoin.End s = end(tp.getSubject());
    PathJoin.End o = end(tp.getObject());
    String text = str(tp.getSubject()) + " " + tp.getPath() + " " + str(tp.getObject());
    long[] named = graphVar == null ? null : named();
    IdOperator cur = new PathJoin(input, terms, s, step, o, graph, graphVar, named, text);
    double rows = Math.max(1, input.estimate()) * 10;
    return cur.estimate(rows).cancellable(cxt);
  }

  private PathJoin.End end(Node n) {
    return Var.isVar(n) ? PathJoin.End.of(Var.alloc(n)) : PathJoin.End.of(terms.encode(n));
  }

  private IdOperator join(
      IdOperator left, IdOperator right, boolean outer, org.apache.jena.sparql.expr.ExprList cond) {
    return new HashJoin(left, right, outer, cond, terms, cxt)
        .estimate(Math.max(left.estimate(), right.estimate()));
  }

  /** VALUES rows, encoded. */
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
    OnePattern pattern = OnePattern.of(g.getSubOp(), access);
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
    boolean onlyThisGraph =
        graph == access.defaultGraph()
            && java.util.Arrays.stream(access.graphs()).allMatch(x -> x == graph);
    long pid = pattern.predicate();
    if (groupVars.isEmpty()) {
      Rows out = new Rows(1, 1);
      out.append();
      String label;
      if (part == 0 && pid == QuadView.NONE) {
        out.set(0, 0, count(access.quadsInGraph(graph)));
        label = "COUNT(*) from the statistics";
      } else if (part == 0) {
        if (!onlyThisGraph) {
          return null;
        }
        out.set(0, 0, count(access.quadsWithPredicate(pid)));
        label = "COUNT(*) of a predicate from the statistics";
      } else {
        if (!onlyThisGraph && !(part == 1 && pid == QuadView.NONE)) {
          return null; // not kept for one graph among several: counted by a scan
        }
        out.set(0, 0, count(access.countDistinct(graph, pid, part)));
        label =
            part == 1 && pid == QuadView.NONE
                ? "COUNT(DISTINCT subject) on the GS index"
                : "COUNT(DISTINCT " + "gspo".charAt(part) + ") from the indexes";
      }
      return new Source(List.of(agg.getVar()), out, label).estimate(1);
    }
    Var p = pattern.predicateVar();
    if (!groupVars.get(0).equals(p) || !onlyThisGraph || part == 2) {
      return null;
    }
    long[] predicates = access.predicates();
    Rows out = new Rows(2, predicates.length);
    for (int r = 0; r < predicates.length; r++) {
      long n =
          switch (part) {
            case 1 -> access.distinctSubjects(predicates[r]);
            case 3 -> access.distinctObjects(predicates[r]);
            default -> access.quadsWithPredicate(predicates[r]);
          };
      out.append();
      out.set(r, 0, predicates[r]);
      out.set(r, 1, count(n));
    }
    String what = part == 0 ? "COUNT(*)" : "COUNT(DISTINCT " + "gspo".charAt(part) + ")";
    return new Source(List.of(p, agg.getVar()), out, what + " per predicate from the statistics")
        .estimate(predicates.length);
  }

  /**
   * DISTINCT (or REDUCED) of one variable of one pattern of variables (the predicate may be a
   * constant), read in key order from an index that starts with it, so equal values are adjacent
   * and need no set ({@link QuadView#distinctTerms}); null if the store has no such index.
   */
  private IdOperator distinctTerms(Op op) {
    if (!(op instanceof OpProject project)
        || project.getVars().size() != 1
        || rules != null
        || graphVar != null
        || graph == QuadView.NONE) {
      return null;
    }
    OnePattern pattern = OnePattern.of(project.getSubOp(), access);
    Var v = project.getVars().get(0);
    int part = pattern == null ? -1 : pattern.partOf(v);
    if (part < 0) {
      return null;
    }
    long pid = pattern.predicate();
    QuadScan scan = access.distinctTerms(graph, pid, part);
    if (scan == null) {
      return null;
    }
    String how =
        pid != QuadView.NONE
            ? "from the predicate's range in " + (part == 1 ? "PSOG" : "POGS") + " (sorted, no set)"
            : part == 2 ? "from the statistics" : "from an index's keys (sorted, no set)";
    long rows = // an estimate, from the statistics: no pass over the index to plan
        pid == QuadView.NONE
            ? part == 2 ? access.predicates().length : access.quadsInGraph(graph) / 4
            : part == 1 ? access.distinctSubjects(pid) : access.distinctObjects(pid);
    return new DistinctTerms(v, part, scan, how).estimate(rows);
  }

  /**
   * GROUP BY (one variable or none) over one pattern of variables (the predicate may be a constant)
   * with only counting aggregates: counted on ids straight from a scan of the index, split across
   * the cores when large ({@link ScanAggregate}).
   */
  private IdOperator scanAggregate(OpGroup g, IdOperator input) {
    List<Var> groupVars = g.getGroupVars().getVars();
    if (groupVars.size() > 1 || g.getAggregators().isEmpty() || graph == QuadView.NONE) {
      return null;
    }
    OnePattern pattern = OnePattern.of(g.getSubOp(), access);
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
      Var x =
          a.getAggregator() instanceof AggCountVar c && c.getExprList().get(0).isVariable()
              ? c.getExprList().get(0).asVar()
              : a.getAggregator() instanceof AggCountVarDistinct d
                      && d.getExprList().get(0).isVariable()
                  ? d.getExprList().get(0).asVar()
                  : null;
      if (a.getAggregator() instanceof AggCount) {
        counts.add(new ScanAggregate.Count(false, 1));
      } else if (x != null && pattern.partOf(x) > 0) {
        // A variable of the pattern is bound in every row: COUNT(?x) is COUNT(*).
        counts.add(
            new ScanAggregate.Count(
                a.getAggregator() instanceof AggCountVarDistinct, pattern.partOf(x)));
      } else {
        return null;
      }
      vars.add(a.getVar());
    }
    java.util.function.Supplier<IdOperator> general =
        () -> {
          IdOperator sub = compile(g.getSubOp(), input);
          return new Aggregate(sub, groupVars, g.getAggregators(), terms, cxt);
        };
    long quads = pid == QuadView.NONE ? access.quadsInGraph(graph) : access.quadsWithPredicate(pid);
    return new ScanAggregate(
            vars,
            access,
            graph,
            pid,
            keyPart,
            counts,
            terms,
            cxt,
            ScanAggregate.defaultThreads(),
            general)
        .estimate(groupVars.isEmpty() ? 1 : Math.max(1, quads / 10));
  }

  private long count(long n) {
    return terms.count(n);
  }

  private IdOperator table(OpTable t) {
    List<Var> vars = t.getTable().getVars();
    List<Binding> rows = new ArrayList<>();
    t.getTable().rows().forEachRemaining(rows::add);
    Rows out = new Rows(vars.size(), rows.size());
    rows.forEach(b -> out.append());
    for (int r = 0; r < rows.size(); r++) {
      for (int c = 0; c < vars.size(); c++) {
        Node n = rows.get(r).get(vars.get(c));
        // Rows.append() zero-filled the row; set bound columns.
        if (n != null) {
          out.set(r, c, terms.encode(n));
        }
      }
    }
    return new Source(vars, out, "values");
  }

  /**
   * A group of patterns and filter conjuncts over the input: pattern joins in the order the
   * estimates choose (the fewest rows next, counting the filters a pattern lets apply), each
   * conjunct applied as soon as its variables are bound.
   */
  private IdOperator patterns(List<Triple> triples, List<Expr> conjuncts, IdOperator input) {
    Set<Var> bound = new LinkedHashSet<>(input.vars());
    List<Triple> rest = new ArrayList<>(triples);
    List<Expr> pending = new ArrayList<>(conjuncts);
    IdOperator cur = applicable(input, pending, bound, input.estimate());
    double rows = Math.max(1, input.estimate());
    List<Equality> equalities = Equality.in(conjuncts);
    while (!rest.isEmpty()) {
      Step step = cheapest(rest, bound, pending, equalities);
      Triple best = step.triple();
      double bestFanOut = step.fanOut();
      rest.remove(best);
      // The first step, from the single empty row with no filter on it (FILTER(false) would be).
      if (cur == input && input instanceof Source && bound.isEmpty() && input.estimate() == 1) {
        MergeJoin merge = mergeJoin(best, bestFanOut, rest, pending);
        if (merge != null) {
          bound.addAll(merge.vars());
          rows = merge.estimate();
          cur = applicable(merge.cancellable(cxt), pending, bound, rows);
          rows = cur.estimate();
          continue;
        }
      }
      long[] consts = new long[3];
      Var[] at = new Var[3];
      Node[] nodes = {best.getSubject(), best.getPredicate(), best.getObject()};
      for (int k = 0; k < 3; k++) {
        if (Var.isVar(nodes[k])) {
          at[k] = Var.alloc(nodes[k]);
        } else {
          consts[k] = access.id(nodes[k]);
          if (consts[k] == 0) {
            return empty(input, triples, graphVar); // a term the store does not have: no match
          }
        }
      }
      rows *= Math.max(bestFanOut, 1e-3);
      // Filters bounding a fresh object with numbers: the pattern reads only their id ranges.
      ObjectRange range =
          rules == null
                  && consts[1] != 0
                  && at[2] != null
                  && !bound.contains(at[2])
                  && !at[2].equals(at[0])
              ? ObjectRange.of(at[2], pending, cur.vars(), terms, cxt)
              : null;
      long whole = wholeQuads(best, consts, at, bound, range);
      cur =
          new PatternJoin(
                  cur,
                  access,
                  graph,
                  consts,
                  at,
                  rules,
                  bestFanOut,
                  text(best),
                  graphVar,
                  graphVar == null ? null : named())
              .objectRange(range)
              .wholePattern(whole)
              .equalTo(Equality.columns(equalities, at, bound, cur), terms::equalsOnlyItself)
              .estimate(rows)
              .cancellable(cxt);
      for (Var v : at) {
        if (v != null) {
          bound.add(v);
        }
      }
      if (graphVar != null) {
        bound.add(graphVar);
      }
      cur = applicable(cur, pending, bound, rows);
      rows = cur.estimate();
    }
    if (!pending.isEmpty()) {
      // Variables no pattern binds: unbound, so these are errors, which a filter treats as false.
      cur = new Filter(cur, new ExprList(pending), terms, cxt).estimate(0);
    }
    return cur;
  }

  /** The pattern a join order takes next, and the rows it is estimated to find per input row. */
  private record Step(Triple triple, double fanOut) {}

  /**
   * Of {@code rest}, the pattern to join next to rows that bind {@code bound}: the fewest rows per
   * row after the filters it lets apply, a cartesian product last.
   */
  private Step cheapest(
      List<Triple> rest, Set<Var> bound, List<Expr> pending, List<Equality> equalities) {
    // A variable equal (by a filter) to a bound one is looked up as bound (see Equality).
    Set<Var> known = Equality.closure(equalities, bound);
    double[] costs = new double[rest.size()];
    double[] fanOuts = new double[rest.size()];
    int best = 0;
    for (int i = 0; i < rest.size(); i++) {
      Triple t = rest.get(i);
      Set<Var> after = new LinkedHashSet<>(bound);
      after.addAll(Group.vars(List.of(t)));
      fanOuts[i] = estimates.perRow(t, known, terms);
      costs[i] = fanOuts[i] * Selectivity.of(pending, bound, after);
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
      Set<Var> then = new LinkedHashSet<>(after);
      then.addAll(Group.vars(List.of(u)));
      best =
          Math.min(best, estimates.perRow(u, known, terms) * Selectivity.of(pending, after, then));
    }
    return best == Double.MAX_VALUE ? 0 : best;
  }

  /**
   * The quads of a pattern that the input's rows may find by reading it whole ({@link
   * PatternJoin#wholePattern}), or -1 if it cannot be read so: its subject is bound by the input,
   * its predicate constant, its object constant or fresh, without inference, graph variable or
   * object range.
   */
  /**
   * Diagnostic switches for A/B runs: {@code quarry.exec.whole-patterns}, {@code
   * quarry.exec.reuse}.
   */
  private static final boolean WHOLE_PATTERNS =
      !"false".equals(System.getProperty("quarry.exec.whole-patterns"));

  private static final boolean REUSE = !"false".equals(System.getProperty("quarry.exec.reuse"));

  private long wholeQuads(Triple t, long[] consts, Var[] at, Set<Var> bound, ObjectRange range) {
    boolean subjectBound = at[0] != null && bound.contains(at[0]);
    boolean objectFree = consts[2] != 0 || (!bound.contains(at[2]) && !at[2].equals(at[0]));
    if (rules != null || graphVar != null || range != null || consts[1] == 0 || !WHOLE_PATTERNS) {
      return -1;
    }
    if (!subjectBound || !objectFree) {
      return -1;
    }
    return (long) Math.ceil(estimates.perRow(t, Set.of(), terms));
  }

  /**
   * How many times fewer rows than its pattern a query part must be estimated to find for the
   * pattern to run on its rows (see {@link #patternOnRows}).
   */
  private static final double ON_ROWS_RATIO = 8;

  /** Diagnostic switch for A/B runs: {@code quarry.exec.pattern-on-rows=false}. */
  private static final boolean PATTERN_ON_ROWS =
      !"false".equals(System.getProperty("quarry.exec.pattern-on-rows"));

  /**
   * The pattern of (join P B) if P may run on B's rows: P one pattern (and filters on its own
   * variables), B a part evaluated on its own (a subquery) sharing a variable with it. It does when
   * B is estimated to find far fewer rows than P ({@link #rowsFew}): P is then looked up, or read
   * whole and kept ({@link PatternJoin#wholePattern}), where a hash join would read all of P for
   * each query. BSBM BI Q2 joins the few thousand products that share features with a product to
   * the 28,480 products typed Product. Rows of B with a shared variable unbound join as SPARQL
   * says: the pattern binds it.
   */
  private Group patternOnRows(OpJoin j) {
    Group group = PATTERN_ON_ROWS ? Group.of(j.getLeft()) : null;
    if (group == null || group.triples().size() != 1 || Group.of(j.getRight()) != null) {
      return null;
    }
    boolean shared =
        !java.util.Collections.disjoint(
            Group.vars(group.triples()),
            org.apache.jena.sparql.algebra.OpVars.visibleVars(j.getRight()));
    return shared ? group : null;
  }

  /** True if {@code rows} are estimated to be far fewer than the quads of the group's pattern. */
  private boolean rowsFew(Group one, IdOperator rows) {
    return rows.estimate() >= 0
        && rows.estimate() * ON_ROWS_RATIO
            < estimates.perRow(one.triples().getFirst(), Set.of(), terms);
  }

  /** Input rows up to which a UNION of patterns is run on them rather than joined by hash. */
  private static final double CORRELATE_ROWS = 20_000;

  /**
   * True if a UNION joined with {@code input} can run each branch on the input's rows: a few rows
   * in, and branches (nested unions flattened) that are patterns without filters (a filter in a
   * branch must not see the input's variables).
   */
  private static boolean correlatable(OpUnion u, IdOperator input) {
    if (input.estimate() < 0 || input.estimate() > CORRELATE_ROWS) {
      return false;
    }
    for (Op branch : unionBranches(u, new ArrayList<>())) {
      Group g = Group.of(branch);
      if (g == null || g.triples().isEmpty() || !g.conjuncts().isEmpty()) {
        return false;
      }
    }
    return true;
  }

  /** The branches of nested binary unions, left to right. */
  private static List<Op> unionBranches(Op op, List<Op> out) {
    if (op instanceof OpUnion u) {
      unionBranches(u.getLeft(), out);
      unionBranches(u.getRight(), out);
    } else {
      out.add(op);
    }
    return out;
  }

  /**
   * Reading a side sequentially costs about an eighth of a probe into it (a decoded row against a
   * batched lookup's descent and block search): a merge join pays while the second side has at most
   * this many quads per row of the first. Below {@link #MERGE_MIN_ROWS} rows, probing is cheap
   * anyway and keeps a LIMIT from reading a whole side.
   */
  private static final double MERGE_SCAN_PER_PROBE = 7;

  private static final double MERGE_MIN_ROWS = 256;

  /**
   * A merge join of the first pattern with the partner the cost favours among the rest (removed
   * from them), or null: both need a constant predicate, the same subject variable, an object that
   * is a constant or another variable, and no inference; and no filter bounding the object to a
   * range (then the pattern reads only the range instead of the whole predicate).
   */
  private MergeJoin mergeJoin(
      Triple first, double firstRows, List<Triple> rest, List<Expr> pending) {
    boolean enabled = !"false".equals(System.getProperty("quarry.exec.merge")) && graphVar == null;
    MergeJoin.Side a =
        enabled && rules == null && firstRows >= MERGE_MIN_ROWS ? side(first, pending) : null;
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
      double all = estimates.perRow(t, Set.of(), terms);
      double per = estimates.perRow(t, bySubject, terms);
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
    MergeJoin join = new MergeJoin(access, graph, subject, a, b);
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
    if (Var.isVar(o) && ObjectRange.of(Var.alloc(o), pending, List.of(), terms, cxt) != null) {
      return null;
    }
    long pid = access.id(p);
    long oid = Var.isVar(o) ? 0 : access.id(o);
    if (pid == 0 || (!Var.isVar(o) && oid == 0)) {
      return null; // a term the store lacks: the usual path answers with no rows
    }
    return new MergeJoin.Side(pid, oid, Var.isVar(o) ? Var.alloc(o) : null, text(t));
  }

  /** Wraps {@code cur} in a filter of the pending conjuncts whose variables are all bound. */
  private IdOperator applicable(IdOperator cur, List<Expr> pending, Set<Var> bound, double rows) {
    ExprList now = new ExprList();
    for (Iterator<Expr> it = pending.iterator(); it.hasNext(); ) {
      Expr e = it.next();
      if (bound.containsAll(e.getVarsMentioned())) {
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
    return new Filter(cur, now, terms, cxt).estimate(rows * sel).cancellable(cxt);
  }

  private static boolean connected(Triple t, Set<Var> bound) {
    for (Node n : new Node[] {t.getSubject(), t.getPredicate(), t.getObject()}) {
      if (Var.isVar(n) && bound.contains(Var.alloc(n))) {
        return true;
      }
    }
    return false;
  }

  private static IdOperator empty(IdOperator input, List<Triple> triples, Var graphVar) {
    List<Var> vars = new ArrayList<>(input.vars());
    if (graphVar != null && !vars.contains(graphVar)) {
      vars.add(graphVar);
    }
    for (Triple t : triples) {
      for (Node n : new Node[] {t.getSubject(), t.getPredicate(), t.getObject()}) {
        if (Var.isVar(n) && !vars.contains(Var.alloc(n))) {
          vars.add(Var.alloc(n));
        }
      }
    }
    return new Source(vars, new Rows(vars.size(), 0), "no match (a term the store lacks)");
  }

  private static String text(Triple t) {
    return "{ "
        + str(t.getSubject())
        + " "
        + str(t.getPredicate())
        + " "
        + str(t.getObject())
        + " }";
  }

  private static String str(Node n) {
    return Var.isVar(n) ? "?" + n.getName() : n.isURI() ? "<" + n.getURI() + ">" : n.toString();
  }

  /**
   * DISTINCT over the query's own variables: a property path's hidden ones (??P0, the node in the
   * middle of p1/p0) must not make otherwise equal rows differ. `SELECT DISTINCT *` has no
   * projection in ARQ's algebra to drop them, and ARQ compares the visible variables only.
   */
  private IdOperator distinct(IdOperator sub) {
    List<Var> named = sub.vars().stream().filter(v -> v.isNamedVar()).toList();
    IdOperator in =
        named.size() < sub.vars().size() ? new Project(sub, named).estimate(sub.estimate()) : sub;
    return new Distinct(in, cxt).estimate(sub.estimate());
  }
}
