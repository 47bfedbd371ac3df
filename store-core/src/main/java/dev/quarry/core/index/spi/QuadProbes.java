package dev.quarry.core.index.spi;

import java.util.Arrays;

/**
 * A batch of quad patterns for one vectored lookup ({@link QuadView#lookup}). Each probe binds its
 * predicate; any other part may be {@link QuadView#NONE} (any). The object may instead be a range
 * of ids ({@link #addObjectRange}): the range on the last bound part that makes a numeric or date
 * filter one contiguous read. Probes are numbered in the order added, from 0.
 */
public final class QuadProbes {
  private long[] parts; // g, s, p, oLo, oHi per probe
  private int n;

  public QuadProbes() {
    this(16);
  }

  /** Room for {@code capacity} probes before it grows (a caller that knows how many it adds). */
  public QuadProbes(int capacity) {
    this.parts = new long[5 * Math.max(1, capacity)];
  }

  /** Adds the pattern {@code (g, s, p, o)}; returns its number. */
  public int add(long g, long s, long p, long o) {
    return addObjectRange(g, s, p, o, o);
  }

  /**
   * Adds the quads of {@code (g, s, p)} whose object id is in {@code [oLo, oHi]} (unsigned); with
   * {@code oLo == oHi == NONE}, any object. Returns the probe's number.
   */
  public int addObjectRange(long g, long s, long p, long oLo, long oHi) {
    if (p == QuadView.NONE) {
      throw new IllegalArgumentException("a probe binds its predicate");
    }
    if (parts.length < (n + 1) * 5) {
      parts = Arrays.copyOf(parts, parts.length * 2);
    }
    int at = n * 5;
    parts[at] = g;
    parts[at + 1] = s;
    parts[at + 2] = p;
    parts[at + 3] = oLo;
    parts[at + 4] = oHi;
    return n++;
  }

  public int size() {
    return n;
  }

  public void clear() {
    n = 0;
  }

  public long g(int i) {
    return parts[i * 5];
  }

  public long s(int i) {
    return parts[i * 5 + 1];
  }

  public long p(int i) {
    return parts[i * 5 + 2];
  }

  /** The lowest object id of probe i (NONE with {@link #objectHi} NONE: any object). */
  public long objectLo(int i) {
    return parts[i * 5 + 3];
  }

  public long objectHi(int i) {
    return parts[i * 5 + 4];
  }

  /** True if probe i's object is bound to one id. */
  public boolean objectBound(int i) {
    return objectLo(i) != QuadView.NONE && objectLo(i) == objectHi(i);
  }

  /** True if probe i's object is free (any object). */
  public boolean objectFree(int i) {
    return objectLo(i) == QuadView.NONE && objectHi(i) == QuadView.NONE;
  }
}
