package dev.quarry.core.btree;

import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.storage.SpaceMap;
import dev.quarry.core.txn.TxnPages;
import java.util.List;

/**
 * One tree's allocator in a sequence of transactions, as the store's writer uses it ({@link
 * TxnPages}): {@link #commit} makes this transaction's pages old.
 */
final class TestAllocator implements PageAllocator {
  private final TxnPages pages;
  private final PageAllocator allocator;

  TestAllocator(SpaceMap space, BufferPool pool, int owner) {
    this.pages = new TxnPages(space, pool, 1);
    this.allocator = pages.allocator(owner);
  }

  @Override
  public long allocate() {
    return allocator.allocate();
  }

  @Override
  public long allocateNear(long page) {
    return allocator.allocateNear(page);
  }

  @Override
  public boolean isNew(long page) {
    return allocator.isNew(page);
  }

  @Override
  public void release(long page) {
    allocator.release(page);
  }

  @Override
  public long generation() {
    return allocator.generation();
  }

  List<Long> released() {
    return pages.released();
  }

  /** Ends the transaction; with {@code reclaim}, pages it released are freed (no old readers). */
  void commit(boolean reclaim) {
    pages.committed();
    if (reclaim) {
      pages.freeReleased();
    }
  }
}
