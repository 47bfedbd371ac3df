package dev.quarry.core.dict;

import org.apache.jena.graph.Node;

/**
 * The terms most recently decoded, a slot per id hash, in front of the dictionary's term cache: a
 * query writing its results asks for the same few hundred terms again and again, and a look-up here
 * is one array read and one compare, where the bounded cache records each read for its eviction
 * policy (5 % of a BSBM Explore query's thread time). A slot holds one term; a colliding id
 * replaces it and the bounded cache still has both. Slots are written without locks: a slot is an
 * immutable pair, so a reader sees a whole old pair or a whole new one.
 */
final class RecentTerms {
  /**
   * Slots at most: 64 Ki, about 2.5 MB with their pairs (short terms only), whatever the term
   * cache's size.
   */
  static final int MAX_SLOTS = 1 << 16;

  private record Slot(long id, Node node) {}

  private final Slot[] slots; // by the id's hash
  private final Slot[] byNode; // by the term's hash
  private final int mask;

  /** Up to {@code max} slots (a power of two at most {@link #MAX_SLOTS}); none below 16. */
  RecentTerms(long max) {
    int n = max < 16 ? 0 : Integer.highestOneBit((int) Math.min(max, MAX_SLOTS));
    this.slots = new Slot[n];
    this.byNode = new Slot[n];
    this.mask = n - 1;
  }

  /** The term of {@code id} if its slot holds it, else null. */
  Node get(long id) {
    if (slots.length == 0) {
      return null;
    }
    Slot s = slots[index(id)];
    return s != null && s.id == id ? s.node : null;
  }

  /**
   * Remembers a short term (one unit of {@link TermWeights}): a slot holds its term beyond the
   * bounded cache's eviction, so 64 Ki slots of kilobyte texts would hold a hundred megabytes that
   * no bound counts; long texts are rarely the terms asked for again and again.
   */
  void put(long id, Node node) {
    if (slots.length > 0 && TermWeights.of(node) == 1) {
      slots[index(id)] = new Slot(id, node);
    }
  }

  /** The id of {@code node} if its slot holds it, else {@link NodeIds#NONE}. */
  long id(Node node) {
    if (byNode.length == 0) {
      return NodeIds.NONE;
    }
    Slot s = byNode[index(node.hashCode())];
    return s != null && s.node.equals(node) ? s.id : NodeIds.NONE;
  }

  /** As {@link #put}, for the look-up by term. */
  void putId(Node node, long id) {
    if (byNode.length > 0 && TermWeights.of(node) == 1) {
      byNode[index(node.hashCode())] = new Slot(id, node);
    }
  }

  int slots() {
    return slots.length;
  }

  private int index(long id) {
    // Ids are term-file offsets, multiples of small record sizes (and a term's hash code may be
    // as regular): mix before taking the slot.
    return (int) ((id * 0x9E3779B97F4A7C15L) >>> 40) & mask;
  }
}
