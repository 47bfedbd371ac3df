package dev.quarry.core.engine;

import dev.quarry.core.storage.Pages;
import dev.quarry.core.storage.SpaceMap;
import dev.quarry.core.txn.RootCatalog;
import java.util.BitSet;
import java.util.List;

/**
 * Returns pages no committed tree reaches. Pages a commit replaced are freed only once no reader
 * can see them, and that list lives in memory: a process that dies first leaves them allocated in
 * the persisted space map (so do pages a writer had allocated when it died after another's commit
 * point). They hold nothing anyone can reach, so at open every page of a tree's owner that no root
 * reaches is freed. Reading the trees' inner nodes is enough to know the rest.
 */
final class PageSweep {
  private PageSweep() {}

  /** Frees the unreachable pages of the trees' owners; returns how many. */
  static long run(SpaceMap space, List<Layout.Tree> trees, RootCatalog roots) {
    BitSet reached = new BitSet();
    for (Layout.Tree t : trees) {
      t.tree().forEachPage(roots.get(t.slot()), p -> reached.set(Math.toIntExact(p)));
    }
    long freed = 0;
    for (Layout.Tree t : trees) {
      for (long extent : space.extentsOf(t.tree().owner())) {
        long first = extent * Pages.EXTENT_PAGES;
        for (long p = first; p < first + Pages.EXTENT_PAGES; p++) {
          if (space.isAllocated(p) && !reached.get(Math.toIntExact(p))) {
            space.free(p);
            freed++;
          }
        }
      }
    }
    return freed;
  }
}
