package dev.quarry.core.dict;

import dev.quarry.core.btree.RowSort;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The terms a bulk load has added, by their 128-bit hash: what several loading threads consult at
 * once to give each new term one id. An open-addressing table of {@code (hash high, hash low, id)}
 * longs (24 bytes a term, no objects), split into segments by the hash, each behind its own lock,
 * so two threads rarely wait for each other. At the end its rows are the hash index's new rows.
 */
final class LoadTerms {
  private static final int SEGMENTS = 256; // a power of two
  private final Segment[] segments = new Segment[SEGMENTS];
  // Heap the tables hold, kept as they grow: read after every batch a loading thread adds.
  private final AtomicLong bytes = new AtomicLong();

  LoadTerms() {
    for (int i = 0; i < SEGMENTS; i++) {
      segments[i] = new Segment(bytes);
    }
  }

  /** The id the load gave the term of this hash, or {@link NodeIds#NONE}. */
  long get(long h1, long h2) {
    Segment s = segment(h1, h2);
    synchronized (s) {
      return s.get(h1, h2);
    }
  }

  /**
   * The id of the term of this hash: the one already given, else {@code create}'s (called under the
   * segment's lock, so a term is created once however many threads meet it at once).
   */
  long getOrCreate(long h1, long h2, LongSupplier create) {
    Segment s = segment(h1, h2);
    synchronized (s) {
      long id = s.get(h1, h2);
      if (id == NodeIds.NONE) {
        id = create.getAsLong();
        s.put(h1, h2, id);
      }
      return id;
    }
  }

  /** Terms held. */
  long size() {
    long n = 0;
    for (Segment s : segments) {
      synchronized (s) {
        n += s.count;
      }
    }
    return n;
  }

  /** Every {@code (h1, h2, id)} row, sorted: the hash index's new rows. Empties the table. */
  long[] drainSorted() {
    long total = size();
    if (total * 3 > Integer.MAX_VALUE - 8) {
      throw new IllegalStateException("too many new terms in one batch: " + total);
    }
    long[] rows = new long[(int) total * 3];
    int k = 0;
    for (int i = 0; i < SEGMENTS; i++) {
      Segment s = segments[i];
      synchronized (s) {
        long[] t = s.table;
        for (int j = 0; j < t.length; j += 3) {
          if (t[j + 2] != NodeIds.NONE) {
            System.arraycopy(t, j, rows, k, 3);
            k += 3;
          }
        }
        bytes.addAndGet(-(long) t.length * 8);
        segments[i] = new Segment(bytes);
      }
    }
    RowSort.sort(rows, k / 3, 3);
    return rows;
  }

  /** Bytes the table holds on the heap. */
  long bytes() {
    return bytes.get();
  }

  private Segment segment(long h1, long h2) {
    return segments[(int) (h2 >>> 56) & (SEGMENTS - 1)];
  }

  /**
   * One part of the table: linear probing over rows of three longs, an id of 0 marks a free row.
   */
  private static final class Segment {
    private final AtomicLong bytes;
    long[] table = new long[3 * 16];
    int count;

    Segment(AtomicLong bytes) {
      this.bytes = bytes;
      bytes.addAndGet((long) table.length * 8);
    }

    long get(long h1, long h2) {
      long[] t = table;
      int mask = t.length / 3 - 1;
      for (int i = (int) h1 & mask; ; i = (i + 1) & mask) {
        long id = t[i * 3 + 2];
        if (id == NodeIds.NONE) {
          return NodeIds.NONE;
        }
        if (t[i * 3] == h1 && t[i * 3 + 1] == h2) {
          return id;
        }
      }
    }

    void put(long h1, long h2, long id) {
      if ((count + 1) * 4L > (table.length / 3) * 3L) { // over 3/4 full: twice the rows
        long[] old = table;
        table = new long[old.length * 2];
        bytes.addAndGet((long) old.length * 8);
        count = 0;
        for (int j = 0; j < old.length; j += 3) {
          if (old[j + 2] != NodeIds.NONE) {
            insert(old[j], old[j + 1], old[j + 2]);
          }
        }
      }
      insert(h1, h2, id);
    }

    private void insert(long h1, long h2, long id) {
      long[] t = table;
      int mask = t.length / 3 - 1;
      int i = (int) h1 & mask;
      while (t[i * 3 + 2] != NodeIds.NONE) {
        i = (i + 1) & mask;
      }
      t[i * 3] = h1;
      t[i * 3 + 1] = h2;
      t[i * 3 + 2] = id;
      count++;
    }
  }
}
