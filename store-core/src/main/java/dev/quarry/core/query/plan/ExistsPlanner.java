package dev.quarry.core.query.plan;

import dev.quarry.core.query.exec.Filter;
import dev.quarry.core.query.exec.IdOperator;
import dev.quarry.core.query.exec.SemiJoin;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.op.OpExtendAssign;
import org.apache.jena.sparql.algebra.op.OpFilter;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprList;

/**
 * FILTER with EXISTS or NOT EXISTS conjuncts: the other conjuncts filter as usual, then each EXISTS
 * is a semi-join (anti-join for NOT EXISTS) of the rows with its pattern, tried in waves where the
 * pattern's first step fans out. An EXISTS inside a larger expression is evaluated by ARQ per row
 * (which comes back to the compiler for the pattern).
 */
final class ExistsPlanner {
  /** Diagnostic switch for A/B runs: {@code quarry.exec.exists-waves=false} tests in one go. */
  private static final boolean WAVES =
      !"false".equals(System.getProperty("quarry.exec.exists-waves"));

  private final Scope scope;
  private final Compiler compiler;
  private final PatternPlanner patterns;

  ExistsPlanner(Scope scope, Compiler compiler, PatternPlanner patterns) {
    this.scope = scope;
    this.compiler = compiler;
    this.patterns = patterns;
  }

  IdOperator filter(OpFilter f, IdOperator input) {
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
    Op sub = plain.isEmpty() ? f.getSubOp() : OpFilter.filterBy(plain, f.getSubOp());
    IdOperator cur = compiler.compile(sub, input);
    for (Exists x : tests) {
      if (cur == null) {
        return null;
      }
      IdOperator left = cur;
      SemiJoin semi =
          SemiJoin.of(left, in -> compiler.compile(x.pattern(), in), x.negated(), x.pattern());
      if (semi != null && WAVES) {
        semi.inWaves(waves(x.pattern(), left.vars()));
      }
      cur =
          semi != null
              ? semi.estimate(left.estimate() / 2)
              : new Filter(left, new ExprList(x.expr()), scope.terms, scope.cxt)
                  .estimate(left.estimate() / 2);
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
    PatternPlanner.Step first =
        patterns.cheapest(group.triples(), bound, group.conjuncts(), equalities);
    Set<Var> known = Equality.closure(equalities, bound);
    if (first.fanOut() < 2 || !PatternPlanner.connected(first.triple(), known)) {
      return null;
    }
    List<Triple> rest = new ArrayList<>(group.triples());
    rest.remove(first.triple());
    return new SemiJoin.Waves(
        in -> patterns.plan(List.of(first.triple()), List.of(), in).cancellable(scope.cxt),
        in -> {
          IdOperator cur = patterns.plan(rest, group.conjuncts(), in);
          for (int i = binds.size() - 1; i >= 0 && cur != null; i--) {
            cur = compiler.bind(binds.get(i), cur);
          }
          return cur == null ? null : cur.cancellable(scope.cxt);
        });
  }
}
