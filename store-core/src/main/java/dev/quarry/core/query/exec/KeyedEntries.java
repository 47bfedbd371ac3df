package dev.quarry.core.query.exec;

/** Entries 0..n-1 found by a long key each (an id), those with one key listed in entry order. */
interface KeyedEntries {
  /** The first entry with {@code key}, or -1; {@link #next} gives the others. */
  int first(long key);

  /** The entry after {@code i} with the same key, or -1. */
  int next(int i);

  /** Bytes held, the keys included. */
  long bytes();

  /** The first entry of each of {@code keys[0..n)} into {@code firsts} (-1: none). */
  default void firstOfEach(long[] keys, int n, int[] firsts) {
    for (int i = 0; i < n; i++) {
      firsts[i] = first(keys[i]);
    }
  }
}
