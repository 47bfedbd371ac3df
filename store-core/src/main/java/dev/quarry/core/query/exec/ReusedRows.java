package dev.quarry.core.query.exec;

import dev.quarry.core.query.memory.QueryMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.jena.sparql.core.Var;

/**
 * The rows of a part of a query that occurs more than once (BSBM BI's Q5 counts reviews per product
 * and country twice, word for word): computed once, held, and read by each occurrence under its own
 * variable names. If the rows outgrow the query's memory, nothing fails: the first reader streams
 * them on, and every other occurrence computes its own.
 */
public final class ReusedRows {
  private final IdOperator input;
  private final org.apache.jena.sparql.engine.ExecutionContext cxt;
  private List<Rows> batches;
  private boolean tooLarge; // the rows did not fit: each occurrence computes its own
  private long held;
  private QueryMemory memory;
  private int readers;
  private int closed;

  public ReusedRows(IdOperator input, org.apache.jena.sparql.engine.ExecutionContext cxt) {
    this.input = input;
    this.cxt = cxt;
  }

  public double estimate() {
    return input.estimate();
  }

  /** The rows for the occurrence that computes them, under the input's variable names. */
  public IdOperator first() {
    readers++;
    return new Reader(input.vars(), null);
  }

  /**
   * The rows for another occurrence, whose variables are {@code vars} (the input's renamed, in
   * order); {@code own} computes that occurrence itself, for when the rows are not held.
   */
  public IdOperator again(List<Var> vars, Supplier<IdOperator> own) {
    readers++;
    return new Reader(vars, own);
  }

  /** Reads the input into memory unless it does not fit there; true if it did. */
  private boolean fill() {
    if (batches != null) {
      return !tooLarge;
    }
    batches = new ArrayList<>();
    memory = IdOperator.memoryOf(cxt);
    for (Rows r = input.next(); r != null; r = input.next()) {
      batches.add(r);
      long bytes = 8L * r.size * Math.max(1, r.width) + 32;
      if (!memory.tryReserve(bytes)) {
        tooLarge = true;
        return false;
      }
      held += bytes;
    }
    return true;
  }

  private void readerClosed() {
    if (++closed < readers) {
      return;
    }
    if (memory != null && held > 0) {
      memory.release(held);
      held = 0;
    }
    batches = List.of();
    input.close(); // only now: a reader done early must not end the rows another still reads
  }

  private final class Reader extends IdOperator {
    private final Supplier<IdOperator> own; // null: the occurrence that computes the rows
    private IdOperator computed; // this occurrence's own rows, when they are not held
    private int next;
    private boolean released;

    Reader(List<Var> vars, Supplier<IdOperator> own) {
      super(vars);
      this.own = own;
      estimate(input.estimate());
    }

    @Override
    protected Rows compute() {
      if (computed != null) {
        return computed.next();
      }
      if (readers == 1) {
        return input.next(); // no other occurrence was compiled here (another graph's, say)
      }
      boolean held = fill();
      if (!held && own != null) {
        computed = own.get();
        return computed.next();
      }
      if (next < batches.size()) {
        Rows from = batches.get(next++);
        Rows copy = new Rows(from.width, from.size);
        copy.appendAll(from);
        return copy;
      }
      // Held: the end. Not held: the first reader streams on past what was read.
      return held ? null : input.next();
    }

    @Override
    protected void release() {
      if (!released) {
        released = true;
        if (computed != null) {
          computed.close();
        }
        readerClosed();
      }
    }

    @Override
    protected boolean closesInputs() {
      return false; // the shared input closes with the last reader; this one's own rows here
    }

    @Override
    public String label() {
      if (own == null) {
        return "computed once for "
            + readers
            + " occurrences"
            + (tooLarge ? " (too large to hold)" : "");
      }
      return computed != null ? "computed again (too large to hold)" : "the same rows again";
    }

    @Override
    public List<IdOperator> inputs() {
      return own == null ? List.of(input) : computed != null ? List.of(computed) : List.of();
    }
  }
}
