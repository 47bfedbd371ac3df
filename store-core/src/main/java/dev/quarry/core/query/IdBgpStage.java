package dev.quarry.core.query;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;
import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.BasicPattern;
import org.apache.jena.sparql.core.GraphView;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.engine.QueryIterator;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.engine.binding.BindingFactory;
import org.apache.jena.sparql.engine.iterator.QueryIterPlainWrapper;
import org.apache.jena.sparql.engine.main.StageGenerator;

/**
 * Basic graph patterns evaluated on ids: the pattern's terms are looked up once, its triples
 * ordered greedily (most bound positions first, then fewest quads for the predicate), and joined by
 * index nested loops over the quad indexes; terms are decoded only for the rows that come out.
 *
 * <p>Used when the pattern runs on a default or named graph of a Quarry dataset inside a
 * transaction (FROM's single graph included); anything else (the union graph, several FROM graphs,
 * no transaction) goes to ARQ's standard stage, so every query stays correct.
 */
public final class IdBgpStage implements StageGenerator {
  private final StageGenerator fallback;
  private final Function<Graph, Target> targets;
  private static final java.util.concurrent.atomic.LongAdder ON_IDS =
      new java.util.concurrent.atomic.LongAdder();
  private static final java.util.concurrent.atomic.LongAdder FALLBACKS =
      new java.util.concurrent.atomic.LongAdder();

  /** Patterns run on ids so far, in this process (for tests and metrics). */
  public static long patternsOnIds() {
    return ON_IDS.sum();
  }

  /** Patterns left to ARQ's standard stage so far. */
  public static long patternsFallenBack() {
    return FALLBACKS.sum();
  }

  /**
   * Where a pattern runs: the store's ids, and the graph id (the default graph's, or a named one).
   */
  public record Target(IdAccess access, long graph) {}

  /**
   * @param targets the id target of a graph, or null if the graph is not one this stage can run on
   */
  public IdBgpStage(StageGenerator fallback, Function<Graph, Target> targets) {
    this.fallback = fallback;
    this.targets = targets;
  }

  /** The graph id of a Quarry graph view: its default or a named graph, never the union. */
  public static Long graphOf(GraphView view, IdAccess access) {
    Node name = view.getGraphName();
    if (name == null || Quad.isDefaultGraph(name)) {
      return access.defaultGraph();
    }
    if (Quad.isUnionGraph(name)) {
      return null;
    }
    return access.id(name);
  }

  @Override
  public QueryIterator execute(BasicPattern pattern, QueryIterator input, ExecutionContext cxt) {
    Target target = targets.apply(cxt.getActiveGraph());
    if (target == null) {
      FALLBACKS.increment();
      return fallback.execute(pattern, input, cxt);
    }
    ON_IDS.increment();
    Iterator<Binding> out = Iter.flatMap(input, b -> match(pattern.getList(), b, target));
    return QueryIterPlainWrapper.create(out, cxt);
  }

  /** The solutions of the pattern under one input binding. */
  private static Iterator<Binding> match(List<Triple> triples, Binding in, Target t) {
    // Slots: each variable not bound by the input gets one; ids[] holds the row being built.
    List<Var> vars = new ArrayList<>();
    List<long[]> pats = new ArrayList<>(); // per triple: s, p, o as id (>0) or -(slot + 1)
    for (Triple tr : triples) {
      long[] ids = new long[3];
      Node[] nodes = {tr.getSubject(), tr.getPredicate(), tr.getObject()};
      for (int k = 0; k < 3; k++) {
        Node n = nodes[k];
        if (n.isVariable() && in.contains(Var.alloc(n))) {
          n = in.get(Var.alloc(n));
        }
        if (n.isVariable()) {
          Var v = Var.alloc(n);
          int slot = vars.indexOf(v);
          if (slot < 0) {
            vars.add(v);
            slot = vars.size() - 1;
          }
          ids[k] = -(slot + 1);
        } else {
          long id = t.access().id(n);
          if (id == 0) {
            return Iter.nullIterator(); // a term the store does not have: no match
          }
          ids[k] = id;
        }
      }
      pats.add(ids);
    }
    List<long[]> order = plan(pats, t.access());
    Iterator<long[]> rows = new Join(order, vars.size(), t);
    return Iter.map(
        rows,
        row -> {
          BindingBuilder b = BindingFactory.builder(in);
          for (int i = 0; i < vars.size(); i++) {
            b.add(vars.get(i), t.access().node(row[i]));
          }
          return b.build();
        });
  }

