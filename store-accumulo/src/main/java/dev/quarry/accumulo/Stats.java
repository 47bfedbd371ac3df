package dev.quarry.accumulo;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.accumulo.core.client.AccumuloClient;
import org.apache.accumulo.core.client.Scanner;
import org.apache.accumulo.core.client.TableNotFoundException;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.security.Authorizations;

/**
 * The statistics of one state: per predicate its quads, distinct subjects and distinct objects; per
 * graph its quads and distinct subjects. Kept in table {@code stats} as one cell per predicate
 * ({@code 'p' + id}) and per graph ({@code 'g' + id}) holding the absolute figures, versioned like
 * every cell, so that a reader loads its state's whole table in one scan (its size is the number of
 * predicates and graphs). Zero figures are a predicate or graph no quad has any more.
 */
final class Stats {
  static final byte PREDICATE = 'p';
  static final byte GRAPH = 'g';

  /** The row of the dictionary's size: the terms given ids by committed transactions. */
  static final byte TERMS = 't';

  final Map<Long, long[]> predicates; // p -> {quads, subjects, objects}
  final Map<Long, long[]> graphs; // g -> {quads, subjects}
  final long terms;

  Stats(Map<Long, long[]> predicates, Map<Long, long[]> graphs, long terms) {
    this.predicates = predicates;
    this.graphs = graphs;
    this.terms = terms;
  }

  static Stats load(AccumuloClient client, Tables tables, ReadPoint at, RoundTrips trips) {
    Map<Long, long[]> ps = new HashMap<>();
    Map<Long, long[]> gs = new HashMap<>();
    long terms = 0;
    try (Scanner s = client.createScanner(tables.stats, Authorizations.EMPTY)) {
      at.apply(s, false);
      for (Map.Entry<Key, Value> e : trips.counted(s)) {
        byte[] row = e.getKey().getRowData().toArray();
        long[] figures = longs(e.getValue().get());
        if (row[0] == TERMS) {
          terms = figures[0];
          continue;
        }
        if (figures[0] == 0) {
          continue;
        }
        (row[0] == PREDICATE ? ps : gs).put(Bytes.getLong(row, 1), figures);
      }
    } catch (TableNotFoundException e) {
      throw Terms.gone(e);
    }
    return new Stats(ps, gs, terms);
  }

  static long[] longs(byte[] b) {
    long[] v = new long[b.length / 8];
    for (int i = 0; i < v.length; i++) {
      v[i] = Bytes.getLong(b, i * 8);
    }
    return v;
  }

  static byte[] bytes(long[] v) {
    byte[] b = new byte[v.length * 8];
    for (int i = 0; i < v.length; i++) {
      Bytes.putLong(b, i * 8, v[i]);
    }
    return b;
  }

  long quads() {
    long n = 0;
    for (long[] f : predicates.values()) {
      n += f[0];
    }
    return n;
  }

  long predicate(long p, int figure) {
    long[] f = predicates.get(p);
    return f == null ? 0 : f[figure];
  }

  long graph(long g, int figure) {
    long[] f = graphs.get(g);
    return f == null ? 0 : f[figure];
  }

  static long[] sortedKeys(Map<Long, long[]> m) {
    long[] keys =
        m.entrySet().stream()
            .filter(e -> e.getValue()[0] > 0)
            .mapToLong(Map.Entry::getKey)
            .toArray();
    Long[] boxed = Arrays.stream(keys).boxed().toArray(Long[]::new);
    Arrays.sort(boxed, Long::compareUnsigned);
    return Arrays.stream(boxed).mapToLong(Long::longValue).toArray();
  }
}
