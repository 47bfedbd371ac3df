package dev.quarry.core.engine;

import dev.quarry.core.btree.BTree;
import dev.quarry.core.dict.Dictionary;
import dev.quarry.core.index.QuadOrder;
import dev.quarry.core.index.StatsTrees;
import dev.quarry.core.text.TextIndex;
import java.util.ArrayList;
import java.util.List;

/**
 * What the paged engine keeps where: the root slots of its catalog and the segment owners (space
 * map) of its trees. Owner numbers and the order of the slots are part of the on-disk format.
 */
final class Layout {
  /** PSOG, POGS, SP, OP, GS: owners 2..6, in {@link QuadOrder} order. */
  static final int FIRST_INDEX_OWNER = 2;

  static final int TERM_HASH_OWNER = 7;
  static final int PREDICATE_STATS_OWNER = 8;
  static final int GRAPH_STATS_OWNER = 9;

  /**
   * The slots, in the order the unnamed root formats (versions 1 and 2) stored them, the term-file
   * length, which they stored last, last.
   */
  static final List<String> SLOTS = slots();

  private Layout() {}

  private static List<String> slots() {
    List<String> s = new ArrayList<>();
    for (QuadOrder o : QuadOrder.values()) {
      s.add(o.slot());
    }
    s.add(Dictionary.HASH_SLOT);
    s.add(StatsTrees.PREDICATES);
    s.add(StatsTrees.GRAPHS);
    s.add(TextIndex.VERSION_SLOT); // before the last: the unnamed formats read their last slot last
    s.add(Dictionary.LENGTH_SLOT);
    return List.copyOf(s);
  }

  /** A tree and the slot of its root: what the sweep at open walks. */
  record Tree(BTree tree, int slot) {}
}
