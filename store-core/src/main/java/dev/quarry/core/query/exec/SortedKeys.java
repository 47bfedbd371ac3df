package dev.quarry.core.query.exec;

/**
 * Entries found by a long key when the keys come ascending, as a scan of PSOG gives a pattern's
 * subjects: a directory of buckets over the key range, each holding the index of its first entry,
 * so a probe reads one directory slot and then the keys from there (two on average). It is built in
 * one sequential pass over keys already held, where a hash table ({@link LongChains}) writes
 * megabytes at random for each query that reads a pattern whole (3-4 ms for BSBM BI Q1's 285,000
 * reviews at 10M), and its directory, a quarter of the size of the keys, stays in cache.
 *
 * <p>Keys need not be spread evenly: ids that come in clusters (IRIs of a prefix and a number held
 * in their ids are 2^40 apart from one prefix to the next) fill few buckets with many entries each,
 * and in a bucket of more than {@link #LINEAR} entries a key's place is guessed, then searched by
 * halves.
 */
final class SortedKeys implements KeyedEntries {
  /**
   * Entries a bucket may hold at most, or the keys are too unevenly spread for buckets: past this a
   * search by halves costs more than a hash table's probe.
   */
  static final int MAX_PER_BUCKET = 1 << 12;

  /** Entries of a bucket read one after another; past this, the bucket is searched by halves. */
  static final int LINEAR = 8;

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

  /** This table with its keys' array cut to its entries if much longer (for a table kept long). */
  SortedKeys trimmed() {
    long[] k = SubjectsInRange.trimmed(keys, n);
    return k == keys ? this : new SortedKeys(k, n, min, span, shift, firstOf);
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
    int from = firstOf[b];
    int to = firstOf[b + 1];
    return search(from, to, guess(from, to, key), key);
  }

  /**
   * As {@link #first} for each key, in passes: every key's directory slot, then every key's guess
   * in a bucket of many entries, then every key's entries. In a table larger than the cache each
   * step is a miss; one key at a time they wait on each other, where a pass's misses are
   * independent and overlap (BSBM Q5 at 100M looks 17,000 products up in a table of 343,000 this
   * way). {@code firsts} holds each key's bucket start, then its guess; the later passes read the
   * directory again, from the cache.
   */
  @Override
  public void firstOfEach(long[] keys, int n, int[] firsts) {
    for (int i = 0; i < n; i++) {
      long off = keys[i] - min;
      firsts[i] = Long.compareUnsigned(off, span) > 0 ? NONE : firstOf[(int) (off >>> shift)];
    }
    for (int i = 0; i < n; i++) {
      if (firsts[i] != NONE) {
        int b = (int) ((keys[i] - min) >>> shift);
        firsts[i] = guess(firsts[i], firstOf[b + 1], keys[i]);
      }
    }
    for (int i = 0; i < n; i++) {
      if (firsts[i] == NONE) {
        firsts[i] = -1;
      } else {
        int b = (int) ((keys[i] - min) >>> shift);
        firsts[i] = search(firstOf[b], firstOf[b + 1], firsts[i], keys[i]);
      }
    }
  }

  /** A guess meaning the key is not in the bucket (or out of the table); -1 means no guess made. */
  private static final int NONE = -2;

  /**
   * Where {@code key} may be among the entries [from, to) of its bucket, if they are many: -1 if
   * few (read one after another), {@link #NONE} if the key lies outside the bucket's keys. A bucket
   * of many entries is a cluster of ids (or two): the key's place is guessed from where it lies
   * between the bucket's first and last key, which for ids numbered one after another is exact.
   */
  private int guess(int from, int to, long key) {
    if (to - from <= LINEAR) {
      return -1;
    }
    long first = keys[from];
    long width = keys[to - 1] - first;
    long off = key - first;
    if (Long.compareUnsigned(off, width) > 0) {
      return NONE; // below the bucket's first key or above its last
    }
    // width is below 2^63 unless one bucket spans every key; then no guess
    return width > 0 ? from + (int) ((double) off / width * (to - 1 - from)) : -1;
  }

  /**
   * The first entry of {@code key} among entries [from, to), or -1: keys ascend. From the entry
   * {@code guess} gave, a wrong guess narrowing a search by halves.
   */
  private int search(int from, int to, int guess, long key) {
    if (guess == NONE) {
      return -1;
    }
    int lo = from;
    int hi = to; // the first entry not below key is in [lo, hi]
    if (guess >= 0) {
      if (Long.compareUnsigned(keys[guess], key) < 0) {
        lo = guess + 1;
        if (hi - lo > LINEAR && Long.compareUnsigned(keys[lo + LINEAR], key) >= 0) {
          hi = lo + LINEAR; // the usual case: just after the guess
        }
      } else {
        hi = guess;
        if (hi - lo > LINEAR && Long.compareUnsigned(keys[hi - LINEAR], key) < 0) {
          lo = hi - LINEAR; // the usual case: at or just before the guess
        }
      }
    }
    while (hi - lo > LINEAR) {
      int mid = (lo + hi) >>> 1;
      if (Long.compareUnsigned(keys[mid], key) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    for (int i = lo; i < to; i++) {
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
  public long bytes() {
    return 8L * keys.length + 4L * firstOf.length;
  }

  @Override
  public int next(int i) {
    int j = i + 1;
    return j < n && keys[j] == keys[i] ? j : -1;
  }

  /** Bytes held beyond the keys: the directory, at most an int per entry. */
  static final int BYTES_PER_ENTRY = 4;
}
