package dev.quarry.core.query.exec;

import dev.quarry.core.query.memory.QueryMemory;
import dev.quarry.core.storage.ThreadIo;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;

/**
 * An operator of Quarry's executor: it pulls batches of id rows from its inputs and produces
 * batches of its own, over a fixed list of columns ({@link #vars}). It carries the planner's
 * estimate and counts the rows it actually produced, for explain.
 */
public abstract class IdOperator {
  protected final List<Var> vars;
  protected double estimate = -1;
  private long produced;
  private boolean ended;
  private long nanos; // time spent in next(), inputs included: explain shows it
  private final long[] io =
      new long[ThreadIo.KINDS]; // this thread's reads in next() (ThreadIo), inputs included
  private final long[] ioAtStart = new long[ThreadIo.KINDS]; // scratch of next()
  private ExecutionContext cxt;

  protected IdOperator(List<Var> vars) {
    this.vars = List.copyOf(vars);
  }

  /**
   * The columns some row of this operator may leave unbound (id 0): a UNION branch without them,
   * OPTIONAL's right side, a BIND that failed, an UNDEF in VALUES. A filter on them must wait for
   * the pattern that binds them: applied before it, it would drop rows the pattern completes. By
   * default, those of the inputs this operator passes on.
   */
  public Set<Var> maybeUnbound() {
    Set<Var> out = new HashSet<>();
    for (IdOperator in : inputs()) {
      out.addAll(in.maybeUnbound());
    }
    out.retainAll(vars);
    return out;
  }

  public List<Var> vars() {
    return vars;
  }

  public int column(Var v) {
    return vars.indexOf(v);
  }

  /** The next non-empty batch, or null when there are no more rows. */
  public final Rows next() {
    if (ended) {
      return null; // asked again after the end, or after close
    }
    long start = System.nanoTime();
    long[] thread = ThreadIo.counts();
    System.arraycopy(thread, 0, ioAtStart, 0, ThreadIo.KINDS);
    checkCancelled();
    Rows r = compute();
    while (r != null && r.size == 0) {
      checkCancelled(); // between batches: a timeout stops even a scan that finds nothing
      r = compute();
    }
    if (r != null) {
      produced += r.size;
    } else {
      ended = true;
    }
    nanos += System.nanoTime() - start;
    for (int k = 0; k < ThreadIo.KINDS; k++) {
      io[k] += thread[k] - ioAtStart[k];
    }
    return r;
  }

  private void checkCancelled() {
    checkCancel(cxt);
  }

  /** Stops the query if it was cancelled or is past its deadline (no context: never). */
  static void checkCancel(ExecutionContext cxt) {
    if (cxt != null) {
      cxt.checkCancelSignal();
    }
  }

  /** The query this operator runs in, if it was made {@link #cancellable}; else null. */
  protected ExecutionContext context() {
    return cxt;
  }

  /** The memory of the query {@code cxt} runs (no context: a share of the default pool). */
  static QueryMemory memoryOf(ExecutionContext cxt) {
    return QueryMemory.of(cxt == null ? null : cxt.getContext());
  }

  /** Makes this operator honour the query's cancellation and timeout, checked per batch. */
  public IdOperator cancellable(ExecutionContext cxt) {
    this.cxt = cxt;
    return this;
  }

  /**
   * A hint from above (a LIMIT) that no more than {@code rows} rows will be read: operators that
   * read the index make their first batches that small, and operators whose rows are their input's
   * pass it on. It never changes what is produced, only how much is read ahead of need.
   */
  public void expectAtMost(long rows) {}

  /**
   * True if this operator's rows come from an {@link OrderedWalk}, which ends when the top-k above
   * is full: an operator that gathers input rows before it works should take few at a time, or it
   * makes the walk read past the end it would have found.
   */
  public boolean fedByWalk() {
    for (IdOperator in : inputs()) {
      if (in.fedByWalk()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Lets go of what this operator and its inputs hold (memory, spill files), when the query ends or
   * stops reading early (a LIMIT, a disconnect). Harmless twice, and after the end.
   */
  public void close() {
    ended = true;
    release();
    if (closesInputs()) {
      for (IdOperator in : inputs()) {
        in.close();
      }
    }
  }

  /** False for an operator whose inputs others read too: it closes them when they are done. */
  protected boolean closesInputs() {
    return true;
  }

  /** Gives back what this operator holds; operators that hold rows override it. */
  protected void release() {}

  /** The next batch (may be empty), or null at the end. */
  protected abstract Rows compute();

  /** One line for explain: what this operator does. */
  public abstract String label();

  public abstract List<IdOperator> inputs();

  public double estimate() {
    return estimate;
  }

  public IdOperator estimate(double rows) {
    this.estimate = rows;
    return this;
  }

  public long produced() {
    return produced;
  }

  /**
   * This thread's count {@code kind} ({@link ThreadIo}: pages read, read ahead, term reads, a
   * remote backend's requests and bytes) over {@link #next}, inputs included.
   */
  public long io(int kind) {
    return io[kind];
  }

  /** Nanoseconds spent producing rows, the inputs' time included. */
  public long nanos() {
    return nanos;
  }
}
