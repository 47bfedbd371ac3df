package dev.quarry.core.btree;

import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.storage.SpaceMap;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** A transaction's allocator for tests: {@link #commit} makes this transaction's pages old. */
final class TestAllocator implements PageAllocator {
  final SpaceMap space;
  final BufferPool pool;
  final int owner;
  final Set<Long> fresh = new HashSet<>();
  final List<Long> released = new ArrayList<>();
  boolean freeOnRelease = true;

  TestAllocator(SpaceMap space, BufferPool pool, int owner) {
    this.space = space;
    this.pool = pool;
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
      released.add(page); // old snapshots may still read it
    }
  }

  /** Ends the transaction; with {@code reclaim}, pages it released are freed (no old readers). */
  void commit(boolean reclaim) {
    fresh.clear();
    if (reclaim) {
      for (long p : released) {
        pool.discard(p);
        space.free(p);
      }
      released.clear();
    }
  }
}
