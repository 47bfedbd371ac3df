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
 * ARQ's standard optimiser, less two rewrites where they change answers. {@code FILTER(?b = ?a)}
 * becomes a substitution of ?b by ?a in the pattern below it ("implicit join"): where a UNION
 * branch leaves ?b unbound, the filter (an error, so false) dropped those rows, the substitution
 * keeps them ({@code implicit-join-into-a-union}); and a MINUS there compares ?a where it compared
 * nothing ({@code filter-equality-into-a-minus}). Both found by ExecutorFuzzTest. Quarry's planner
 * takes such equalities itself (a lookup of the equal value, {@code Equality}), so that rewrite is
 * off for every query; the one for a constant ({@code FILTER(?b = <x>)}) is off for queries with a
 * MINUS. Joins whose right side would see the left side's variables where SPARQL's scoping hides
 * them are not run by substitution ({@link SubstitutionSafety}).
 */
public final class QuarryOptimizer {
  public static final RewriteFactory FACTORY = QuarryOptimizer::create;

  /** Sets up a dataset's context once: the optimiser factory, and ?b = ?a rewrites off. */
  public static void install(Context context) {
    context.set(ARQ.optFilterImplicitJoin, false); // ?b = ?a
    context.set(org.apache.jena.sparql.ARQConstants.sysOptimizerFactory, FACTORY);
  }

  private QuarryOptimizer() {}

  private static org.apache.jena.sparql.algebra.optimize.Rewrite create(Context context) {
    return op -> {
      boolean minus = hasMinus(op);
      boolean scoped = SubstitutionSafety.substitutionChangesAnswers(op);
      Context c = context;
      if (minus || scoped) { // a copy only then: this runs for every query
        c = context == null ? new Context() : context.copy();
        if (minus) {
          c.set(ARQ.optFilterEquality, false); // ?b = <constant>: the same substitution
        }
        if (scoped) {
          c.set(ARQ.optIndexJoinStrategy, false); // joins evaluated on their own
        }
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
