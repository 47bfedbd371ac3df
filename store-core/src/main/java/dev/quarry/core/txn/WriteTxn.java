package dev.quarry.core.txn;

import dev.quarry.core.btree.PageAllocator;
import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.dict.Dictionary;
import dev.quarry.core.index.QuadIndexes;
import dev.quarry.core.index.Roots;
import dev.quarry.core.index.Stats;
import dev.quarry.core.storage.SpaceMap;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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
  final Set<Long> fresh = new HashSet<>();
  final List<Long> released = new ArrayList<>();
  private final SpaceMap space;
  private final BufferPool pool;
  boolean changed;
  boolean ended;

  WriteTxn(Committed base, SpaceMap space, BufferPool pool) {
    this.base = base;
    this.space = space;
    this.pool = pool;
    this.roots = base.roots().trees().clone();
    this.stats = base.stats().copy();
    for (int t = 0; t < Roots.COUNT; t++) {
      allocators[t] = new Allocator(QuadIndexes.owner(t));
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

  /** Allocates for one tree (one segment owner), recording what this transaction owns. */
  private final class Allocator implements PageAllocator {
    private final int owner;

    Allocator(int owner) {
      this.owner = owner;
    }

    @Override
    public long allocate() {
      long p = space.allocate(owner);
      fresh.add(p);
      return p;
    }

    @Override
    public long allocateNear(long page) {
      long p = space.allocateNear(owner, page);
      fresh.add(p);
      return p;
    }

    @Override
    public boolean isNew(long page) {
      return fresh.contains(page);
    }

    @Override
    public void release(long page) {
      if (fresh.remove(page)) {
        pool.discard(page);
        space.free(page);
      } else {
        released.add(page);
      }
    }
  }
}
