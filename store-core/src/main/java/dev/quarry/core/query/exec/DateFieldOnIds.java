package dev.quarry.core.query.exec;

import dev.quarry.core.dict.InlineValues;
import java.util.List;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.E_DateTimeDay;
import org.apache.jena.sparql.expr.E_DateTimeHours;
import org.apache.jena.sparql.expr.E_DateTimeMinutes;
import org.apache.jena.sparql.expr.E_DateTimeMonth;
import org.apache.jena.sparql.expr.E_DateTimeYear;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprFunction1;

/**
 * YEAR, MONTH, DAY, HOURS or MINUTES of a variable, read from an inline date or dateTime id: no
 * term decoded, no lexical form parsed (GROUP BY (YEAR(?date)) over every review). Ids that are not
 * inline dates are left to the expression's usual evaluation.
 */
record DateFieldOnIds(int column, int field) {
  /** Not decided on the id: evaluate the expression as usual. */
  static final long UNDECIDED = -1;

  /** The evaluator for {@code e} over rows of {@code vars}, or null if e is not such a function. */
  static DateFieldOnIds of(Expr e, List<Var> vars) {
    int field =
        switch (e) {
          case E_DateTimeYear x -> InlineValues.YEAR;
          case E_DateTimeMonth x -> InlineValues.MONTH;
          case E_DateTimeDay x -> InlineValues.DAY;
          case E_DateTimeHours x -> InlineValues.HOURS;
          case E_DateTimeMinutes x -> InlineValues.MINUTES;
          default -> -1;
        };
    if (field < 0 || !(e instanceof ExprFunction1 f) || !f.getArg().isVariable()) {
      return null;
    }
    int col = vars.indexOf(f.getArg().asVar());
    return col < 0 ? null : new DateFieldOnIds(col, field);
  }

  /** The result's id for the row at {@code base} of {@code data}, or {@link #UNDECIDED}. */
  long apply(long[] data, int base) {
    long id = data[base + column];
    if (id == 0) {
      return 0; // unbound: an error, so the result is unbound
    }
    long v = InlineValues.dateField(id, field);
    // ARQ answers a one-digit month, day, hour or minute with the lexical form's two digits
    // ("08"^^xsd:integer, not inline): the usual evaluation makes that term.
    return v == Long.MIN_VALUE || (field != InlineValues.YEAR && v < 10)
        ? UNDECIDED
        : InlineValues.integerId(v);
  }
}
