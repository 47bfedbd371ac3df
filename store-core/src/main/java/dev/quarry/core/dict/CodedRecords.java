package dev.quarry.core.dict;

import java.nio.charset.StandardCharsets;

/**
 * Which stores code their term records with a {@link SymbolTable}, and where a store keeps it. A
 * store made by a Quarry that codes records says so by a {@link #SENTINEL} row in its term hash
 * index from its first commit on: only there does a record's length carry the coded flag. Its
 * table, once trained, is a record of the term table, its id in the row under {@link #TABLE}. A
 * store without the sentinel (an older one, upgraded in place) keeps its records as they are.
 */
final class CodedRecords {
  static final long[] SENTINEL = row("quarry:coded-records:v1", 1);

  private CodedRecords() {}

  /**
   * Whether a new store codes its records: {@code -Dquarry.store.coded-records=false} makes one
   * that does not, as an older Quarry did (to measure what coding saves).
   */
  static boolean forNewStores() {
    return Boolean.parseBoolean(System.getProperty("quarry.store.coded-records", "true"));
  }

  /** The key of the row holding the table's id (the row's third value). */
  static long[] table(long id) {
    return row("quarry:symbol-table:v1", id);
  }

  private static long[] row(String name, long value) {
    byte[] b = name.getBytes(StandardCharsets.US_ASCII);
    long[] h = new long[2];
    Murmur3.hash128(b, b.length, 0, h);
    return new long[] {h[0], h[1], value};
  }
}
