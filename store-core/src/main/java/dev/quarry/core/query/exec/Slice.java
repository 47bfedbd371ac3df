package dev.quarry.core.query.exec;

import java.util.List;

/** OFFSET and LIMIT: stops pulling from its input once the limit is reached. */
public final class Slice extends IdOperator {
  private final IdOperator input;
  private long skip;
  private long left;

  /** {@code limit} < 0: no limit. */
  public Slice(IdOperator input, long offset, long limit) {
    super(input.vars());
    this.input = input;
    this.skip = Math.max(0, offset);
    this.left = limit < 0 ? Long.MAX_VALUE : limit;
    if (limit >= 0) {
      input.expectAtMost(skip + limit);
    }
  }

  @Override
  protected Rows compute() {
    if (left <= 0) {
      return null;
    }
    Rows in = input.next();
    if (in == null) {
      return null;
    }
    int from = (int) Math.min(skip, in.size);
    skip -= from;
    int n = (int) Math.min(left, in.size - from);
    left -= n;
    return in.slice(from, n);
  }

  @Override
  public String label() {
    return "slice";
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of(input);
  }
}
