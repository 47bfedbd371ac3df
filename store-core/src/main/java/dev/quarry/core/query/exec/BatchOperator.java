package dev.quarry.core.query.exec;

import java.util.List;
import org.apache.jena.sparql.core.Var;

/**
 * An operator that turns each batch of its one input into one batch of output, on its own (no state
 * across batches): a filter, a projection, a bind. A LIMIT above it reaches its input.
 */
abstract class BatchOperator extends IdOperator {
  protected final IdOperator input;

  BatchOperator(List<Var> vars, IdOperator input) {
    super(vars);
    this.input = input;
  }

  /** The output rows of one input batch. */
  protected abstract Rows apply(Rows in);

  @Override
  protected final Rows compute() {
    Rows in = input.next();
    return in == null ? null : apply(in);
  }

  @Override
  public void expectAtMost(long rows) {
    input.expectAtMost(rows);
  }

  @Override
  public List<IdOperator> inputs() {
    return List.of(input);
  }
}
