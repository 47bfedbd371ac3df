package dev.quarry.core.engine;

import dev.quarry.core.btree.Cursor;
import dev.quarry.core.dict.Dictionary;
import dev.quarry.core.dict.DictionaryWrites;
import dev.quarry.core.index.QuadIndexes;
import dev.quarry.core.index.QuadOrder;
import dev.quarry.core.text.TextSource;
import java.util.Arrays;
import org.apache.jena.graph.Node;

/**
 * What the text index reads of one state: terms through the dictionary (a writer's own new terms
 * included), and objects with their predicates from the OP projection, whose keys are exactly the
 * different (object, predicate) pairs.
 */
final class EngineTextSource implements TextSource {
  private final QuadIndexes indexes;
  private final long[] roots;
  private final Dictionary dictionary;
  private final DictionaryWrites writes; // the writer's, or null
  private final long hashRoot;

  EngineTextSource(
      QuadIndexes indexes,
      long[] roots,
      Dictionary dictionary,
      DictionaryWrites writes,
      long hashRoot) {
    this.indexes = indexes;
    this.roots = roots;
    this.dictionary = dictionary;
    this.writes = writes;
    this.hashRoot = hashRoot;
  }

  @Override
  public Node node(long id) {
    return dictionary.getNode(id, writes);
  }

  @Override
  public long id(Node n) {
    return writes != null ? dictionary.getId(n, writes) : dictionary.getId(n, hashRoot);
  }

  @Override
  public long[] predicatesOf(long o) {
    long[] out = new long[4];
    int n = 0;
    try (Cursor cur = indexes.scan(roots, QuadOrder.OP, new long[] {o, 0}, new long[] {o, -1L})) {
      while (cur.next()) {
        if (n == out.length) {
          out = Arrays.copyOf(out, n * 2);
        }
        out[n++] = cur.get(1);
      }
    }
    return Arrays.copyOf(out, n);
  }

  @Override
  public void forEachObject(ObjectVisitor v) {
    long[] preds = new long[16];
    int n = 0;
    long current = 0;
    try (Cursor cur = indexes.scan(roots, QuadOrder.OP, new long[2], new long[] {-1L, -1L})) {
      while (cur.next()) {
        long o = cur.get(0);
        if (o != current && n > 0) {
          v.visit(current, preds, n);
          n = 0;
        }
        current = o;
        if (n == preds.length) {
          preds = Arrays.copyOf(preds, n * 2);
        }
        preds[n++] = cur.get(1);
      }
    }
    if (n > 0) {
      v.visit(current, preds, n);
    }
  }
}
