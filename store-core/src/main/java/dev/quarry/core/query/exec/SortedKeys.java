package dev.quarry.core.query.exec;

/**
 * Entries found by a long key when the keys come ascending, as a scan of PSOG gives a pattern's
 * subjects: a directory of buckets over the key range, each holding the index of its first entry,
 * so a probe reads one directory slot and then the keys from there (two on average). It is built in
 * one sequential pass over keys already held, where a hash table ({@link LongChains}) writes
 * megabytes at random for each query that reads a pattern whole (3-4 ms for BSBM BI Q1's 285,000
 * reviews at 10M), and its directory, a quarter of the size of the keys, stays in cache.
 */
final class SortedKeys implements KeyedEntries {
  /** Entries a bucket may hold at most, or the keys are too unevenly spread for buckets. */
  static final int MAX_PER_BUCKET = 64;

  private final long[] keys;
  private final int n;
  private final long min;
  private final long span; // max - min, unsigned
  private final int shift;
  private final int[] firstOf; // bucket b's first entry; firstOf[buckets] = n

  private SortedKeys(long[] keys, int n, long min, long span, int shift, int[] firstOf) {
    this.keys = keys;
    this.n = n;
    this.min = min;
    this.span = span;
    this.shift = shift;
    this.firstOf = firstOf;
  }

  /** How many buckets {@link #bucket} numbers. */
  int buckets() {
    return firstOf.length - 1;
  }

  /**
   * The directory bucket {@code key} falls in (buckets ascend with the keys), or -1 if no entry can
   * have it: probes put in bucket order read the table from one end to the other.
   */
  int bucket(long key) {
    long off = key - min;
    if (Long.compareUnsigned(off, span) > 0) {
      return -1;
    }
    return (int) (off >>> shift);
  }

  /**
   * Keys {@code 0..n-1} (held, not copied) by key, or null if they are not ascending (unsigned,
   * equal keys next to each other) or too unevenly spread.
   */
  static SortedKeys of(long[] keys, int n) {
    if (n == 0) {
      return null;
    }
    for (int i = 1; i < n; i++) {
      if (Long.compareUnsigned(keys[i], keys[i - 1]) < 0) {
        return null;
      }
    }
    long min = keys[0];
    long span = keys[n - 1] - min;
    // About one entry a bucket: buckets = span >>> shift + 1 <= n.
    int shift = 0;
    while (shift < 63 && Long.compareUnsigned(span >>> shift, n) >= 0) {
      shift++;
    }
    int buckets = (int) (span >>> shift) + 1;
    int[] firstOf = new int[buckets + 1];
    int b = 0;
    int bucketStart = 0;
    for (int i = 0; i < n; i++) {
      int of = (int) ((keys[i] - min) >>> shift);
      if (of != b) {
        if (i - bucketStart > MAX_PER_BUCKET) {
          return null;
        }
        while (b < of) {
          firstOf[++b] = i;
        }
        bucketStart = i;
      }
    }
    if (n - bucketStart > MAX_PER_BUCKET) {
      return null;
    }
    while (b < buckets) {
      firstOf[++b] = n;
    }
    return new SortedKeys(keys, n, min, span, shift, firstOf);
  }

  @Override
  public int first(long key) {
    long off = key - min;
    if (Long.compareUnsigned(off, span) > 0) {
      return -1; // below min (wraps around) or above max
    }
    int b = (int) (off >>> shift);
    for (int i = firstOf[b], end = firstOf[b + 1]; i < end; i++) {
      long k = keys[i];
      if (k == key) {
        return i;
      }
      if (Long.compareUnsigned(k, key) > 0) {
        return -1;
      }
    }
    return -1;
  }

  @Override
  public int next(int i) {
    int j = i + 1;
    return j < n && keys[j] == keys[i] ? j : -1;
  }

  /** Bytes held beyond the keys: the directory, at most an int per entry. */
  static final int BYTES_PER_ENTRY = 4;
}
