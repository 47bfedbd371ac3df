package dev.quarry.core.engine;

import dev.quarry.core.CheckReport;
import dev.quarry.core.btree.Cursor;
import dev.quarry.core.index.QuadIndexes;
import dev.quarry.core.index.QuadOrder;
import dev.quarry.core.index.Stats;
import dev.quarry.core.txn.ReadTxn;
import dev.quarry.core.txn.Snapshot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The integrity check: on one snapshot, the five indexes must agree with each other and with the
 * statistics. Every PSOG quad has its row in every other order; POGS has no quad PSOG lacks; each
 * SP row is backed by a quad; the statistics, published and in their trees, equal a recount.
 */
final class IndexCheck {
  private static final int MAX_PROBLEMS = 20;
  private final PagedBackend engine;
  private final List<String> problems = new ArrayList<>();

  IndexCheck(PagedBackend engine) {
    this.engine = engine;
  }

  CheckReport run() {
    ReadTxn r = engine.readTxn();
    try {
      Snapshot c = r.state();
      long[] roots = c.roots().values();
      QuadIndexes ix = engine.indexes();
      long quads = 0;
      Stats.Counter counter = new Stats.Counter(); // the statistics, from the same pass
      try (Cursor q = ix.scan(roots, QuadOrder.PSOG, new long[4], max(4))) {
        while (q.next()) {
          quads++;
          long p = q.get(0);
          long s = q.get(1);
          long o = q.get(2);
          long g = q.get(3);
          counter.accept(p, s, o, g);
          for (QuadOrder order : QuadOrder.values()) {
            if (order != QuadOrder.PSOG) {
              need(ix.contains(roots, order, order.row(g, s, p, o)), order + " lacks", p, s, o, g);
            }
          }
        }
      }
      long pogsCount = ix.tree(QuadOrder.POGS).count(ix.root(roots, QuadOrder.POGS));
      if (pogsCount != quads) {
        problems.add("PSOG holds " + quads + " quads, POGS " + pogsCount);
      }
      try (Cursor sp = ix.scan(roots, QuadOrder.SP, new long[2], max(2))) {
        while (sp.next()) {
          long s = sp.get(0);
          long p = sp.get(1);
          try (Cursor q =
              ix.scan(
                  roots, QuadOrder.PSOG, new long[] {p, s, 0, 0}, new long[] {p, s, -1L, -1L})) {
            need(q.next(), "SP row without a quad", p, s, 0, 0);
          }
        }
      }
      Stats counted = counter.stats();
      Stats published = engine.statsTrees().read(c);
      if (!published.equals(counted)) {
        problems.add("statistics say " + published + ", the indexes hold " + counted);
      }
      Stats persisted = engine.statsTrees().load(roots);
      if (!persisted.equals(counted)) {
        problems.add("statistics trees say " + persisted + ", the indexes hold " + counted);
      }
      String checked = quads + " quads in 5 indexes";
      if (engine.text() != null) {
        EngineTextSource state =
            new EngineTextSource(
                ix, roots, engine.dictionary(), null, engine.dictionary().hashRoot(c));
        problems.addAll(engine.text().check(c, state));
        checked += " and the text index";
      }
      return new CheckReport(problems, checked + ", generation " + c.generation());
    } finally {
      engine.txns().endRead(r);
    }
  }

  private void need(boolean ok, String what, long p, long s, long o, long g) {
    if (!ok && problems.size() < MAX_PROBLEMS) {
      problems.add(String.format("%s quad p=%x s=%x o=%x g=%x", what, p, s, o, g));
    }
  }

  private static long[] max(int w) {
    long[] m = new long[w];
    Arrays.fill(m, -1L);
    return m;
  }
}
