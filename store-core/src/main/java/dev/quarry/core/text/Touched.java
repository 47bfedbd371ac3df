package dev.quarry.core.text;

import dev.quarry.core.dict.LongSet;

/**
 * The objects of the quads a transaction added or removed that may be string literals: the
 * documents its commit must look at again. A writer's threads add to it, hence the locking.
 */
final class Touched {
  private final LongSet ids = new LongSet(64);

  synchronized void add(long id) {
    ids.add(id);
  }

  synchronized boolean contains(long id) {
    return ids.contains(id);
  }

  synchronized int size() {
    return ids.size();
  }

  /** The ids, ascending (unsigned, as ids compare). */
  synchronized long[] sorted() {
    return ids.sorted();
  }
}
