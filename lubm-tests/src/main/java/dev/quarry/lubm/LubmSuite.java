package dev.quarry.lubm;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The 45 LUBM checks over University0, in order, against any {@link LubmTarget}: the server
 * answers; the load gives 100,545 triples in {@code <lubm>} and 45 in {@code <inf>} (then the
 * subOrganizationOf closure step); Q1..Q14 open-coded; Q1..Q14 with query-time inference; Q1..Q14
 * after the ten entailment inserts. A query check compares the row count and the answer set with
 * the official reference answers.
 */
public final class LubmSuite {
  /** One check: its number (1..45), its name, and what it does. */
  public record Check(int number, String name, Body body) {}

  /**
   * A check's work; throws {@link AssertionError} on failure, {@link NotSupported} if unavailable.
   */
  @FunctionalInterface
  public interface Body {
    void run(LubmTarget target);
  }

  /** The target cannot run this check yet; counted apart from passes and failures. */
  public static final class NotSupported extends RuntimeException {
    public NotSupported(String why) {
      super(why);
    }
  }

  private LubmSuite() {}

  public static List<Check> checks() {
    List<Check> checks = new ArrayList<>();
    checks.add(
        new Check(
            1, "01 the store answers", t -> require(t.answers(), "the store does not answer")));
    checks.add(
        new Check(
            2,
            "02 load University0 into <lubm>: 100545 triples",
            t -> {
              t.loadData();
              requireEqual(
                  LubmData.TRIPLES, t.count(LubmQueries.countGraph("lubm")), "triples in <lubm>");
            }));
    checks.add(
        new Check(
            3,
            "03 schema in <inf>: 45 triples; subOrganizationOf closure step",
            t -> {
              requireEqual(
                  LubmData.SCHEMA_TRIPLES,
                  t.count(LubmQueries.countGraph("inf")),
                  "triples in <inf>");
              t.update(LubmQueries.CLOSURE_STEP);
              requireEqual(
                  LubmData.TRIPLES + 224,
                  t.count(LubmQueries.countGraph("lubm")),
                  "triples after the closure step");
            }));
    for (int q = 1; q <= 14; q++) {
      int query = q;
      checks.add(
          new Check(
              3 + q,
              String.format("%02d Q%d open-coded", 3 + q, q),
              t -> query(t, query, LubmQueries.Form.OPEN_CODED)));
    }
    for (int q = 1; q <= 14; q++) {
      int query = q;
      checks.add(
          new Check(
              17 + q,
              String.format("%02d Q%d inference", 17 + q, q),
              t -> query(t, query, LubmQueries.Form.INFERENCE)));
    }
    for (int q = 1; q <= 14; q++) {
      int query = q;
      checks.add(
          new Check(
              31 + q,
              String.format("%02d Q%d physical", 31 + q, q),
              t -> {
                if (query == 1) {
                  for (String insert : LubmQueries.entailmentInserts()) {
                    t.update(insert);
                  }
                  requireEqual(
                      LubmQueries.PHYSICAL_TRIPLES,
                      t.count(LubmQueries.countGraph("lubm")),
                      "triples after the entailment inserts");
                }
                query(t, query, LubmQueries.Form.PHYSICAL);
              }));
    }
    return checks;
  }

  private static void query(LubmTarget t, int q, LubmQueries.Form form) {
    String text = LubmQueries.query(q, form);
    String inference = form == LubmQueries.Form.INFERENCE ? LubmQueries.INF_GRAPH : null;
    ReferenceAnswers ref = ReferenceAnswers.of(q);
    List<String> vars = ref.vars().isEmpty() ? List.of("x") : ref.vars();
    List<List<String>> rows = t.select(text, vars, inference);
    requireEqual(LubmQueries.EXPECTED_ROWS[q - 1], rows.size(), "Q" + q + " rows");
    if (!ref.vars().isEmpty()) {
      Set<List<String>> want = new HashSet<>(ref.rows());
      Set<List<String>> got = new HashSet<>(rows);
      if (!want.equals(got)) {
        Set<List<String>> missing = new HashSet<>(want);
        missing.removeAll(got);
        Set<List<String>> extra = new HashSet<>(got);
        extra.removeAll(want);
        throw new AssertionError(
            "Q"
                + q
                + " answers differ from the reference: "
                + missing.size()
                + " missing (e.g. "
                + missing.stream().limit(2).toList()
                + "), "
                + extra.size()
                + " extra (e.g. "
                + extra.stream().limit(2).toList()
                + ")");
      }
    }
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new AssertionError(message);
    }
  }

  private static void requireEqual(long want, long got, String what) {
    if (want != got) {
      throw new AssertionError(what + ": expected " + want + ", got " + got);
    }
  }
}
