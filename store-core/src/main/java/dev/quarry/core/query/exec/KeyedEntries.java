package dev.quarry.core.query.exec;

/** Entries 0..n-1 found by a long key each (an id), those with one key listed in entry order. */
interface KeyedEntries {
  /** The first entry with {@code key}, or -1; {@link #next} gives the others. */
  int first(long key);

  /** The entry after {@code i} with the same key, or -1. */
  int next(int i);
}
