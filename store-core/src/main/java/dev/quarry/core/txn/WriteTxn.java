package dev.quarry.core.txn;

import dev.quarry.core.btree.PageAllocator;
import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.dict.Dictionary;
import dev.quarry.core.index.QuadIndexes;
import dev.quarry.core.index.Roots;
import dev.quarry.core.index.Stats;
import dev.quarry.core.storage.SpaceMap;

/**
 * The writer's transaction: working copies of the roots and statistics, the dictionary's new terms,
 * and the pages it allocated (its own, changed in place) and released (still visible to earlier
 * snapshots, freed once no reader can see them).
 */
public final class WriteTxn {
  final Committed base;
  final long[] roots;
  Stats stats;
  final Dictionary.Writes terms;
  final PageAllocator[] allocators = new PageAllocator[Roots.COUNT];
  final TxnPages pages;
  boolean changed;
  boolean ended;

  WriteTxn(Committed base, SpaceMap space, BufferPool pool) {
    this.base = base;
    this.pages = new TxnPages(space, pool);
    this.roots = base.roots().trees().clone();
    this.stats = base.stats().copy();
    for (int t = 0; t < Roots.COUNT; t++) {
      allocators[t] = pages.allocator(QuadIndexes.owner(t));
    }
    this.terms = new Dictionary.Writes(allocators[Roots.TERM_HASH], roots[Roots.TERM_HASH]);
  }

  public long[] roots() {
    roots[Roots.TERM_HASH] = terms.hashRoot();
    return roots;
  }

  public Stats stats() {
    return stats;
  }

  /** Replaces the working statistics (a bulk load recounts them). */
  public void replaceStats(Stats s) {
    stats = s;
  }

  public Dictionary.Writes terms() {
    return terms;
  }

  public PageAllocator[] allocators() {
    return allocators;
  }

  public void markChanged() {
    changed = true;
  }

  public Committed base() {
    return base;
  }
}
