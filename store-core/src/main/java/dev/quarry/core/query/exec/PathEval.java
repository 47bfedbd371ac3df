package dev.quarry.core.query.exec;

import dev.quarry.core.dict.LongSet;
import dev.quarry.core.dict.NodeIds;
import dev.quarry.core.index.spi.QuadProbes;
import dev.quarry.core.index.spi.QuadView;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * Evaluates property paths in one graph, forward from sets of nodes, on ids. Every step works on a
 * whole frontier at once: a link is one vectored index lookup for all the frontier's nodes, and
 * {@code *} and {@code +} are a breadth-first search from every start together, level by level,
 * each start with its own visited set. Results are kept per step and node for the query (a type
 * hierarchy walked from a thousand products is walked once per type), up to {@link #MEMO_LIMIT}
 * ids, then dropped and recomputed as needed.
 */
final class PathEval {
  /** Ids held by all memos of one evaluation before they are dropped. */
  static final long MEMO_LIMIT = 4L << 20;

  private final QuadView view;
  private final long graph;
  private final Map<PathStep, Map<Long, long[]>> memo = new HashMap<>();
  private final Map<PathStep, long[]> starts = new HashMap<>();
  private long memoIds;
  private long lookups;

  PathEval(QuadView view, long graph) {
    this.view = view;
    this.graph = graph;
  }

  long graph() {
    return graph;
  }

  /** Index lookups made (one vectored lookup counts once). */
  long lookups() {
    return lookups;
  }

  /** For each of {@code nodes} (distinct), the nodes the path reaches from it, as a bag. */
  long[][] forward(PathStep step, long[] nodes) {
    Map<Long, long[]> known = memo.computeIfAbsent(step, k -> new HashMap<>());
    long[][] out = new long[nodes.length][];
    LongList missing = new LongList();
    for (int i = 0; i < nodes.length; i++) {
      out[i] = known.get(nodes[i]);
      if (out[i] == null) {
        missing.add(nodes[i]);
      }
    }
    if (missing.size == 0) {
      return out;
    }
    long[] todo = missing.toArray();
    long[][] found = compute(step, todo);
    if (memoIds > MEMO_LIMIT) {
      memo.values().forEach(Map::clear);
      memoIds = 0;
    }
    Map<Long, long[]> byNode = new HashMap<>();
    for (int i = 0; i < todo.length; i++) {
      byNode.put(todo[i], found[i]);
      memoIds += found[i].length + 1;
    }
    memo.computeIfAbsent(step, k -> new HashMap<>()).putAll(byNode);
    for (int i = 0; i < nodes.length; i++) {
      if (out[i] == null) {
        out[i] = byNode.get(nodes[i]);
      }
    }
    return out;
  }

  private long[][] compute(PathStep step, long[] nodes) {
    return switch (step) {
      case PathStep.Link l -> link(l, nodes);
      case PathStep.Negated n -> negated(n, nodes);
      case PathStep.Alt a -> {
        long[][] x = forward(a.a(), nodes);
        long[][] y = forward(a.b(), nodes);
        long[][] out = new long[nodes.length][];
        for (int i = 0; i < nodes.length; i++) {
          out[i] = Arrays.copyOf(x[i], x[i].length + y[i].length);
          System.arraycopy(y[i], 0, out[i], x[i].length, y[i].length);
        }
        yield out;
      }
      case PathStep.Seq s -> seq(s, nodes);
      case PathStep.Closure c -> c.many() ? closure(c, nodes) : zeroOrOne(c, nodes);
    };
  }

  private long[][] seq(PathStep.Seq s, long[] nodes) {
    long[][] first = forward(s.first(), nodes);
    LongSet mids = new LongSet();
    for (long[] f : first) {
      for (long m : f) {
        mids.add(m);
      }
    }
    long[] midNodes = mids.toArray();
    long[][] then = forward(s.then(), midNodes);
    Map<Long, long[]> after = new HashMap<>();
    for (int i = 0; i < midNodes.length; i++) {
      after.put(midNodes[i], then[i]);
    }
    long[][] out = new long[nodes.length][];
    for (int i = 0; i < nodes.length; i++) {
      LongList ends = new LongList();
      for (long m : first[i]) {
        ends.addAll(after.get(m));
      }
      out[i] = ends.toArray();
    }
    return out;
  }

  /** {@code p?}: the node itself and each node one step away, once each. */
  private long[][] zeroOrOne(PathStep.Closure c, long[] nodes) {
    long[][] one = forward(c.step(), nodes);
    long[][] out = new long[nodes.length][];
    for (int i = 0; i < nodes.length; i++) {
      LongSet seen = new LongSet(one[i].length + 1);
      LongList ends = new LongList();
      if (c.zero() && seen.add(nodes[i])) {
        ends.add(nodes[i]);
      }
      for (long m : one[i]) {
        if (seen.add(m)) {
          ends.add(m);
        }
      }
      out[i] = ends.toArray();
    }
    return out;
  }

  /**
   * {@code p*} and {@code p+}: breadth-first from all the nodes together; each start keeps its own
   * visited set, and each level's new nodes are expanded in one call (one lookup per link).
   */
  private long[][] closure(PathStep.Closure c, long[] nodes) {
    LongSet[] visited = new LongSet[nodes.length];
    LongList[] reached = new LongList[nodes.length];
    LongList frontierStart = new LongList(); // start index of each frontier entry
    LongList frontierNode = new LongList();
    for (int i = 0; i < nodes.length; i++) {
      visited[i] = new LongSet();
      reached[i] = new LongList();
      if (c.zero()) {
        visited[i].add(nodes[i]);
        reached[i].add(nodes[i]);
      }
      frontierStart.add(i);
      frontierNode.add(nodes[i]);
    }
    while (frontierNode.size > 0) {
      LongSet level = new LongSet(frontierNode.size);
      for (int k = 0; k < frontierNode.size; k++) {
        level.add(frontierNode.items[k]);
      }
      long[] levelNodes = level.toArray();
      long[][] next = forward(c.step(), levelNodes);
      Map<Long, long[]> step = new HashMap<>();
      for (int k = 0; k < levelNodes.length; k++) {
        step.put(levelNodes[k], next[k]);
      }
      LongList nextStart = new LongList();
      LongList nextNode = new LongList();
      for (int k = 0; k < frontierNode.size; k++) {
        int i = (int) frontierStart.items[k];
        for (long m : step.get(frontierNode.items[k])) {
          if (visited[i].add(m)) {
            reached[i].add(m);
            nextStart.add(i);
            nextNode.add(m);
          }
        }
      }
      frontierStart = nextStart;
      frontierNode = nextNode;
    }
    long[][] out = new long[nodes.length][];
    for (int i = 0; i < nodes.length; i++) {
      out[i] = reached[i].toArray();
    }
    return out;
  }

  /** One edge of one predicate from each node: a single vectored lookup. */
  private long[][] link(PathStep.Link l, long[] nodes) {
    LongList[] ends = new LongList[nodes.length];
    QuadProbes probes = new QuadProbes();
    int[] probeNode = new int[nodes.length];
    for (int i = 0; i < nodes.length; i++) {
      ends[i] = new LongList();
      if (l.p() == QuadView.NONE || !stored(nodes[i])) {
        continue; // a predicate or a node the store lacks: no edge
      }
      int n =
          l.backward()
              ? probes.add(graph, QuadView.NONE, l.p(), nodes[i])
              : probes.add(graph, nodes[i], l.p(), QuadView.NONE);
      probeNode[n] = i;
    }
    if (probes.size() > 0) {
      lookups++;
      view.lookup(
          probes,
          (probe, g, s, p, o) -> {
            int i = probeNode[probe];
            long from = l.backward() ? o : s;
            if (g == graph && p == l.p() && from == nodes[i]) {
              ends[i].add(l.backward() ? s : o);
            }
            return true;
          });
    }
    long[][] out = new long[nodes.length][];
    for (int i = 0; i < nodes.length; i++) {
      out[i] = ends[i].toArray();
    }
    return out;
  }

  /** One edge of any predicate but the excluded ones, forward and/or backward. */
  private long[][] negated(PathStep.Negated n, long[] nodes) {
    long[][] out = new long[nodes.length][];
    for (int i = 0; i < nodes.length; i++) {
      LongList ends = new LongList();
      if (stored(nodes[i])) {
        if (n.forward()) {
          edges(view.find(graph, nodes[i], 0, 0), n.excludedForward(), false, ends);
        }
        if (n.backward()) {
          edges(view.find(graph, 0, 0, nodes[i]), n.excludedBackward(), true, ends);
        }
      }
      out[i] = ends.toArray();
    }
    return out;
  }

  private void edges(Iterator<long[]> quads, long[] excluded, boolean backward, LongList ends) {
    lookups++;
    while (quads.hasNext()) {
      long[] q = quads.next();
      if (q[0] == graph && !contains(excluded, q[2])) {
        ends.add(backward ? q[1] : q[3]);
      }
    }
  }

  /**
   * Whether {@code p*} or {@code p+} leads from {@code from} to {@code to}: breadth-first, stopping
   * as soon as {@code to} is reached (the whole closure if it is already known).
   */
  boolean reaches(PathStep.Closure c, long from, long to) {
    Map<Long, long[]> known = memo.get(c);
    long[] all = known == null ? null : known.get(from);
    if (all != null) {
      return contains(all, to);
    }
    if (c.zero() && from == to) {
      return true;
    }
    LongSet visited = new LongSet();
    long[] frontier = {from};
    while (frontier.length > 0) {
      LongList next = new LongList();
      for (long[] ends : forward(c.step(), frontier)) {
        for (long m : ends) {
          if (m == to) {
            return true;
          }
          if (visited.add(m)) {
            next.add(m);
          }
        }
      }
      frontier = next.toArray();
    }
    return false;
  }

  /** True if the term is the subject or object of a quad of the graph. */
  boolean isNode(long id) {
    if (!stored(id)) {
      return false;
    }
    lookups++;
    return view.find(graph, id, 0, 0).hasNext() || view.find(graph, 0, 0, id).hasNext();
  }

  /**
   * The nodes a path may start from when neither end is bound: those with a first edge, or every
   * node of the graph (subjects and objects) if the path matches zero-length routes.
   */
  long[] starts(PathStep step) {
    long[] known = starts.get(step);
    if (known == null) {
      LongSet out = new LongSet();
      if (PathStep.nullable(step)) {
        scan(view.find(graph, 0, 0, 0), true, true, out);
      } else {
        firstNodes(step, out);
      }
      known = out.toArray();
      Arrays.sort(known);
      starts.put(step, known);
    }
    return known;
  }

  private void firstNodes(PathStep step, LongSet out) {
    switch (step) {
      case PathStep.Link l -> {
        if (l.p() != QuadView.NONE) {
          scan(view.find(graph, 0, l.p(), 0), !l.backward(), l.backward(), out);
        }
      }
      case PathStep.Negated n -> scan(view.find(graph, 0, 0, 0), n.forward(), n.backward(), out);
      case PathStep.Alt a -> {
        firstNodes(a.a(), out);
        firstNodes(a.b(), out);
      }
      case PathStep.Seq s -> {
        firstNodes(s.first(), out);
        if (PathStep.nullable(s.first())) {
          firstNodes(s.then(), out);
        }
      }
      case PathStep.Closure c -> firstNodes(c.step(), out);
    }
  }

  private void scan(Iterator<long[]> quads, boolean subjects, boolean objects, LongSet out) {
    lookups++;
    while (quads.hasNext()) {
      long[] q = quads.next();
      if (q[0] != graph) {
        continue;
      }
      if (subjects) {
        out.add(q[1]);
      }
      if (objects) {
        out.add(q[3]);
      }
    }
  }

  private static boolean stored(long id) {
    return NodeIds.tag(id) != NodeIds.TAG_QUERY_LOCAL;
  }

  private static boolean contains(long[] ids, long id) {
    for (long x : ids) {
      if (x == id) {
        return true;
      }
    }
    return false;
  }
}
