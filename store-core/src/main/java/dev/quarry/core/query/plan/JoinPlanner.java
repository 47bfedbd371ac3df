package dev.quarry.core.query.plan;

import dev.quarry.core.query.exec.HashJoin;
import dev.quarry.core.query.exec.IdOperator;
import dev.quarry.core.query.exec.Minus;
import dev.quarry.core.query.exec.OptionalJoin;
import dev.quarry.core.query.exec.SharedRows;
import dev.quarry.core.query.exec.Source;
import dev.quarry.core.query.exec.Union;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.OpVars;
import org.apache.jena.sparql.algebra.op.OpConditional;
import org.apache.jena.sparql.algebra.op.OpDisjunction;
import org.apache.jena.sparql.algebra.op.OpJoin;
import org.apache.jena.sparql.algebra.op.OpLeftJoin;
import org.apache.jena.sparql.algebra.op.OpMinus;
import org.apache.jena.sparql.algebra.op.OpUnion;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.ExprList;

/**
 * Joins of query parts that are not one group of patterns: JOIN, OPTIONAL, UNION, MINUS. A part is
 * run on the rows it joins with (correlated: a lookup by what they bind) where they are few, and
 * otherwise evaluated on its own and joined by hash.
 */
final class JoinPlanner {
  /**
   * How many times fewer rows than its pattern a query part must be estimated to find for the
   * pattern to run on its rows (see {@link #patternOnRows}).
   */
  private static final double ON_ROWS_RATIO = 8;

  /** Diagnostic switch for A/B runs: {@code quarry.exec.pattern-on-rows=false}. */
  private static final boolean PATTERN_ON_ROWS =
      !"false".equals(System.getProperty("quarry.exec.pattern-on-rows"));

  /** Input rows up to which a UNION of patterns is run on them rather than joined by hash. */
  private static final double CORRELATE_ROWS = 20_000;

  private final Scope scope;
  private final Compiler compiler;
  private final PatternPlanner patterns;

  JoinPlanner(Scope scope, Compiler compiler, PatternPlanner patterns) {
    this.scope = scope;
    this.compiler = compiler;
    this.patterns = patterns;
  }

  /** A hash join of two operators (left outer with {@code outer}, under {@code cond}). */
  IdOperator hash(IdOperator left, IdOperator right, boolean outer, ExprList cond) {
    return new HashJoin(left, right, outer, cond, scope.terms, scope.cxt)
        .estimate(Math.max(left.estimate(), right.estimate()));
  }

  IdOperator join(OpJoin j, IdOperator input, boolean top) {
    if (j.getRight() instanceof OpUnion u) {
      IdOperator left = compiler.compile(j.getLeft(), input);
      if (left != null && correlatable(u, left)) {
        return compiler.compile(u, left);
      }
      IdOperator right = left == null ? null : compiler.compile(u, Source.unit());
      return right == null ? null : hash(left, right, false, null);
    }
    Group one = top ? patternOnRows(j) : null;
    IdOperator first = one == null ? null : compiler.compile(j.getRight(), Source.unit());
    if (first != null && rowsFew(one, first)) {
      return patterns.plan(one.triples(), one.conjuncts(), first);
    }
    IdOperator left = compiler.compile(j.getLeft(), input);
    IdOperator right =
        left == null ? null : first != null ? first : compiler.compile(j.getRight(), Source.unit());
    return right == null ? null : hash(left, right, false, null);
  }

  IdOperator leftJoin(OpLeftJoin lj, IdOperator input) {
    IdOperator left = compiler.compile(lj.getLeft(), input);
    IdOperator right = left == null ? null : compiler.compile(lj.getRight(), Source.unit());
    return right == null ? null : hash(left, right, true, lj.getExprs());
  }

  IdOperator conditional(OpConditional c, IdOperator input) {
    IdOperator left = compiler.compile(c.getLeft(), input);
    if (left == null) {
      return null;
    }
    OptionalJoin join =
        OptionalJoin.of(
            left,
            in -> compiler.compile(c.getRight(), in),
            cols -> compiler.plainGroupColumns(c.getRight(), cols));
    return join == null ? null : join.estimate(left.estimate());
  }

  IdOperator union(OpUnion u, IdOperator input, boolean top) {
    if (!top && correlatable(u, input)) {
      // Each branch runs on the input's rows (a lookup by what they bind) rather than whole for
      // a hash join: a few thousand rows against branches of tens of thousands of quads.
      SharedRows shared = new SharedRows(input, scope.cxt);
      List<IdOperator> branches = new ArrayList<>();
      double rows = 0;
      for (Op branch : unionBranches(u, new ArrayList<>())) {
        IdOperator b = compiler.compile(branch, shared.reader());
        if (b == null) {
          return null;
        }
        branches.add(b);
        rows += b.estimate();
      }
      return new Union(branches).estimate(rows);
    }
    return unionOf(List.of(u.getLeft(), u.getRight()), input, top);
  }

  IdOperator disjunction(OpDisjunction d, IdOperator input, boolean top) {
    return unionOf(d.getElements(), input, top);
  }

  /** The branches, each evaluated on its own, in one union joined with the input. */
  private IdOperator unionOf(List<Op> ops, IdOperator input, boolean top) {
    List<IdOperator> branches = new ArrayList<>();
    double rows = 0;
    for (Op e : ops) {
      IdOperator b = compiler.compile(e, Source.unit());
      if (b == null) {
        return null;
      }
      branches.add(b);
      rows += b.estimate();
    }
    IdOperator union = new Union(branches).estimate(rows);
    return top ? union : hash(input, union, false, null);
  }

  IdOperator minus(OpMinus m, IdOperator input) {
    IdOperator left = compiler.compile(m.getLeft(), input);
    IdOperator right = left == null ? null : compiler.compile(m.getRight(), Source.unit());
    // MINUS compares the variables its two sides bind themselves, as ARQ does: not those the rows
    // it is joined with bring (an EXISTS's outer row, a sequence's earlier patterns).
    Set<Var> own = OpVars.visibleVars(m.getLeft());
    return right == null ? null : new Minus(left, right, own, scope.cxt).estimate(left.estimate());
  }

  /**
   * The pattern of (join P B) if P may run on B's rows: P one pattern (and filters on its own
   * variables), B a part evaluated on its own (a subquery) sharing a variable with it. It does when
   * B is estimated to find far fewer rows than P ({@link #rowsFew}): P is then looked up, or read
   * whole and kept (PatternJoin's wholePattern), where a hash join would read all of P for each
   * query. BSBM BI Q2 joins the few thousand products that share features with a product to the
   * 28,480 products typed Product. Rows of B with a shared variable unbound join as SPARQL says:
   * the pattern binds it.
   */
  private Group patternOnRows(OpJoin j) {
    Group group = PATTERN_ON_ROWS ? Group.of(j.getLeft()) : null;
    if (group == null || group.triples().size() != 1 || Group.of(j.getRight()) != null) {
      return null;
    }
    boolean shared =
        !Collections.disjoint(Group.vars(group.triples()), OpVars.visibleVars(j.getRight()));
    return shared ? group : null;
  }

  /** True if {@code rows} are estimated to be far fewer than the quads of the group's pattern. */
  private boolean rowsFew(Group one, IdOperator rows) {
    return rows.estimate() >= 0
        && rows.estimate() * ON_ROWS_RATIO < scope.perRow(one.triples().getFirst(), Set.of());
  }

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
}
