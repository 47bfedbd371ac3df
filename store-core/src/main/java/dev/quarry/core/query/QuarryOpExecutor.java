package dev.quarry.core.query;

import dev.quarry.core.index.spi.QuadView;
import dev.quarry.core.query.exec.IdOperator;
import dev.quarry.core.query.exec.RowBinding;
import dev.quarry.core.query.exec.Rows;
import dev.quarry.core.query.exec.Source;
import dev.quarry.core.query.exec.TermSpace;
import dev.quarry.core.query.exec.WholeReads;
import dev.quarry.core.query.plan.Compiler;
import dev.quarry.core.query.plan.KeptCounts;
import dev.quarry.core.query.rules.RuleCache;
import dev.quarry.core.query.rules.Rules;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.atlas.lib.Closeable;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.engine.QueryIterator;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.iterator.QueryIterPlainWrapper;
import org.apache.jena.sparql.engine.iterator.QueryIterRoot;
import org.apache.jena.sparql.engine.main.OpExecutor;
import org.apache.jena.sparql.engine.main.OpExecutorFactory;
import org.apache.jena.sparql.util.Symbol;

/**
 * Quarry's executor, registered for Quarry datasets only: every algebra operator the {@link
 * Compiler} takes runs on ids, in batches, over the active graph of a Quarry dataset; anything else
 * is ARQ's own evaluation, which calls back here for its parts. Rows leave as lazily decoded
 * bindings: terms are decoded only when read.
 */
public final class QuarryOpExecutor extends OpExecutor {
  /** Context key: the IRI (String or Node) of the graph whose RDFS rules a query infers with. */
  public static final Symbol INFERENCE = Symbol.create("https://quarry.dev/ns#inference");

  /** Context key: a {@code List<IdOperator>} collecting the plans run, for explain. */
  public static final Symbol PLANS = Symbol.create("https://quarry.dev/ns#plans");

  /**
   * Where a graph's patterns run: a view of the store's quads (the index SPI), the graph's id, and
   * the ids of the dataset's named graphs, computed when a GRAPH asks (null if not known: GRAPH is
   * then left to ARQ).
   */
  public record Target(QuadView view, long graph, Supplier<long[]> namedGraphs) {}

  /** A graph id no quad has: the default graph of a dataset given FROM NAMED graphs only. */
  public static final long EMPTY_GRAPH = TermSpace.EMPTY_GRAPH;

  /** Context key: a {@code List<String>} collecting the operators left to ARQ, for explain. */
  public static final Symbol LEFT_TO_ARQ = Symbol.create("https://quarry.dev/ns#leftToArq");

  /** What one dataset's executor did: operator trees run on ids, and those left to ARQ. */
  public static final class Counters {
    final LongAdder onIds = new LongAdder();
    final LongAdder fallbacks = new LongAdder();
    private final Map<String, LongAdder> byKind = new ConcurrentHashMap<>();

    public long onIds() {
      return onIds.sum();
    }

    /**
     * Operator trees ARQ evaluated itself (of a kind the id executor lacks, of a graph that is not
     * Quarry's, or holding a part it cannot run); each operator ARQ then evaluates counts again.
     */
    public long fallbacks() {
      return fallbacks.sum();
    }

    /** {@link #fallbacks} by the operator's algebra name (path, minus, service ...). */
    public Map<String, Long> fallbacksByKind() {
      Map<String, Long> out = new TreeMap<>();
      byKind.forEach((k, v) -> out.put(k, v.sum()));
      return out;
    }

    void leftToArq(Op op) {
      fallbacks.increment();
      LongAdder n = byKind.get(op.getName());
      if (n == null) {
        n = byKind.computeIfAbsent(op.getName(), this::kind);
      }
      n.increment();
    }

    private synchronized LongAdder kind(String name) {
      LongAdder n = new LongAdder();
      if (registry != null) {
        register(registry, name, n);
      }
      return n;
    }

    private static void register(MeterRegistry registry, String kind, LongAdder n) {
      FunctionCounter.builder("quarry.query.left.to.arq", n, LongAdder::sum)
          .tag("operator", kind)
          .description("Operators ARQ evaluated itself, by algebra name")
          .register(registry);
    }

    private MeterRegistry registry;

    public synchronized void bindTo(MeterRegistry registry) {
      this.registry = registry;
      byKind.forEach((k, n) -> register(registry, k, n));
      FunctionCounter.builder("quarry.query.operators", onIds, LongAdder::sum)
          .tag("executor", "ids")
          .description("Operator trees run on Quarry's id executor")
          .register(registry);
      FunctionCounter.builder("quarry.query.operators", fallbacks, LongAdder::sum)
          .tag("executor", "arq")
          .description("Operator trees ARQ evaluated itself")
          .register(registry);
    }
  }

  /** Pattern counts a dataset's planner keeps (about 100 bytes each). */
  private static final long KEPT_COUNTS = 100_000;

  private final BiFunction<Graph, DatasetGraph, Target> targets;
  private final RuleCache rules;
  private final Counters counters;

  private QuarryOpExecutor(
      ExecutionContext cxt,
      BiFunction<Graph, DatasetGraph, Target> targets,
      RuleCache rules,
      Counters counters) {
    super(cxt);
    this.targets = targets;
    this.rules = rules;
    this.counters = counters;
  }

