package dev.quarry.core.index;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The root pages of one committed state: the five quad indexes, the dictionary's hash index, the
 * two statistics trees, and the term table's committed length. Immutable: a snapshot holds one, a
 * writer makes a new one.
 */
public record Roots(long[] trees, long termBytes) {
  public static final int PSOG = 0;
  public static final int POGS = 1;
  public static final int SP = 2;
  public static final int OP = 3;
  public static final int GS = 4;
  public static final int TERM_HASH = 5;

  /** Statistics per predicate (P, quads, distinct S, distinct O) and per graph (G, quads). */
  public static final int PREDICATE_STATS = 6;

  public static final int GRAPH_STATS = 7;
  public static final int COUNT = 8;
  private static final int VERSION = 2;
  // Version 1 had no statistics trees: they open empty and are written by the next commit.
  private static final int VERSION_1_COUNT = 6;

  public Roots {
    trees = trees.clone();
  }

  public static Roots empty() {
    long[] t = new long[COUNT];
    Arrays.fill(t, -1L);
    return new Roots(t, 0);
  }

  public long root(int tree) {
    return trees[tree];
  }

  public byte[] toBytes() {
    ByteBuffer b = ByteBuffer.allocate(4 + 4 + 8 * COUNT + 8);
    b.putInt(VERSION).putInt(COUNT);
    for (long t : trees) {
      b.putLong(t);
    }
    b.putLong(termBytes);
    return b.array();
  }

  public static Roots fromBytes(byte[] bytes) {
    if (bytes.length == 0) {
      return empty();
    }
    ByteBuffer b = ByteBuffer.wrap(bytes);
    int version = b.getInt();
    int count = b.getInt();
    boolean known =
        version == VERSION && count == COUNT || version == 1 && count == VERSION_1_COUNT;
    if (!known) {
      throw new IllegalStateException("unknown root format " + version + "/" + count);
    }
    long[] t = new long[COUNT];
    Arrays.fill(t, -1L);
    for (int i = 0; i < count; i++) {
      t[i] = b.getLong();
    }
    return new Roots(t, b.getLong());
  }
}
