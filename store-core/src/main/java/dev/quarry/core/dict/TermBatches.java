package dev.quarry.core.dict;

import java.util.Arrays;
import org.apache.jena.graph.Node;

/**
 * The term file read many terms at a time, past the {@link Dictionary}'s one-by-one path: a batch's
 * reads started together where they wait on the device ({@link #willNeed}), and a bulk decode that
 * reads a window of the file at a time ({@link #getNodes}).
 */
public final class TermBatches {
  private final Dictionary dictionary;
  private final TermTable terms;

  TermBatches(Dictionary dictionary, TermTable terms) {
    this.dictionary = dictionary;
    this.terms = terms;
  }

  /** True if reads of the term file of late waited on the device (then {@link #willNeed} pays). */
  public boolean readsFromDevice() {
    return terms.readsFromDevice();
  }

  /**
   * The terms of {@code ids[0..n)} will be decoded soon: those whose records the OS cache holds are
   * decoded now, into the term cache (where the decode that follows finds them), and the others'
   * reads from the device are started, all at once, so that a result's terms missing from the OS
   * cache are read together instead of one after another (BSBM 100M in a 2 GB cgroup, where most of
   * the term file is on the device only). One system call a distinct record, in the file's order
   * (TermTable#readIfCached); the hint before it (posix_fadvise) was one more: at BSBM 100M capped
   * at 2 GB a query hinted 10.8 records, and 0.9 of them were read from the device.
   */
  public void willNeed(long[] ids, int n) {
    if (!readsFromDevice()) {
      return; // the OS cache holds the file: a hint would only cost a system call per term
    }
    long[] wanted = new long[n];
    int m = 0;
    for (int i = 0; i < n; i++) {
      if (NodeIds.isTerm(ids[i])) {
        wanted[m++] = ids[i];
      }
    }
    Arrays.sort(wanted, 0, m);
    long last = NodeIds.NONE;
    for (int i = 0; i < m; i++) {
      long id = wanted[i];
      if (id != last && dictionary.cached(id) == null) {
        byte[] record = terms.readIfCached(NodeIds.termOffset(id)); // null: being read
        if (record != null) {
          dictionary.decodeRecord(id, record, null);
        }
      }
      last = id;
    }
  }

  /**
   * The terms of {@code ids[0..n)}, given ascending, into {@code out}: as {@link
   * Dictionary#getNode}, but records missing from the term cache are read a window of the file at a
   * time ({@link TermTable.Window}) and not put in the cache, which a bulk decode would only flush
   * (BSBM 100M's labels in order: 343,235 of them, 6-9 us each through the cache and a read each).
   * For a reader: a writer's own new terms are not looked for.
   */
  public void getNodes(long[] ids, int n, Node[] out) {
    TermTable.Window window = terms.new Window();
    for (int i = 0; i < n; i++) {
      long id = ids[i];
      Node cached = NodeIds.isTerm(id) ? dictionary.cached(id) : null; // (not the default graph)
      if (cached != null || !NodeIds.isTerm(id)) {
        out[i] = cached != null ? cached : id == NodeIds.NONE ? null : dictionary.getNode(id);
      } else {
        byte[] record = window.read(NodeIds.termOffset(id));
        out[i] = TermCodec.decode(record, 0, record.length, dictionary::getNode);
      }
    }
  }
}
