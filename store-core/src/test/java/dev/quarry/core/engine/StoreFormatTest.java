package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.storage.StoreException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The format named in a store's marker: an older format this Quarry upgrades in place is refused
 * with the command that upgrades it, and {@code Quarry.upgrade} does (copying the store aside
 * first); a format it cannot upgrade names the backup and restore commands; a current store opens.
 */
class StoreFormatTest {
  @TempDir Path dir;

  private static void setFormat(Path store, String format) throws Exception {
    Path marker = store.resolve("quarry-store.properties");
    String text = Files.readString(marker).replaceAll("format=.*", "format=" + format);
    Files.writeString(marker, text);
  }

  private void make(Path store) {
    try (Store s = Quarry.open(store)) {
      Txn.executeWrite(
          s.dataset(),
          () ->
              s.dataset()
                  .add(
                      Quad.create(
                          Quad.defaultGraphIRI,
                          NodeFactory.createURI("urn:s"),
                          NodeFactory.createURI("urn:p"),
                          NodeFactory.createLiteralString("o"))));
    }
  }

  @Test
  void anOlderFormatSaysHowToUpgradeAndUpgradesInPlace() throws Exception {
    Path store = dir.resolve("store");
    make(store);
    setFormat(store, "paged-v1");
    StoreException e = assertThrows(StoreException.class, () -> Quarry.open(store));
    assertTrue(
        e.getMessage().contains("'paged-v1'")
            && e.getMessage().contains("quarry upgrade --location " + store),
        e.getMessage());

    Path aside = dir.resolve("store.paged-v1");
    assertEquals("paged-v1", Quarry.upgrade(store, aside));
    assertTrue(Files.readString(aside.resolve("quarry-store.properties")).contains("paged-v1"));
    assertEquals(Files.size(store.resolve("pages.dat")), Files.size(aside.resolve("pages.dat")));
    try (Store s = Quarry.open(store)) {
      assertEquals(1, s.stats().quads());
      assertTrue(s.check().sound());
    }
    assertEquals(PagedStore.FORMAT, Quarry.upgrade(store, null), "nothing left to do");
    try (Store s = Quarry.open(dir.resolve("new"))) {
      assertTrue(!s.backend().contains("lack their language"), s.backend());
    }
  }

  @Test
  void aFormatThatCannotBeUpgradedInPlaceNamesBackupAndRestore() throws Exception {
    Path store = dir.resolve("store");
    make(store);
    setFormat(store, "paged-v0");
    StoreException e = assertThrows(StoreException.class, () -> Quarry.open(store));
    assertTrue(
        e.getMessage().contains("quarry backup --location " + store)
            && e.getMessage().contains("quarry restore"),
        e.getMessage());
    assertThrows(StoreException.class, () -> Quarry.upgrade(store, null));
  }

  @Test
  void anOpenStoreIsNotUpgraded() throws Exception {
    Path store = dir.resolve("store");
    make(store);
    try (Store s = Quarry.open(store)) {
      StoreException e = assertThrows(StoreException.class, () -> Quarry.upgrade(store, null));
      assertTrue(e.getMessage().contains("in use"), e.getMessage());
    }
  }

  @Test
  void aV2StoreUpgradesInPlaceAndSaysItsOlderLiteralsMayLackLanguages() throws Exception {
    Path store = dir.resolve("store");
    make(store);
    Path marker = store.resolve("quarry-store.properties");
    assertTrue(Files.readString(marker).contains("language-ids=all"), "a new store has them all");
    Files.writeString(marker, Files.readString(marker).replace("language-ids=all", ""));
    setFormat(store, "paged-v2");
    assertThrows(StoreException.class, () -> Quarry.open(store));
    assertEquals("paged-v2", Quarry.upgrade(store, null));
    String upgraded = Files.readString(marker);
    assertTrue(upgraded.contains("format=" + PagedStore.FORMAT), upgraded);
    assertTrue(!upgraded.contains("language-ids"), upgraded);
    try (Store s = Quarry.open(store)) {
      assertEquals(1, s.stats().quads());
      assertTrue(s.check().sound());
      assertTrue(s.backend().contains("lack their language"), s.backend());
    }
  }

  @Test
  void aV3StoreUpgradesInPlaceAndKeepsItsIrisAsRecords() throws Exception {
    Path store = dir.resolve("store");
    Node offer = NodeFactory.createURI("http://ex/Offer1");
    System.setProperty("quarry.store.iri-ids", "false"); // as a v3 Quarry made it
    try (Store s = Quarry.open(store)) {
      Txn.executeWrite(
          s.dataset(), () -> s.dataset().add(Quad.defaultGraphIRI, offer, offer, offer));
    } finally {
      System.clearProperty("quarry.store.iri-ids");
    }
    setFormat(store, "paged-v3");
    assertThrows(StoreException.class, () -> Quarry.open(store));
    assertEquals("paged-v3", Quarry.upgrade(store, null));
    try (Store s = Quarry.open(store)) {
      assertTrue(s.backend().contains("every IRI is a record"), s.backend());
      assertTrue(!s.backend().contains("lack their language"), s.backend());
      Node offer2 = NodeFactory.createURI("http://ex/Offer2");
      Txn.executeWrite(
          s.dataset(), () -> s.dataset().add(Quad.defaultGraphIRI, offer2, offer, offer));
      assertEquals(2, s.stats().quads());
      assertTrue(s.check().sound());
      assertTrue(
          Txn.calculateRead(s.dataset(), () -> s.dataset().contains(null, offer2, offer, offer)));
    }
    try (Store s = Quarry.open(dir.resolve("new"))) {
      assertTrue(!s.backend().contains("every IRI is a record"), s.backend());
    }
  }

  @Test
  void aV4StoreUpgradesInPlaceAndKeepsItsRecordsAsTheyAre() throws Exception {
    Path store = dir.resolve("store");
    Node s1 = NodeFactory.createURI("http://ex/s");
    Node p = NodeFactory.createURI("http://ex/label");
    System.setProperty("quarry.store.coded-records", "false"); // as a v4 Quarry made it
    try (Store s = Quarry.open(store)) {
      Txn.executeWrite(s.dataset(), () -> addLabels(s, s1, p, 0, 20_000));
    } finally {
      System.clearProperty("quarry.store.coded-records");
    }
    setFormat(store, "paged-v4");
    assertThrows(StoreException.class, () -> Quarry.open(store));
    assertEquals("paged-v4", Quarry.upgrade(store, null));
    try (Store s = Quarry.open(store)) {
      assertTrue(s.backend().contains("not coded"), s.backend());
      // Enough new terms that a store of coded records would train its table: these stay as well.
      Txn.executeWrite(s.dataset(), () -> addLabels(s, s1, p, 20_000, 40_000));
    }
    try (Store s = Quarry.open(store)) {
      assertTrue(s.check().sound());
      assertEquals(40_000, s.stats().quads());
      Txn.executeRead(
          s.dataset(),
          () -> {
            for (int i = 0; i < 40_000; i += 997) {
              assertTrue(s.dataset().contains(Quad.defaultGraphIRI, s1, p, label(i)), "label " + i);
            }
          });
    }
    try (Store s = Quarry.open(dir.resolve("new"))) {
      assertTrue(!s.backend().contains("not coded"), s.backend());
    }
  }

  private static Node label(int i) {
    return NodeFactory.createLiteralString("label number " + i + " of the upgraded store's terms");
  }

  private static void addLabels(Store s, Node subject, Node p, int from, int to) {
    for (int i = from; i < to; i++) {
      s.dataset().add(Quad.defaultGraphIRI, subject, p, label(i));
    }
  }
}
