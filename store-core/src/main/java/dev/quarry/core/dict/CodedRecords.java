package dev.quarry.core.dict;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * Which stores code their term records with a {@link SymbolTable}, and where a store keeps it. A
 * store made by a Quarry that codes records says so by a {@link #SENTINEL} row in its term hash
 * index from its first commit on: only there does a record's length carry the coded flag. Its
 * table, once trained, is a record of the term table, its id in the row under {@link #table}. A
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

  /**
   * Tells an opened store's term table whether its records carry the flag, and gives it the store's
   * table if there is one; {@code findHash} gives the id a hash index row holds, or NONE.
   */
  static void open(TermTable terms, boolean newStore, ToLongFunction<long[]> findHash) {
    if (newStore ? forNewStores() : findHash.applyAsLong(SENTINEL) != NodeIds.NONE) {
      long table = newStore ? NodeIds.NONE : findHash.applyAsLong(table(0));
      terms.codeRecords(table == NodeIds.NONE ? -1 : NodeIds.termOffset(table));
    }
  }

  /**
   * The hash index rows a commit adds: the sentinel with a store's first terms, and the row of a
   * table trained since the last commit.
   */
  static List<long[]> rowsToCommit(TermTable terms, boolean firstTerms) {
    List<long[]> rows = new ArrayList<>(2);
    if (firstTerms && terms.codesRecords()) {
      rows.add(SENTINEL);
    }
    long table = terms.newSymbolTable();
    if (table >= 0) {
      rows.add(table(NodeIds.ofTermOffset(table)));
    }
    return rows;
  }

  /** The row holding the table's id (its third value; 0 to look the row up). */
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
