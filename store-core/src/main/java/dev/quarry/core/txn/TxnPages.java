package dev.quarry.core.txn;

import dev.quarry.core.btree.PageAllocator;
import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.storage.SpaceMap;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The pages of one write transaction: those it allocated (its own, changed in place; freed if it
 * aborts) and those it released (still visible to earlier snapshots, freed once no reader can see
 * them). Hands out one {@link PageAllocator} per tree owner, all recording here.
 */
public final class TxnPages {
  private final SpaceMap space;
  private final BufferPool pool;
  private final Set<Long> fresh = new HashSet<>();
  private final List<Long> released = new ArrayList<>();
  private final long generation;

  /** Pages of the transaction that will commit as {@code generation}. */
  public TxnPages(SpaceMap space, BufferPool pool, long generation) {
    this.space = space;
    this.pool = pool;
    this.generation = generation;
  }

  /** Allocates for one tree (its owner's extents). */
  public PageAllocator allocator(int owner) {
    return new PageAllocator() {
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
          free(page);
        } else {
          released.add(page); // old snapshots may still read it
        }
      }

      @Override
      public long generation() {
        return generation;
      }
    };
  }

  /** The pages released so far, in release order. */
  public List<Long> released() {
    return released;
  }

  /** Committed: the pages it allocated are now part of the snapshot, no longer its own. */
  public void committed() {
    fresh.clear();
  }

  /** Aborted: frees every page it allocated. */
  public void discardAllocated() {
    fresh.forEach(this::free);
    fresh.clear();
  }

  /** Frees the released pages now: only when no reader can still see them. */
  public void freeReleased() {
    released.forEach(this::free);
    released.clear();
  }

  private void free(long page) {
    pool.discard(page);
    space.free(page);
  }
}
