package dev.quarry.core.query.exec;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Drops repeated rows. Ids are terms (one id per term), so this is DISTINCT on ids, undecoded. */
public final class Distinct extends IdOperator {
  private final IdOperator input;
  private final Set<RowKey> seen = new HashSet<>();

  public Distinct(IdOperator input) {
    super(input.vars());
    this.input = input;
  }

  @Override
  protected Rows compute() {
    Rows in = input.next();
    if (in == null) {
      return null;
    }
    Rows out = new Rows(in.width, in.size);
    for (int r = 0; r < in.size; r++) {
      if (seen.add(new RowKey(in.row(r)))) {
        out.appendCopy(in, r);
      }
    }
    return out;
  }

  @Override
  public String label() {
    return "distinct";
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of(input);
  }
}
