package dev.quarry.accumulo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whole subjects read for one view. On Accumulo a request costs far more than the rows it brings,
 * and a query's patterns mostly share subjects: a product's label, producer and features are a
 * pattern each; a join step's offers are then asked for their price, their vendor, their date, one
 * step each. So a pattern or a lookup that binds a subject reads the subject whole (every
 * predicate, one range of SOPG) and every later pattern on it in the same view is answered here. A
 * subject of more than {@link #CAP} quads is not kept: it is marked big and read by exact ranges,
 * as before.
 */
final class SubjectRows {
  /** The most quads a subject may have to be read whole. */
  static final int CAP = 1024;

  /** The most new subjects one lookup step reads whole (more: exact ranges, fewer bytes). */
  static final int MAX_STEP = 512;

  // s -> its quads' ids flattened: g, s, p, o, g, s, p, o ... (in the order read)
  private final Map<Long, long[]> subjects = new HashMap<>();
  private final Set<Long> big = new HashSet<>();
  private final ReadCache shared; // the state's cache for every view of it, or null (a writer)

  SubjectRows(ReadCache shared) {
    this.shared = shared;
  }

  /** The quads of {@code s}, or null if it was not read (or is big). */
  long[] get(long s) {
    long[] quads = subjects.get(s);
    if (quads == null && shared != null && !big.contains(s)) {
      quads = shared.subject(s);
      if (quads == ReadCache.BIG) {
        big.add(s);
        return null;
      }
      if (quads != null) {
        subjects.put(s, quads);
      }
    }
    return quads;
  }

  /**
   * True if {@code s} should be read whole: neither read (here or by the state's other views) nor
   * big.
   */
  boolean wanted(long s) {
    return get(s) == null && !big.contains(s);
  }

  void put(long s, List<long[]> quads) {
    long[] rows = ReadCache.flat(quads);
    subjects.put(s, rows);
    if (shared != null) {
      shared.putSubject(s, rows);
    }
  }

  void markBig(long s) {
    big.add(s);
    if (shared != null) {
      shared.putSubject(s, ReadCache.BIG);
    }
  }

  void clear() {
    subjects.clear();
    big.clear();
  }

  /**
   * The quads of a subject ({@code flat}: its ids, four per quad) that match {@code pattern} ({g,
   * s, p, o}, 0 = any), in the key order of {@code order}: the order the exact range read would
   * give.
   */
  static List<long[]> matching(long[] flat, long[] pattern, Order order) {
    List<long[]> out = new ArrayList<>();
    for (int i = 0; i < flat.length; i += 4) {
      if (matches(flat, i, pattern)) {
        out.add(Arrays.copyOfRange(flat, i, i + 4));
      }
    }
    out.sort(inOrder(order));
    return out;
  }

  /** The quads of a subject with predicate p and object in [lo, hi] (unsigned), in PSOG order. */
  static List<long[]> withObjectIn(long[] flat, long g, long p, long lo, long hi) {
    List<long[]> out = new ArrayList<>(2);
    for (int i = 0; i < flat.length; i += 4) {
      if (flat[i + 2] == p
          && (g == 0 || flat[i] == g)
          && Long.compareUnsigned(flat[i + 3], lo) >= 0
          && Long.compareUnsigned(flat[i + 3], hi) <= 0) {
        out.add(Arrays.copyOfRange(flat, i, i + 4));
      }
    }
    if (out.size() > 1) {
      out.sort(inOrder(Order.PSOG));
    }
    return out;
  }

  private static boolean matches(long[] flat, int at, long[] pattern) {
    for (int k = 0; k < 4; k++) {
      if (pattern[k] != 0 && flat[at + k] != pattern[k]) {
        return false;
      }
    }
    return true;
  }

  /** Compares quads by the ids of {@code order}'s parts in turn, unsigned: its key order. */
  static Comparator<long[]> inOrder(Order order) {
    int[] parts = order.parts;
    return (a, b) -> {
      for (int part : parts) {
        int c = Long.compareUnsigned(a[part], b[part]);
        if (c != 0) {
          return c;
        }
      }
      return 0;
    };
  }

  /** The number of quads of a subject that match {@code pattern}. */
  static long count(long[] flat, long[] pattern) {
    long n = 0;
    for (int i = 0; i < flat.length; i += 4) {
      n += matches(flat, i, pattern) ? 1 : 0;
    }
    return n;
  }
}
