package dev.quarry.rdf4j;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;

/**
 * What a transaction changed and has not committed: the store's snapshot stays as it began, and
 * reads in the transaction see it through these changes. A removal of a statement it added undoes
 * the addition; clearing a graph hides the graph's statements in the snapshot and drops the ones it
 * added before. Namespace changes ride along, applied at commit.
 */
final class Changes {
  /** Statements added (their context: null is the default graph). */
  final Set<Statement> added = new LinkedHashSet<>();

  /** Statements of the snapshot removed. */
  final Set<Statement> removed = new HashSet<>();

  /** Graphs cleared (a null element: the default graph); {@link #clearedAll} for every graph. */
  final Set<Resource> cleared = new HashSet<>();

  boolean clearedAll;

  /** Namespace prefix -> name (null: removed); {@link #namespacesCleared} first. */
  final Map<String, String> namespaces = new HashMap<>();

  boolean namespacesCleared;

  boolean isEmpty() {
    return added.isEmpty()
        && removed.isEmpty()
        && cleared.isEmpty()
        && !clearedAll
        && namespaces.isEmpty()
        && !namespacesCleared;
  }

  /** True if the only changes are additions (a load: the bulk path can take them). */
  boolean onlyAdds() {
    return removed.isEmpty() && cleared.isEmpty() && !clearedAll;
  }

  void add(Statement st) {
    removed.remove(st);
    added.add(st);
  }

  /** Removes a statement seen in the transaction (added by it, or in the snapshot). */
  void remove(Statement st) {
    if (!added.remove(st)) {
      removed.add(st);
    }
  }

  /** Clears graphs ({@code contexts} empty: all of them). */
  void clear(Resource... contexts) {
    if (contexts.length == 0) {
      clearedAll = true;
      added.clear();
      removed.clear();
      cleared.clear();
      return;
    }
    for (Resource c : contexts) {
      cleared.add(c);
      added.removeIf(st -> Objects.equals(st.getContext(), c));
    }
  }

  /**
   * Which statements of the snapshot these changes hide, frozen as they are now (an iteration keeps
   * what it began with); null if none.
   */
  Predicate<Statement> hiddenNow() {
    if (clearedAll) {
      return st -> true;
    }
    if (cleared.isEmpty() && removed.isEmpty()) {
      return null;
    }
    Set<Resource> graphs = new HashSet<>(cleared); // null: the default graph
    Set<Statement> gone = new HashSet<>(removed);
    return st -> graphs.contains(st.getContext()) || gone.contains(st);
  }

  /** The added statements matching a pattern (null: any; no contexts: any graph), copied. */
  List<Statement> addedMatching(Resource s, IRI p, Value o, Resource... contexts) {
    List<Statement> out = new ArrayList<>();
    for (Statement st : added) {
      if ((s == null || s.equals(st.getSubject()))
          && (p == null || p.equals(st.getPredicate()))
          && (o == null || o.equals(st.getObject()))
          && inContexts(st.getContext(), contexts)) {
        out.add(st);
      }
    }
    return out;
  }

  static boolean inContexts(Resource c, Resource... contexts) {
    if (contexts.length == 0) {
      return true;
    }
    for (Resource x : contexts) {
      if (Objects.equals(x, c)) {
        return true;
      }
    }
    return false;
  }
}