  /**
   * The executor factory of one dataset: {@code targets} says where a query's active graph (of the
   * dataset queried) runs on ids; the patterns its queries read whole are kept for the store
   * ({@code store}: its quad backend, see {@link WholeReads#forStore}).
   */
  public static OpExecutorFactory factory(
      BiFunction<Graph, DatasetGraph, Target> targets, Counters counters, Object store) {
    TextQueryFunction.register(); // before any query of the store is optimised
    RuleCache rules = new RuleCache();
    WholeReads wholeReads = WholeReads.forStore(store);
    KeptCounts counts = new KeptCounts(KEPT_COUNTS);
    return cxt -> {
      cxt.getContext().set(WholeReads.CONTEXT, wholeReads);
      cxt.getContext().set(KeptCounts.CONTEXT, counts);
      return new QuarryOpExecutor(cxt, targets, rules, counters);
    };
  }

  @Override
  protected QueryIterator exec(Op op, QueryIterator input) {
    if (Compiler.handles(op)) {
      Target t = targets.apply(execCxt.getActiveGraph(), execCxt.getDataset());
      QueryIterator out = t == null ? null : onIds(op, input, t);
      if (out != null) {
        counters.onIds.increment();
        return out;
      }
    }
    counters.leftToArq(op);
    recordLeftToArq(op);
    return super.exec(op, input);
  }

  @SuppressWarnings("unchecked")
  private void recordLeftToArq(Op op) {
    Object left = execCxt.getContext().get(LEFT_TO_ARQ);
    if (left instanceof List<?> l) {
      ((List<String>) l).add(op.getName());
    }
  }

  private QueryIterator onIds(Op op, QueryIterator input, Target t) {
    TermSpace terms = new TermSpace(t.view());
    Rules r = rules.of(execCxt.getContext().get(INFERENCE), t.view());
    Compiler compiler = new Compiler(terms, t.graph(), t.namedGraphs(), r, execCxt);
    if (input instanceof QueryIterRoot) {
      IdOperator plan = compiler.compile(op, Source.unit());
      if (plan == null) {
        return null;
      }
      record(plan);
      input.close();
      return QueryIterPlainWrapper.create(bindings(plan, terms), execCxt);
    }
    // Under a binding (a substitution by ARQ): blocks of input bindings are the rows to join with.
    List<Binding> first = block(input);
    IdOperator plan = compiler.compile(op, source(first, terms));
    if (plan == null) {
      Iterator<Binding> again = Iter.concat(first.iterator(), input);
      return super.exec(op, QueryIterPlainWrapper.create(again, execCxt));
    }
    record(plan);
    Iterator<Binding> out =
        Iter.concat(
            bindings(plan, terms),
            Iter.flatMap(
                new BlockIterator(input),
                block -> {
                  IdOperator p = compiler.compile(op, source(block, terms));
                  return p != null
                      ? bindings(p, terms)
                      : super.exec(op, QueryIterPlainWrapper.create(block.iterator(), execCxt));
                }));
    return QueryIterPlainWrapper.create(out, execCxt);
  }

  @SuppressWarnings("unchecked")
  private void record(IdOperator plan) {
    Object plans = execCxt.getContext().get(PLANS);
    if (plans instanceof List<?> l) {
      ((List<IdOperator>) l).add(plan);
    }
  }

  private static List<Binding> block(Iterator<Binding> input) {
    List<Binding> b = new ArrayList<>();
    while (b.size() < Rows.BATCH && input.hasNext()) {
      b.add(input.next());
    }
    return b;
  }

  /** The rest of the input, a block at a time. */
  private record BlockIterator(Iterator<Binding> input) implements Iterator<List<Binding>> {
    @Override
    public boolean hasNext() {
      return input.hasNext();
    }

    @Override
    public List<Binding> next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      return block(input);
    }
  }

  /** Input bindings as rows of ids (terms the store lacks get query-local ids). */
  private static Source source(List<Binding> block, TermSpace terms) {
    Set<Var> vars = new LinkedHashSet<>();
    block.forEach(b -> b.vars().forEachRemaining(vars::add));
    List<Var> cols = new ArrayList<>(vars);
    Rows rows = new Rows(cols.size(), block.size());
    for (int r = 0; r < block.size(); r++) {
      rows.append();
      for (int c = 0; c < cols.size(); c++) {
        Node n = block.get(r).get(cols.get(c));
        if (n != null) {
          rows.set(r, c, terms.encode(n));
        }
      }
    }
    return new Source(cols, rows, "input bindings");
  }

  /** The plan's rows as bindings that decode on demand. */
  private static Iterator<Binding> bindings(IdOperator plan, TermSpace terms) {
    List<Var> vars = plan.vars();
    int[] everyColumn = new int[vars.size()];
    for (int c = 0; c < everyColumn.length; c++) {
      everyColumn[c] = c;
    }
    // Closeable: ARQ closes it when the query ends or stops early, and the plan lets go of its
    // memory and spill files then.
    abstract class PlanRows implements Iterator<Binding>, Closeable {}
    return new PlanRows() {
      @Override
      public void close() {
        plan.close();
      }

      private Rows batch;
      private int pos;

      @Override
      public boolean hasNext() {
        while (batch == null || pos >= batch.size()) {
          batch = plan.next();
          pos = 0;
          if (batch == null) {
            return false;
          }
          terms.willDecodeColumns(batch, everyColumn); // batched, or their reads started together
        }
        return true;
      }

      @Override
      public Binding next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        long[] row = new long[vars.size()];
        for (int c = 0; c < row.length; c++) {
          row[c] = batch.get(pos, c);
        }
        pos++;
        return new RowBinding(null, vars, row, terms);
      }
    };
  }
}
