package dev.quarry.core.query.exec;

import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.index.spi.QuadView;
import java.util.List;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.E_TripleObject;
import org.apache.jena.sparql.expr.E_TriplePredicate;
import org.apache.jena.sparql.expr.E_TripleSubject;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprFunction1;

/**
 * SUBJECT, PREDICATE or OBJECT of a variable bound to a stored triple term, read from the term's
 * record as an id: the term and its parts are not decoded. A term of the query's own (TRIPLE(),
 * VALUES) is left to the expression's usual evaluation.
 */
final class TripleFieldOnIds {
  private final int column;
  private final int part;
  private final QuadView view;
  private final long[] parts = new long[3]; // an operator's rows are read by one thread

  private TripleFieldOnIds(int column, int part, QuadView view) {
    this.column = column;
    this.part = part;
    this.view = view;
  }

  /** The evaluator for {@code e} over rows of {@code vars}, or null if e is not such a function. */
  static TripleFieldOnIds of(Expr e, List<Var> vars, QuadView view) {
    int part =
        switch (e) {
          case E_TripleSubject x -> 0;
          case E_TriplePredicate x -> 1;
          case E_TripleObject x -> 2;
          default -> -1;
        };
    if (part < 0 || !(e instanceof ExprFunction1 f) || !f.getArg().isVariable()) {
      return null;
    }
    int col = vars.indexOf(f.getArg().asVar());
    return col < 0 ? null : new TripleFieldOnIds(col, part, view);
  }

  /** The part's id for the row at {@code base}, 0 for an error, or UNDECIDED. */
  long apply(long[] data, int base) {
    long id = data[base + column];
    if (id == NodeIds.NONE) {
      return 0; // unbound: an error
    }
    if (NodeIds.tag(id) == NodeIds.TAG_QUERY_LOCAL) {
      return DateFieldOnIds.UNDECIDED;
    }
    return view.tripleParts(id, parts) ? parts[part] : 0; // not a triple term: an error
  }
}
