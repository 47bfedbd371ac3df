package dev.quarry.core.btree;

/**
 * Pages for a B+tree being changed in one write transaction (copy-on-write): a page the transaction
 * allocated is its own and may be changed in place; a page it did not is visible to readers of
 * earlier snapshots and is never changed: it is copied, and released.
 */
public interface PageAllocator {
  /** A new page for the tree (its owner's extents). */
  long allocate();

  /** A new page close to {@code page}: same extent, or its overflow extent. */
  long allocateNear(long page);

  /** True if this transaction allocated {@code page}, so it may be changed in place. */
  boolean isNew(long page);

  /**
   * {@code page} is no longer part of the tree: reused at once if it was new in this transaction,
   * else once no reader can still see it.
   */
  void release(long page);

  /**
   * The commit generation this transaction's pages carry in their header ({@code
   * Pages.GENERATION_OFFSET}): an incremental backup copies the pages written after the last one,
   * and skips a subtree whose root is older (copy-on-write: an unchanged page has unchanged
   * children).
   */
  long generation();

  /**
   * The page to write {@code page}'s new content to: itself if this transaction owns it, else a new
   * page near it (and {@code page} is released).
   */
  default long writable(long page) {
    if (isNew(page)) {
      return page;
    }
    long copy = allocateNear(page);
    release(page);
    return copy;
  }
}
