package dev.quarry.core.paged;

import dev.quarry.core.index.QuadIndexes;
import dev.quarry.core.index.Roots;
import dev.quarry.core.storage.Pages;
import dev.quarry.core.storage.SpaceMap;
import java.util.BitSet;

/**
 * Returns pages no committed tree reaches. Pages a commit replaced are freed only once no reader
 * can see them, and that list lives in memory: a process that dies first leaves them allocated in
 * the persisted space map (so do pages a writer had allocated when it died after another's commit
 * point). They hold nothing anyone can reach, so at open every page of an index owner that no root
 * reaches is freed. Reading the trees' inner nodes is enough to know the rest.
 */
final class PageSweep {
  private PageSweep() {}

  /** Frees the unreachable pages of the trees' owners; returns how many. */
  static long run(SpaceMap space, QuadIndexes indexes, Roots roots) {
    BitSet reached = new BitSet();
    for (int t = 0; t < Roots.COUNT; t++) {
      indexes.tree(t).forEachPage(roots.root(t), p -> reached.set(Math.toIntExact(p)));
    }
    long freed = 0;
    for (int t = 0; t < Roots.COUNT; t++) {
      for (long extent : space.extentsOf(QuadIndexes.owner(t))) {
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
