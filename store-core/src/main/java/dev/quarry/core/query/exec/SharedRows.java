package dev.quarry.core.query.exec;

import dev.quarry.core.query.memory.QueryMemory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;

/**
 * One input computed once, held in the query's memory and read whole by several operators, each
 * getting copies. Two uses: a join with a UNION of patterns runs each branch on the input's rows
 * ({@link #reader}: lookups by what they bind, instead of reading each branch whole for a hash
 * join); and a part of a query that occurs more than once (BSBM BI's Q5 counts reviews per product
 * and country twice, word for word) is read by each occurrence under its own variable names ({@link
 * #first}, {@link #again}). Rows that outgrow the query's memory are not held: the first reader
 * streams them on, another occurrence computes its own, and a UNION branch, which has no other way
 * to its input, fails the query. The input closes with the last reader.
 */
public final class SharedRows {
  private final IdOperator input;
  private final ExecutionContext cxt;
  private List<Rows> batches;
  private boolean tooLarge; // the rows did not fit in the query's memory
  private boolean branches; // read by the branches of a UNION (explain says so)
  private long held;
  private QueryMemory memory;
  private int readers;
  private int closed;

  public SharedRows(IdOperator input, ExecutionContext cxt) {
    this.input = input;
    this.cxt = cxt;
  }

  public double estimate() {
    return input.estimate();
  }

  /** A reader for a branch of a UNION. The first one shows the input in explain. */
  public IdOperator reader() {
    branches = true;
    return new Reader(input.vars(), readers == 0, null);
  }

  /** The rows for the occurrence of a repeated part that computes them. */
  public IdOperator first() {
    return new Reader(input.vars(), true, null);
  }

  /**
   * The rows for another occurrence, whose variables are {@code vars} (the input's renamed, in
   * order); {@code own} computes that occurrence itself, for when the rows are not held.
   */
  public IdOperator again(List<Var> vars, Supplier<IdOperator> own) {
    return new Reader(vars, false, own);
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
    private final boolean first; // the reader that streams on when the rows are not held
    private final Supplier<IdOperator> own; // another occurrence's own rows, or null
    private IdOperator computed; // those rows, when they are not held
    private int next;
    private boolean released;

    Reader(List<Var> vars, boolean first, Supplier<IdOperator> own) {
      super(vars);
      this.first = first;
      this.own = own;
      readers++;
      estimate(input.estimate());
    }

    @Override
    protected Rows compute() {
      if (computed != null) {
        return computed.next();
      }
      if (readers == 1) {
        return input.next(); // no other reader was compiled here (another graph's occurrence)
      }
      boolean held = fill();
      if (!held && !first) {
        if (own == null) {
          throw memory.exceeded("the rows a join gives each branch of a UNION");
        }
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

    /**
     * The shared rows' columns some row leaves unbound, as this reader names them (column by
     * column): a reader after the first has no input of its own to ask, and a UNION branch would
     * take an OPTIONAL's columns for bound.
     */
    @Override
    public Set<Var> maybeUnbound() {
      Set<Var> out = new HashSet<>();
      for (Var v : input.maybeUnbound()) {
        int c = input.vars().indexOf(v);
        if (c >= 0 && c < vars.size()) {
          out.add(vars.get(c));
        }
      }
      return out;
    }

    @Override
    public String label() {
      if (branches) {
        return first ? "the input, read once for each branch" : "the same input again";
      }
      if (first) {
        return readers == 1
            ? "computed for its one occurrence here"
            : "computed once for "
                + readers
                + " occurrences"
                + (tooLarge ? " (too large to hold)" : "");
      }
      return computed != null ? "computed again (too large to hold)" : "the same rows again";
    }

    @Override
    public List<IdOperator> inputs() {
      return first ? List.of(input) : computed != null ? List.of(computed) : List.of();
    }
  }
}
