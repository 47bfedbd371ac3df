package dev.quarry.lubm;

import java.util.List;

/** What the LUBM checks run against: Quarry over HTTP, or Quarry embedded. */
public interface LubmTarget {
  /** True if the store is up and answering. */
  boolean answers();

  /** Loads the 15 University0 files into {@code <lubm>} and the schema into {@code <inf>}. */
  void loadData();

  /** The rows of a SELECT: each row its values (IRIs and lexical forms) in the order of vars. */
  List<List<String>> select(String query, List<String> vars);

  /** The single number a {@code SELECT (COUNT(*) AS ?n)} returns. */
  long count(String query);

  void update(String update);

  /** How query-time inference is asked for, or null if the target cannot do it yet. */
  default String inferenceQuery(String query) {
    return null;
  }
}
