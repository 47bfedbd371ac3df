package dev.quarry.accumulo.tserver;

import java.io.IOException;
import java.util.Map;
import org.apache.accumulo.core.data.Key;
import org.apache.accumulo.core.data.Value;
import org.apache.accumulo.core.iterators.IteratorEnvironment;
import org.apache.accumulo.core.iterators.SortedKeyValueIterator;

/**
 * What Quarry's tablet-server iterators share: the source they read, the options they were made
 * with (a deep copy is made with the same), and the entry they hold on top, null at the end.
 */
abstract class StackedIterator implements SortedKeyValueIterator<Key, Value> {
  SortedKeyValueIterator<Key, Value> source;
  Map<String, String> options;
  Key topKey;
  Value topValue;

  /** A new iterator of the same kind, not yet initialised. */
  abstract StackedIterator fresh();

  /** Sets the next top from the source (null at its end). */
  abstract void findTop() throws IOException;

  @Override
  public void next() throws IOException {
    findTop();
  }

  @Override
  public void init(
      SortedKeyValueIterator<Key, Value> source,
      Map<String, String> options,
      IteratorEnvironment env) {
    this.source = source;
    this.options = Map.copyOf(options);
  }

  @Override
  public boolean hasTop() {
    return topKey != null;
  }

  @Override
  public Key getTopKey() {
    return topKey;
  }

  @Override
  public Value getTopValue() {
    return topValue;
  }

  @Override
  public SortedKeyValueIterator<Key, Value> deepCopy(IteratorEnvironment env) {
    StackedIterator copy = fresh();
    copy.init(source.deepCopy(env), options, env);
    return copy;
  }
}
