package dev.quarry.core.query;

import org.apache.jena.query.ARQ;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.OpVisitorBase;
import org.apache.jena.sparql.algebra.OpWalker;
import org.apache.jena.sparql.algebra.op.OpMinus;
import org.apache.jena.sparql.algebra.optimize.Optimize;
import org.apache.jena.sparql.algebra.optimize.RewriteFactory;
import org.apache.jena.sparql.util.Context;

/**
 * ARQ's standard optimiser, less two rewrites where they change answers: {@code FILTER(?b = ?a)}
 * becomes a substitution of ?b by ?a in the pattern below, and a MINUS in that pattern then
 * compares ?a where it compared nothing before ({@code { ?b :p :o MINUS { :x ?a :y } }}: the MINUS
 * shares no variable with its left side and removes no row; substituted, it removes the rows whose
 * ?a it matches). Found by ExecutorFuzzTest ({@code filter-equality-into-a-minus}). Quarry plans
 * such equalities itself (a lookup of the equal value), so only the rewrites are given up, and only
 * for queries with a MINUS.
 */
public final class QuarryOptimizer {
  public static final RewriteFactory FACTORY = QuarryOptimizer::create;

  private QuarryOptimizer() {}

  private static org.apache.jena.sparql.algebra.optimize.Rewrite create(Context context) {
    return op -> {
      Context c = context;
      if (hasMinus(op)) {
        c = context == null ? new Context() : context.copy();
        c.set(ARQ.optFilterImplicitJoin, false); // ?b = ?a
        c.set(ARQ.optFilterEquality, false); // ?b = <constant>: the same substitution
      }
      return Optimize.stdOptimizationFactory.create(c).rewrite(op);
    };
  }

  private static boolean hasMinus(Op op) {
    boolean[] found = {false};
    OpWalker.walk(
        op,
        new OpVisitorBase() {
          @Override
          public void visit(OpMinus m) {
            found[0] = true;
          }
        });
    return found[0];
  }
}
