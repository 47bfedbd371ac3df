package dev.quarry.core.query.exec;

import dev.quarry.core.index.spi.QuadScan;
import java.util.List;
import org.apache.jena.sparql.core.Var;

/**
 * SELECT DISTINCT of one variable of one pattern, read from an index whose keys start with it
 * ({@link dev.quarry.core.index.spi.QuadView#distinctTerms}): the values come sorted, so each is
 * given once by comparing it with the one before, with no set of what was seen.
 */
public final class DistinctTerms extends IdOperator {
  private final QuadScan scan;
  private final int part;
  private final String how;
  private int batch = Rows.BATCH;

  public DistinctTerms(Var var, int part, QuadScan scan, String how) {
    super(List.of(var));
    this.scan = scan;
    this.part = part;
    this.how = how;
  }

  @Override
  protected Rows compute() {
    Rows out = new Rows(1, batch); // one column: its data is the values, read in place
    long[] values = out.data;
    out.size =
        scan.read(
            null,
            part == 1 ? values : null,
            part == 2 ? values : null,
            part == 3 ? values : null,
            batch);
    return out.size == 0 ? null : out;
  }

  @Override
  public void expectAtMost(long rows) {
    batch = (int) Math.max(1, Math.min(Rows.BATCH, rows));
  }

  @Override
  public String label() {
    return "distinct " + vars.get(0) + " " + how;
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of();
  }
}
