package dev.quarry.core.query;

import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.OpVars;
import org.apache.jena.sparql.algebra.OpVisitorBase;
import org.apache.jena.sparql.algebra.OpWalker;
import org.apache.jena.sparql.algebra.op.OpAssign;
import org.apache.jena.sparql.algebra.op.OpExtend;
import org.apache.jena.sparql.algebra.op.OpFilter;
import org.apache.jena.sparql.algebra.op.OpGroup;
import org.apache.jena.sparql.algebra.op.OpJoin;
import org.apache.jena.sparql.algebra.op.OpLeftJoin;
import org.apache.jena.sparql.algebra.op.OpMinus;
import org.apache.jena.sparql.algebra.op.OpProject;
import org.apache.jena.sparql.algebra.op.OpSlice;
import org.apache.jena.sparql.algebra.op.OpTopN;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.core.VarExprList;
import org.apache.jena.sparql.expr.ExprList;
import org.apache.jena.sparql.expr.ExprVars;

/**
 * Whether ARQ's join strategy may run the right side of a JOIN or OPTIONAL on each row of its left
 * (substitution: {@code OpSequence}, {@code OpConditional}), which Quarry's planner then does too.
 * SPARQL evaluates each side on its own, so that is only the same where nothing inside the right
 * side reads a variable of the left one before its own patterns bind it. ARQ's check lets through
 * an expression whose variable the right side binds later on ({@code OPTIONAL { ?d :p ?o
 * BIND(STR(?b) AS ?x) ?d :r ?b }}: the BIND sees the left's ?b under substitution, none on its
 * own). This check asks, for every place inside the right side that reads variables or hides them
 * (an expression, a nested OPTIONAL or MINUS, a subquery's projection, grouping or limit), whether
 * one of the left side's variables reaches it from outside: found anywhere, the query is optimised
 * without the join strategy (hash joins; rare shapes, none in BSBM).
 */
final class SubstitutionSafety {
  private SubstitutionSafety() {}

  /** True if some join in {@code op} would change its answers when run by substitution. */
  static boolean substitutionChangesAnswers(Op op) {
    boolean[] found = {false};
    OpWalker.walk(
        op,
        new OpVisitorBase() {
          @Override
          public void visit(OpJoin j) {
            check(j.getLeft(), j.getRight());
          }

          @Override
          public void visit(OpLeftJoin j) {
            check(j.getLeft(), j.getRight());
          }

          private void check(Op left, Op right) {
            found[0] |= !found[0] && readsFromOutside(right, OpVars.visibleVars(left));
          }
        });
    return found[0];
  }

  /** True if a place inside {@code op} would see one of {@code outer} it does not bind itself. */
  static boolean readsFromOutside(Op op, Set<Var> outer) {
    boolean[] found = {false};
    OpWalker.walk(
        op,
        new OpVisitorBase() {
          @Override
          public void visit(OpExtend e) {
            reads(e.getVarExprList(), e.getSubOp());
          }

          @Override
          public void visit(OpAssign a) {
            reads(a.getVarExprList(), a.getSubOp());
          }

          @Override
          public void visit(OpFilter f) {
            reads(f.getExprs(), Set.of(), f.getSubOp());
          }

          @Override
          public void visit(OpLeftJoin j) {
            // Its condition sees both sides; its right side, optional, must not be narrowed by a
            // value its left side does not fix.
            if (j.getExprs() != null) {
              reads(j.getExprs(), OpVars.visibleVars(j.getRight()), j.getLeft());
            }
            unbound(OpVars.visibleVars(j.getRight()), j.getLeft());
          }

          @Override
          public void visit(OpMinus m) {
            unbound(OpVars.visibleVars(m.getRight()), m.getLeft());
          }

          @Override
          public void visit(OpProject p) {
            Set<Var> hidden = new HashSet<>(OpVars.visibleVars(p.getSubOp()));
            hidden.removeAll(p.getVars());
            found[0] |= intersects(hidden, outer);
          }

          @Override
          public void visit(OpGroup g) {
            Set<Var> hidden = new HashSet<>(OpVars.visibleVars(g.getSubOp()));
            hidden.removeAll(g.getGroupVars().getVars());
            found[0] |= intersects(hidden, outer);
          }

          @Override
          public void visit(OpSlice s) {
            found[0] |= intersects(OpVars.visibleVars(s.getSubOp()), outer);
          }

          @Override
          public void visit(OpTopN t) {
            found[0] |= intersects(OpVars.visibleVars(t.getSubOp()), outer);
          }

          private void reads(VarExprList exprs, Op input) {
            Set<Var> mentioned = new HashSet<>();
            exprs.forEachExpr((v, e) -> mentioned.addAll(ExprVars.getVarsMentioned(e)));
            unbound(mentioned, input);
          }

          private void reads(ExprList exprs, Set<Var> alsoBound, Op input) {
            Set<Var> mentioned = new HashSet<>(ExprVars.getVarsMentioned(exprs));
            mentioned.removeAll(alsoBound);
            unbound(mentioned, input);
          }

          /** Flags {@code vars} of the outer side that {@code input} does not bind. */
          private void unbound(Set<Var> vars, Op input) {
            if (!found[0] && intersects(vars, outer)) {
              Set<Var> fromOutside = new HashSet<>(vars);
              fromOutside.retainAll(outer);
              fromOutside.removeAll(OpVars.visibleVars(input));
              found[0] = !fromOutside.isEmpty();
            }
          }
        });
    return found[0];
  }

  private static boolean intersects(Collection<Var> a, Collection<Var> b) {
    return !Collections.disjoint(a, b);
  }
}
