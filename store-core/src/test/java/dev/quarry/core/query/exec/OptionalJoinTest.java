package dev.quarry.core.query.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.jena.sparql.core.Var;
import org.junit.jupiter.api.Test;

/** OPTIONAL's index join reads each batch's right side by that side's own columns. */
class OptionalJoinTest {
  private static final Var A = Var.alloc("a");
  private static final Var B = Var.alloc("b");

  /**
   * The side planned for the probe (no rows) puts its columns in another order than the side
   * planned for a batch of rows, as a plan chosen by row counts may: the answer is the same.
   */
  @Test
  void eachBatchIsReadByItsSidesColumns() {
    Rows leftRows = new Rows(1, 2);
    leftRows.data[leftRows.append()] = 1;
    leftRows.data[leftRows.append()] = 2;
    IdOperator left = new Source(List.of(A), leftRows, "left");
    Function<IdOperator, IdOperator> side =
        in -> {
          List<Var> cols = in.vars(); // ?a and the hidden row number
          Var number = cols.get(cols.indexOf(A) == 0 ? 1 : 0);
          Rows input = in.next();
          if (input == null || input.size() == 0) { // the probe: ?b first
            return new Source(List.of(B, number, A), new Rows(3, 0), "probe side");
          }
          Rows out = new Rows(3, 1); // a batch: ?a, ?b, number; ?b = 100 + ?a where ?a is 1
          for (int r = 0; r < input.size(); r++) {
            long a = input.get(r, cols.indexOf(A));
            if (a == 1) {
              int at = out.append();
              out.data[at] = a;
              out.data[at + 1] = 100 + a;
              out.data[at + 2] = input.get(r, cols.indexOf(number));
            }
          }
          return new Source(List.of(A, B, number), out, "batch side");
        };
    OptionalJoin join = OptionalJoin.of(left, side, columns -> null); // columns by a probe
    List<String> rows = new ArrayList<>();
    for (Rows r = join.next(); r != null; r = join.next()) {
      for (int i = 0; i < r.size(); i++) {
        rows.add(
            "a=" + r.get(i, join.vars().indexOf(A)) + " b=" + r.get(i, join.vars().indexOf(B)));
      }
    }
    assertEquals(List.of("a=1 b=101", "a=2 b=0"), rows);
  }
}
