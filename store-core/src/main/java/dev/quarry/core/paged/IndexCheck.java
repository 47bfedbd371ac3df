package dev.quarry.core.paged;

import dev.quarry.core.CheckReport;
import dev.quarry.core.btree.BTree;
import dev.quarry.core.btree.Cursor;
import dev.quarry.core.index.Roots;
import dev.quarry.core.index.Stats;
import dev.quarry.core.index.StatsTrees;
import dev.quarry.core.txn.Committed;
import dev.quarry.core.txn.ReadTxn;
import java.util.ArrayList;
import java.util.List;

/**
 * The integrity check: on one snapshot, the five indexes must agree with each other and with the
 * statistics. Every PSOG quad is in POGS, SP, OP and GS; POGS has no quad PSOG lacks; each
 * projection row is backed by a quad; the quad count equals the statistics' count.
 */
final class IndexCheck {
  private static final int MAX_PROBLEMS = 20;
  private final PagedStore store;
  private final List<String> problems = new ArrayList<>();

  IndexCheck(PagedStore store) {
    this.store = store;
  }

  CheckReport run() {
    ReadTxn r = store.transactions().beginRead();
    try {
      Committed c = r.state();
      long[] roots = c.roots().trees();
      BTree psog = store.indexes().tree(Roots.PSOG);
      BTree pogs = store.indexes().tree(Roots.POGS);
      long quads = 0;
      Stats.Counter counter = new Stats.Counter(); // the statistics, from the same pass
      try (Cursor q = psog.scan(roots[Roots.PSOG], new long[4], max(4))) {
        while (q.next()) {
          quads++;
          long p = q.get(0);
          long s = q.get(1);
          long o = q.get(2);
          long g = q.get(3);
          counter.accept(p, s, o, g);
          need(pogs.contains(roots[Roots.POGS], new long[] {p, o, g, s}), "POGS lacks", p, s, o, g);
          need(
              store.indexes().tree(Roots.SP).contains(roots[Roots.SP], new long[] {s, p}),
              "SP lacks",
              p,
              s,
              o,
              g);
          need(
              store.indexes().tree(Roots.OP).contains(roots[Roots.OP], new long[] {o, p}),
              "OP lacks",
              p,
              s,
              o,
              g);
          need(
              store.indexes().tree(Roots.GS).contains(roots[Roots.GS], new long[] {g, s}),
              "GS lacks",
              p,
              s,
              o,
              g);
        }
      }
      long pogsCount = pogs.count(roots[Roots.POGS]);
      if (pogsCount != quads) {
        problems.add("PSOG holds " + quads + " quads, POGS " + pogsCount);
      }
      try (Cursor sp = store.indexes().tree(Roots.SP).scan(roots[Roots.SP], new long[2], max(2))) {
        while (sp.next()) {
          long s = sp.get(0);
          long p = sp.get(1);
          try (Cursor q =
              psog.scan(roots[Roots.PSOG], new long[] {p, s, 0, 0}, new long[] {p, s, -1L, -1L})) {
            need(q.next(), "SP row without a quad", p, s, 0, 0);
          }
        }
      }
      Stats counted = counter.stats();
      if (!c.stats().equals(counted)) {
        problems.add("statistics say " + c.stats() + ", the indexes hold " + counted);
      }
      Stats persisted = StatsTrees.read(store.indexes(), roots);
      if (!persisted.equals(counted)) {
        problems.add("statistics trees say " + persisted + ", the indexes hold " + counted);
      }
      return new CheckReport(problems, quads + " quads in 5 indexes, generation " + c.generation());
    } finally {
      store.transactions().endRead(r);
    }
  }

  private void need(boolean ok, String what, long p, long s, long o, long g) {
    if (!ok && problems.size() < MAX_PROBLEMS) {
      problems.add(String.format("%s quad p=%x s=%x o=%x g=%x", what, p, s, o, g));
    }
  }

  private static long[] max(int w) {
    long[] m = new long[w];
    java.util.Arrays.fill(m, -1L);
    return m;
  }
}
