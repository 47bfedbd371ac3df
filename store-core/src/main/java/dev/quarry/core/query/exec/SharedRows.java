package dev.quarry.core.query.exec;

import dev.quarry.core.query.memory.QueryMemory;
import java.util.ArrayList;
import java.util.List;

/**
 * One input read once and given to several operators, each reading all of its rows: a join with a
 * UNION of patterns runs each branch on the input's rows (lookups by what they bind) instead of
 * reading each branch whole for a hash join. The rows are held in the query's memory until the
 * query ends; each reader gets copies, so no reader sees another's changes.
 */
public final class SharedRows {
  private final IdOperator input;
  private final org.apache.jena.sparql.engine.ExecutionContext cxt;
  private List<Rows> batches;
  private long held;
  private QueryMemory memory;
  private int readers;
  private int closed;

  public SharedRows(IdOperator input, org.apache.jena.sparql.engine.ExecutionContext cxt) {
    this.input = input;
    this.cxt = cxt;
  }

  /** A new operator giving the input's rows. The first one shows the input in explain. */
  public IdOperator reader() {
    return new Reader(readers++ == 0);
  }

  private void fill() {
    if (batches != null) {
      return;
    }
    batches = new ArrayList<>();
    memory = IdOperator.memoryOf(cxt);
    for (Rows r = input.next(); r != null; r = input.next()) {
      long bytes = 8L * r.size * Math.max(1, r.width) + 32;
      memory.reserve(bytes, "the rows a join gives each branch of a UNION");
      held += bytes;
      batches.add(r);
    }
  }

  /** A reader is done: once all are, the rows go. */
  private void readerClosed() {
    if (++closed < readers) {
      return;
    }
    if (memory != null && held > 0) {
      memory.release(held);
      held = 0;
      batches = List.of();
    }
  }

  private final class Reader extends IdOperator {
    private final boolean first;
    private int next;

    Reader(boolean first) {
      super(input.vars());
      this.first = first;
      estimate(input.estimate());
    }

    @Override
    protected Rows compute() {
      fill();
      if (next >= batches.size()) {
        return null;
      }
      Rows from = batches.get(next++);
      Rows copy = new Rows(from.width, from.size);
      copy.appendAll(from);
      return copy;
    }

    private boolean released;

    @Override
    protected void release() {
      if (!released) {
        released = true;
        readerClosed();
      }
    }

    @Override
    public String label() {
      return first ? "the input, read once for each branch" : "the same input again";
    }

    @Override
    public List<IdOperator> inputs() {
      return first ? List.of(input) : List.of();
    }
  }
}
