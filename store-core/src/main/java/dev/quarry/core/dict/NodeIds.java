package dev.quarry.core.dict;

import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Quad;

/**
 * NodeIds: every RDF term in the store is a 64-bit id. The top 8 bits are a tag:
 *
 * <ul>
 *   <li>{@code 0x00}: a term in the term table; the low 48 bits are its offset there, plus one, and
 *       the 8 above them the language of a language-tagged literal ({@link LanguageIds}).
 *   <li>{@code 0x01}: a constant: the default graph.
 *   <li>{@code 0x02}: a term local to one query execution, not in the store (a computed value, a
 *       constant of the query the store does not have); never stored.
 *   <li>{@code 0x03}: an IRI held inline, a prefix's number and a decimal number ({@link IriIds}).
 *   <li>{@code 0x04}: a literal of a datatype outside XSD and RDF whose lexical form is a decimal
 *       number, held inline: the datatype's number and the digits ({@link TypedIds}). Not ordered
 *       by value: SPARQL gives such literals none.
 *   <li>{@code 0x10} and up: a literal held inline, one tag per datatype (see {@link
 *       InlineValues}); the low 56 bits encode the value so that, within one tag, id order is value
 *       order. A numeric range filter is therefore a range of ids.
 * </ul>
 *
 * Ids compare as unsigned longs. Id 0 is no term ({@link #NONE}), used for "any" in patterns.
 */
public final class NodeIds {
  public static final long NONE = 0;
  public static final int TAG_SHIFT = 56;
  public static final long PAYLOAD_MASK = (1L << TAG_SHIFT) - 1;

  public static final int TAG_TERM = 0x00;
  public static final int TAG_CONSTANT = 0x01;
  public static final int TAG_QUERY_LOCAL = 0x02;
  public static final int TAG_IRI = 0x03;
  public static final int TAG_TYPED = 0x04;

  /** The default graph, as the G of a quad. */
  public static final long DEFAULT_GRAPH = ((long) TAG_CONSTANT << TAG_SHIFT) | 1;

  private NodeIds() {}

  public static int tag(long id) {
    return (int) (id >>> TAG_SHIFT);
  }

  public static long payload(long id) {
    return id & PAYLOAD_MASK;
  }

  public static long make(int tag, long payload) {
    return ((long) tag << TAG_SHIFT) | (payload & PAYLOAD_MASK);
  }

  /**
   * The id a term has in every store without a table: an inline literal's, the default graph's;
   * NONE for any other term.
   */
  public static long fixedId(Node n) {
    if (n.isLiteral()) {
      return InlineValues.encode(n);
    }
    if (Quad.isDefaultGraph(n)) {
      return DEFAULT_GRAPH;
    }
    return NONE;
  }

  /** An IRI held in its id ({@link IriIds}): no record to read. */
  public static boolean isInlineIri(long id) {
    return tag(id) == TAG_IRI;
  }

  /** A literal of another datatype held in its id ({@link TypedIds}): no record to read. */
  public static boolean isInlineTyped(long id) {
    return tag(id) == TAG_TYPED;
  }

  public static boolean isInline(long id) {
    return tag(id) >= InlineValues.FIRST_TAG;
  }

  /** A literal held in its id, of either kind ({@link InlineValues}, {@link TypedIds}). */
  public static boolean isInlineLiteral(long id) {
    return isInline(id) || isInlineTyped(id);
  }

  /** A term-table id for the term at {@code offset}, of no language. */
  public static long ofTermOffset(long offset) {
    if (offset < 0 || offset >= LanguageIds.OFFSET_MASK) {
      throw new IllegalStateException("a term file offset beyond ids' 48 bits: " + offset);
    }
    return make(TAG_TERM, offset + 1);
  }

  /** The id of term {@code n} stored at {@code offset}: its language, if any, in the id. */
  public static long ofTerm(long offset, Node n) {
    return ofTermOffset(offset) | LanguageIds.bitsOf(n);
  }

  public static long termOffset(long id) {
    return (id & LanguageIds.OFFSET_MASK) - 1;
  }

  public static boolean isTerm(long id) {
    return tag(id) == TAG_TERM && id != NONE;
  }

  /** The lowest and highest ids of one tag: the id range holding all values of a datatype. */
  public static long firstOfTag(int tag) {
    return make(tag, 0);
  }

  public static long lastOfTag(int tag) {
    return make(tag, PAYLOAD_MASK);
  }

  public static String toString(long id) {
    return String.format("%02x:%014x", tag(id), payload(id));
  }
}
