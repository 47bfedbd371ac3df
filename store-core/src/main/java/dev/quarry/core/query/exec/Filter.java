package dev.quarry.core.query.exec;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprList;

/**
 * Keeps the rows that satisfy a filter. Conditions an id can decide ({@link IdCondition}: sameTerm,
 * = on IRIs, bound, comparisons of inline numbers and dates, a literal's language) run on ids; the
 * rest are evaluated by ARQ on a lazily decoded row, so only the variables they mention are
 * decoded.
 */
public final class Filter extends BatchOperator {
  private final ExprList exprs;
  private final IdCondition[] tests;
  private final TermSpace terms;
  private final ExecutionContext cxt;
  private final int[] decoded; // the columns of conditions ids cannot always decide
  private int[] kept = new int[0]; // the numbers of the rows of a batch that pass, reused

  public Filter(IdOperator input, ExprList exprs, TermSpace terms, ExecutionContext cxt) {
    super(input.vars(), input);
    this.exprs = exprs;
    this.terms = terms;
    this.cxt = cxt;
    this.tests = new IdCondition[exprs.size()];
    Set<Integer> cols = new TreeSet<>();
    for (int i = 0; i < exprs.size(); i++) {
      tests[i] = IdCondition.of(exprs.get(i), vars, terms, cxt);
      for (int c : TermSpace.columnsOf(exprs.get(i), vars)) {
        cols.add(c);
      }
    }
    this.decoded = new int[cols.size()];
    int i = 0;
    for (int c : cols) {
      decoded[i++] = c;
    }
  }

  @Override
  protected Rows apply(Rows in) {
    terms.prefetchColumns(in, decoded);
    if (kept.length < in.size) {
      kept = new int[in.size];
    }
    int n = 0;
    for (int r = 0; r < in.size; r++) {
      if (accepts(in.data, r * in.width)) {
        kept[n++] = r;
      }
    }
    return in.select(kept, n);
  }

  private boolean accepts(long[] data, int base) {
    RowBinding b = null;
    for (int i = 0; i < tests.length; i++) {
      if (tests[i] != null) {
        int verdict = tests[i].test(data, base);
        if (verdict == IdCondition.FALSE) {
          return false;
        }
        if (verdict == IdCondition.TRUE) {
          continue;
        }
      }
      if (b == null) {
        b = new RowBinding(null, vars, Arrays.copyOfRange(data, base, base + vars.size()), terms);
      }
      Expr e = exprs.get(i);
      if (!e.isSatisfied(b, cxt)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public String label() {
    StringBuilder sb = new StringBuilder("filter");
    for (int i = 0; i < exprs.size(); i++) {
      sb.append(' ').append(exprs.get(i)).append(tests[i] != null ? " [on ids]" : "");
    }
    return sb.toString();
  }
}