  /** Greedy order: next the triple with most positions bound so far, then the rarer predicate. */
  static List<long[]> plan(List<long[]> pats, IdAccess access) {
    List<long[]> rest = new ArrayList<>(pats);
    List<long[]> order = new ArrayList<>();
    java.util.Set<Long> bound = new java.util.HashSet<>();
    while (!rest.isEmpty()) {
      long[] best = null;
      long bestScore = Long.MAX_VALUE;
      for (long[] p : rest) {
        int free = 0;
        for (long x : p) {
          if (x < 0 && !bound.contains(x)) {
            free++;
          }
        }
        long size = p[1] > 0 ? access.quadsWithPredicate(p[1]) : access.quads();
        if (p[0] > 0 || bound.contains(p[0])) {
          size = Math.max(1, size / 1000); // a bound subject is selective
        }
        if (p[2] > 0 || bound.contains(p[2])) {
          size = Math.max(1, size / 100);
        }
        long score = free * (1L << 40) + size;
        if (score < bestScore) {
          bestScore = score;
          best = p;
        }
      }
      rest.remove(best);
      order.add(best);
      for (long x : best) {
        if (x < 0) {
          bound.add(x);
        }
      }
    }
    return order;
  }

  /** Index nested loop join over the ordered triples, producing rows of variable ids. */
  private static final class Join implements Iterator<long[]> {
    private final List<long[]> order;
    private final Target target;
    private final long[] row;
    private final boolean[] set;
    private final List<Iterator<long[]>> levels = new ArrayList<>();
    private final List<int[]> assigned = new ArrayList<>(); // per level: slots it set
    private long[] next;
    private boolean started;

    Join(List<long[]> order, int vars, Target target) {
      this.order = order;
      this.target = target;
      this.row = new long[vars];
      this.set = new boolean[vars];
    }

    @Override
    public boolean hasNext() {
      if (next == null) {
        next = advance();
      }
      return next != null;
    }

    @Override
    public long[] next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      long[] r = next;
      next = null;
      return r;
    }

    private long[] advance() {
      if (!started) {
        started = true;
        if (order.isEmpty()) {
          return row.clone();
        }
        push(0);
      }
      while (!levels.isEmpty()) {
        int level = levels.size() - 1;
        Iterator<long[]> it = levels.get(level);
        unassign(level);
        if (!it.hasNext()) {
          levels.remove(level);
          assigned.remove(level);
          continue;
        }
        if (!bind(level, it.next())) {
          continue;
        }
        if (level == order.size() - 1) {
          return row.clone();
        }
        push(level + 1);
      }
      return null;
    }

    private void push(int level) {
      long[] p = order.get(level);
      long s = value(p[0]);
      long pr = value(p[1]);
      long o = value(p[2]);
      levels.add(target.access().find(target.graph(), s, pr, o));
      assigned.add(new int[0]);
    }

    /** The id for a pattern position now: a constant, a bound slot, or 0 (any). */
    private long value(long x) {
      if (x > 0) {
        return x;
      }
      int slot = (int) (-x - 1);
      return set[slot] ? row[slot] : 0;
    }

    /** Binds the level's free slots from a quad; false if a repeated variable disagrees. */
    private boolean bind(int level, long[] quad) {
      long[] p = order.get(level);
      long[] vals = {quad[1], quad[2], quad[3]};
      int[] mine = new int[3];
      int n = 0;
      for (int k = 0; k < 3; k++) {
        if (p[k] < 0) {
          int slot = (int) (-p[k] - 1);
          if (set[slot]) {
            if (row[slot] != vals[k]) {
              for (int i = 0; i < n; i++) {
                set[mine[i]] = false;
              }
              return false;
            }
          } else {
            row[slot] = vals[k];
            set[slot] = true;
            mine[n++] = slot;
          }
        }
      }
      assigned.set(level, java.util.Arrays.copyOf(mine, n));
      return true;
    }

    private void unassign(int level) {
      for (int slot : assigned.get(level)) {
        set[slot] = false;
      }
      assigned.set(level, new int[0]);
    }
  }
}
