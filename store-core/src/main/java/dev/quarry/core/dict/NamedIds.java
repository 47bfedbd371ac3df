package dev.quarry.core.dict;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import java.util.function.ToLongFunction;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

/**
 * Terms held in their id by a number from the store's table of names, with no record: IRIs that are
 * a prefix and a decimal number ({@link IriIds}) and literals of another datatype whose lexical
 * form is a decimal number ({@link TypedIds}). Each is on in a store made with it, which says so by
 * a sentinel row in the term hash index from its first commit on.
 */
final class NamedIds {
  private final IriIds iris;
  private final TypedIds typed;

  /**
   * The ids of a committed state: {@code newStore} if it has no term yet; {@code rowId} the id
   * under a hash index key (or NONE), {@code record} a term id's record.
   */
  NamedIds(boolean newStore, ToLongFunction<long[]> rowId, LongFunction<byte[]> record) {
    iris =
        new IriIds(
            newStore ? IriIds.forNewStores() : rowId.applyAsLong(IriIds.SENTINEL) != NodeIds.NONE,
            rowId,
            record);
    typed =
        new TypedIds(
            newStore
                ? TypedIds.forNewStores()
                : rowId.applyAsLong(TypedIds.SENTINEL) != NodeIds.NONE,
            iris);
  }

  /**
   * The id of {@code n} if it is held so ({@code writer}: with the writer's new names), or NONE.
   */
  long id(Node n, boolean writer) {
    if (n.isURI()) {
      return iris.id(n.getURI(), writer);
    }
    return n.isLiteral() ? typed.id(n, writer) : NodeIds.NONE;
  }

  /**
   * The id of {@code n}, its name numbered if new ({@code append} writes the name's record, {@code
   * rows} takes its row); NONE if it cannot be held so. Writer only.
   */
  long create(Node n, ToLongFunction<byte[]> append, Consumer<long[]> rows) {
    if (n.isURI()) {
      return iris.create(n.getURI(), append, rows);
    }
    return n.isLiteral() ? typed.create(n, append, rows) : NodeIds.NONE;
  }

  /** The term of {@code id} if it is held so, else null. */
  Node node(long id) {
    if (NodeIds.isInlineIri(id)) {
      return NodeFactory.createURI(iris.iri(id));
    }
    return NodeIds.isInlineTyped(id) ? typed.node(id) : null;
  }

  /** The kinds of terms a store made by this Quarry holds here that this one keeps as records. */
  List<String> olderRules() {
    List<String> rules = new ArrayList<>();
    if (!iris.enabled()) {
      rules.add("every IRI is a record (a store made before paged-v4 keeps them so)");
    }
    if (!typed.enabled()) {
      rules.add(
          "numbers of other datatypes are records"
              + " (a store made before paged-v6 keeps them so)");
    }
    return rules;
  }

  /** The sentinel rows a new store's first commit writes. */
  void sentinels(Consumer<long[]> rows) {
    if (iris.enabled()) {
      rows.accept(IriIds.SENTINEL);
    }
    if (typed.enabled()) {
      rows.accept(TypedIds.SENTINEL);
    }
  }

  /** The writer's names are committed. */
  void commit() {
    iris.commit();
  }

  /** The writer aborted: its names are forgotten. */
  void rollback() {
    iris.rollback();
  }
}
