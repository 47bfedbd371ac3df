package dev.quarry.accumulo;

import dev.quarry.core.CheckReport;
import dev.quarry.core.dict.NodeIds;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Range;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;
import org.apache.hadoop.io.Text;

/**
 * The integrity check of an Accumulo store, at one committed state, in one pass over each quad
 * table and in memory that does not grow with the quads: each order must hold the same quads (the
 * same count, and the same order-independent digests: the sum and the xor of a 64-bit mix of each
 * quad), and the statistics must equal a recount streamed from the sorted rows (per predicate from
 * PSOG and POGS, per graph from GSPO), as must the pair counts the statistics are kept with: each
 * pair's run of rows in PSOG (p, s), POGS (p, o) and GSPO (g, s) is merged with the counts table's
 * rows of that kind, both in key order.
 */
final class AccumuloCheck {
  private final AccumuloReadView r;
  private final List<String> problems = new ArrayList<>();
  // predicate -> {quads, subjects, objects}; graph -> {quads, subjects}
  private final Map<Long, long[]> predicates = new TreeMap<>(Long::compareUnsigned);
  private final Map<Long, long[]> graphs = new TreeMap<>(Long::compareUnsigned);
  private int pairProblems; // reported up to PAIR_PROBLEMS, then counted

  private static final int PAIR_PROBLEMS = 20;

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
    if (pairProblems > PAIR_PROBLEMS) {
      problems.add((pairProblems - PAIR_PROBLEMS) + " more pair counts differ from their recount");
    }
    return new CheckReport(
        problems,
        psog.count() + " quads in " + Order.values().length + " tables, statistics, pair counts");
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
    StoredCounts stored = order.pairKind() == 0 ? null : new StoredCounts(order.pairKind());
    long run = 0; // rows of the pair prev
    Scanner scan = r.scanner(order, 0);
    scan.setBatchSize(Packed.entries(10_000)); // large batches: the whole order is read
    for (Iterator<byte[]> rows = Packed.rows(scan.iterator(), 0); rows.hasNext(); ) {
      order.decode(rows.next(), q);
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
      if (newPair && prev != null && stored != null) {
        stored.recounted(prev[0], prev[1], run);
      }
      run = newPair ? 1 : run + 1;
      if (newFirst || newPair) {
        prev = new long[] {a, b};
      }
    }
    if (stored != null) {
      if (prev != null) {
        stored.recounted(prev[0], prev[1], run);
      }
      stored.end();
    }
    return new Digest(count, sum, xor);
  }

  /**
   * The counts table's rows of one kind at the checked state, in key order (that of the pairs in
   * their quad order), merged with the recounts as they come: a pair whose counts differ, a count
   * for a pair no quad has, and a pair with quads and no count are each a problem.
   */
  private final class StoredCounts {
    private final byte kind;
    private final Scanner scan;
    private final Iterator<Map.Entry<Key, Value>> rows;
    private long[] next; // {a, b, count} of the next stored row not yet merged, or null

    StoredCounts(byte kind) {
      this.kind = kind;
      try {
        scan = r.backend.client.createScanner(r.backend.tables.counts, Authorizations.EMPTY);
      } catch (TableNotFoundException e) {
        throw Terms.gone(e);
      }
      r.readPoint().apply(scan, false);
      scan.setRange(
          new Range(
              new Text(new byte[] {kind}), true, new Text(new byte[] {(byte) (kind + 1)}), false));
      rows = scan.iterator();
      advance();
    }

    private void advance() {
      next = null;
      while (next == null && rows.hasNext()) {
        Map.Entry<Key, Value> e = rows.next();
        byte[] row = e.getKey().getRowData().toArray();
        long n = Bytes.getLong(e.getValue().get(), 0);
        if (n != 0) { // a pair whose quads all went keeps a zero
          next = new long[] {Bytes.getLong(row, 1), Bytes.getLong(row, 9), n};
        }
      }
    }

    /** The recount of pair (a, b): {@code n} rows. */
    void recounted(long a, long b, long n) {
      while (next != null && before(next[0], next[1], a, b)) {
        differs(next[0], next[1], next[2], 0);
        advance();
      }
      if (next != null && next[0] == a && next[1] == b) {
        if (next[2] != n) {
          differs(a, b, next[2], n);
        }
        advance();
      } else {
        differs(a, b, 0, n);
      }
    }

    void end() {
      while (next != null) {
        differs(next[0], next[1], next[2], 0);
        advance();
      }
      scan.close();
    }

    private static boolean before(long a1, long b1, long a2, long b2) {
      int c = Long.compareUnsigned(a1, a2);
      return c < 0 || c == 0 && Long.compareUnsigned(b1, b2) < 0;
    }

    private void differs(long a, long b, long stored, long recount) {
      if (++pairProblems <= PAIR_PROBLEMS) {
        problems.add(
            "pair count '"
                + (char) kind
                + "' ("
                + NodeIds.toString(a)
                + ", "
                + NodeIds.toString(b)
                + "): counts table "
                + stored
                + ", recount "
                + recount);
      }
    }
  }

  /** A 64-bit finaliser (that of SplitMix64): every bit of the input moves every bit out. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
