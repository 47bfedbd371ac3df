package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.dict.LanguageIds;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store's term ids carry their literal's language (the table's number, or OTHER) whether the term
 * came by a write transaction or a bulk load, none for other terms; after a reopen each id still
 * leads to its term.
 */
class LanguageIdsInStoreTest {
  private static final Node P = NodeFactory.createURI("http://ex/p");

  private static List<Node> terms(String suffix) {
    List<Node> terms = new ArrayList<>();
    for (String lang : List.of("en", "de", "zh-Hant", "x-klingon", "de-CH-1996")) {
      terms.add(
          NodeFactory.createLiteralLang("a text long enough for the term table " + suffix, lang));
    }
    terms.add(NodeFactory.createLiteralString("a plain text long enough for the table " + suffix));
    terms.add(NodeFactory.createURI("http://ex/thing/" + suffix));
    return terms;
  }

  @Test
  void idsCarryLanguagesByEveryWayIn(@TempDir Path dir) {
    Path location = dir.resolve("store");
    List<Node> written = terms("written");
    List<Node> loaded = terms("loaded");
    try (Store s = Quarry.open(location)) {
      Txn.executeWrite(
          s.dataset(), () -> written.forEach(o -> s.dataset().add(Quad.defaultGraphIRI, P, P, o)));
      try (Store.BulkLoad load = s.bulkLoad()) {
        loaded.forEach(o -> load.add(Quad.create(Quad.defaultGraphIRI, P, P, o)));
        load.commit();
      }
    }
    try (Store s = Quarry.open(location)) {
      PagedStore store = (PagedStore) s;
      long hashRoot = store.dictionary().hashRoot(store.transactions().current());
      List<Node> all = new ArrayList<>(written);
      all.addAll(loaded);
      for (Node n : all) {
        long id = store.dictionary().getId(n, hashRoot);
        assertNotEquals(0, id, n.toString());
        assertEquals(LanguageIds.numberOf(n), LanguageIds.number(id), n.toString());
        assertEquals(n, store.dictionary().getNode(id), n.toString());
      }
      assertEquals(LanguageIds.OTHER, LanguageIds.numberOf(all.get(3)));
      assertNotEquals(0, LanguageIds.numberOf(all.get(0)));
      assertEquals(0, LanguageIds.numberOf(all.get(5)));
    }
  }
}
