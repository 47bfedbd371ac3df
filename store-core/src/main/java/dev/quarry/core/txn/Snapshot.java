package dev.quarry.core.txn;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * One committed state: its root slots, its generation (commit number), and the values components
 * published with it for its readers (e.g. the statistics the planner reads).
 */
public final class Snapshot {
  private final RootCatalog roots;
  private final long generation;
  private final Map<TxnKey<?>, Object> values;

  public Snapshot(RootCatalog roots, long generation, Map<TxnKey<?>, Object> values) {
    this.roots = roots;
    this.generation = generation;
    this.values = new IdentityHashMap<>(values);
  }

  public RootCatalog roots() {
    return roots;
  }

  public long root(int slot) {
    return roots.get(slot);
  }

  public long generation() {
    return generation;
  }

  /** A value published with this state, or null. */
  @SuppressWarnings("unchecked")
  public <T> T value(TxnKey<T> key) {
    return (T) values.get(key);
  }

  /** The state a writer that started from this one commits: its values over these. */
  Snapshot next(RootCatalog newRoots, Map<TxnKey<?>, Object> published) {
    Snapshot s = new Snapshot(newRoots, generation + 1, values);
    s.values.putAll(published);
    return s;
  }
}
