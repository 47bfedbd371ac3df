package dev.quarry.accumulo;

import dev.quarry.core.CheckReport;
import dev.quarry.core.dict.NodeIds;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;

/**
 * The integrity check of an Accumulo store, at one committed state, in one pass over each quad
 * table and in memory that does not grow with the quads: each order must hold the same quads (the
 * same count, and the same order-independent digests: the sum and the xor of a 64-bit mix of each
 * quad), and the statistics must equal a recount streamed from the sorted rows (per predicate from
 * PSOG and POGS, per graph from GSPO).
 */
final class AccumuloCheck {
  private final AccumuloReadView r;
  private final List<String> problems = new ArrayList<>();
  // predicate -> {quads, subjects, objects}; graph -> {quads, subjects}
  private final Map<Long, long[]> predicates = new TreeMap<>(Long::compareUnsigned);
  private final Map<Long, long[]> graphs = new TreeMap<>(Long::compareUnsigned);

  private AccumuloCheck(AccumuloReadView r) {
    this.r = r;
  }

  static CheckReport run(AccumuloReadView r) {
    return new AccumuloCheck(r).run();
  }

  /** One order's quads: how many, and two digests that do not depend on their order. */
  private record Digest(long count, long sum, long xor) {}

  private CheckReport run() {
    Digest psog = null;
    for (Order order : Order.values()) {
      Digest d = read(order);
      if (psog == null) {
        psog = d;
      } else if (!d.equals(psog)) {
        problems.add(
            order + " holds " + d.count() + " quads, PSOG " + psog.count() + " (or others)");
      }
    }
    if (r.quads() != psog.count()) {
      problems.add("statistics say " + r.quads() + " quads, PSOG holds " + psog.count());
    }
    predicates.forEach(
        (p, want) -> {
          long[] got = {r.quadsWithPredicate(p), r.distinctSubjects(p), r.distinctObjects(p)};
          compare("predicate " + NodeIds.toString(p), got, want);
        });
    graphs.forEach(
        (g, want) -> {
          long[] got = {r.quadsInGraph(g), r.subjectsInGraph(g)};
          compare("graph " + NodeIds.toString(g), got, want);
        });
    if (r.predicates().length != predicates.size() || r.graphs().length != graphs.size()) {
      problems.add("statistics list predicates or graphs that hold no quad");
    }
    return new CheckReport(
        problems, psog.count() + " quads in " + Order.values().length + " tables, statistics");
  }

  private void compare(String what, long[] got, long[] want) {
    if (!Arrays.equals(got, want)) {
      problems.add(
          what + ": statistics " + Arrays.toString(got) + ", recount " + Arrays.toString(want));
    }
  }

  /** Reads one order whole: its digest, and the recounts its sort order gives. */
  private Digest read(Order order) {
    long count = 0;
    long sum = 0;
    long xor = 0;
    long[] q = new long[4]; // g, s, p, o
    long[] prev = null; // the previous row's first two parts in this order
    for (Map.Entry<Key, Value> e : r.scanner(order)) {
      order.decode(e.getKey().getRowData().toArray(), q);
      long h = mix(q[0] + mix(q[1] + mix(q[2] + mix(q[3]))));
      count++;
      sum += h;
      xor ^= h;
      long a = q[order.parts[0]];
      long b = q[order.parts[1]];
      boolean newPair = prev == null || prev[0] != a || prev[1] != b;
      boolean newFirst = prev == null || prev[0] != a;
      switch (order) {
        case PSOG -> {
          long[] f = predicates.computeIfAbsent(a, k -> new long[3]);
          f[0]++;
          f[1] += newPair ? 1 : 0;
        }
        case POGS -> predicates.computeIfAbsent(a, k -> new long[3])[2] += newPair ? 1 : 0;
        case GSPO -> {
          long[] f = graphs.computeIfAbsent(a, k -> new long[2]);
          f[0]++;
          f[1] += newPair ? 1 : 0;
        }
        default -> {}
      }
      if (newFirst || newPair) {
        prev = new long[] {a, b};
      }
    }
    return new Digest(count, sum, xor);
  }

  /** A 64-bit finaliser (that of SplitMix64): every bit of the input moves every bit out. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
