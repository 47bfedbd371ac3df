package dev.quarry.core.dict;

import org.apache.jena.graph.Node;

/**
 * The term file read many terms at a time, past the {@link Dictionary}'s one-by-one path: a batch's
 * reads hinted to the kernel together where they wait on the device ({@link #willNeed}), and a bulk
 * decode that reads a window of the file at a time ({@link #getNodes}).
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
   * A hint that the terms of {@code ids[0..n)} will be decoded soon: the records of those not
   * cached are asked of the OS at once (RandomReads#willNeed), so that a result's terms missing
   * from the OS cache are read from the device together instead of one after another (BSBM 100M in
   * a 2 GB cgroup, where most of the 5.6 GB term file is on the device only).
   */
  public void willNeed(long[] ids, int n) {
    if (!readsFromDevice()) {
      return; // the OS cache holds the file: a hint would only cost a system call per term
    }
    for (int i = 0; i < n; i++) {
      long id = ids[i];
      if (NodeIds.isTerm(id) && dictionary.cached(id) == null) {
        terms.willNeed(NodeIds.termOffset(id));
      }
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
