package dev.quarry.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quarry.core.Backup;
import dev.quarry.core.Quarry;
import dev.quarry.core.Store;
import dev.quarry.core.config.Config;
import dev.quarry.core.storage.StoreException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.system.Txn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Physical backups (pages of one commit and the term file up to it): a full backup and chains of
 * incremental ones restore to stores equal to the state each was taken at, sound; an incremental
 * backup after a small change copies a few pages; commits made during a backup are not in it; a
 * damaged, truncated or misplaced backup is refused with what is wrong.
 */
@Timeout(120)
class PhysicalBackupTest {
  private static final Node P = NodeFactory.createURI("http://ex/p");

  @TempDir Path dir;

  private static Store open(Path location) {
    return Quarry.open(
        Config.defaults()
            .with("store.storage", "file")
            .with("store.location", location)
            .with("store.buffers", 512));
  }

  private static Quad quad(String graph, int s, String o) {
    return Quad.create(
        graph == null ? Quad.defaultGraphIRI : NodeFactory.createURI("http://ex/g/" + graph),
        NodeFactory.createURI("http://ex/s" + s),
        P,
        NodeFactory.createLiteralString(o));
  }

  private static Set<Quad> quads(Store s) {
    DatasetGraph dsg = s.dataset();
    return Txn.calculateRead(
        dsg,
        () -> {
          Set<Quad> all = new HashSet<>();
          dsg.find().forEachRemaining(all::add);
          return all;
        });
  }

  private Backup.Summary backup(Store s, Path file, Path since) throws IOException {
    try (OutputStream out = Files.newOutputStream(file)) {
      return s.backup(
          out,
          since == null ? null : Backup.readManifest(since),
          since == null ? null : since.getFileName().toString());
    }
  }

  private Set<Quad> restored(Path file, String name) throws IOException {
    Path to = dir.resolve(name);
    Backup.Manifest m = Quarry.restore(file, to);
    try (Store r = open(to)) {
      assertTrue(r.check().sound(), name + ": " + r.check());
      assertEquals(m.quads(), r.stats().quads(), name);
      return quads(r);
    }
  }

  private static void bulk(Store s, String graph, int from, int n) {
    try (Store.BulkLoad b = s.bulkLoad()) {
      for (int i = from; i < from + n; i++) {
        b.add(quad(graph, i, "bulk value number " + i));
      }
      b.commit();
    }
  }

  @Test
  void aChainOfIncrementalBackupsRestoresEachStateAndCopiesOnlyWhatChanged() throws Exception {
    Path store = dir.resolve("store");
    Path full = dir.resolve("b0.qbk");
    Path inc1 = dir.resolve("b1.qbk");
    Path inc2 = dir.resolve("b2.qbk");
    Path inc3 = dir.resolve("b3.qbk");
    List<Set<Quad>> states = new ArrayList<>();
    long fullPages;
    try (Store s = open(store)) {
      bulk(s, null, 0, 30_000);
      bulk(s, "a", 0, 5_000);
      states.add(quads(s));
      fullPages = backup(s, full, null).pages();

      DatasetGraph dsg = s.dataset();
      Txn.executeWrite(dsg, () -> dsg.add(quad("b", 7, "a new term")));
      states.add(quads(s));
      long smallPages = backup(s, inc1, full).pages();
      assertTrue(
          smallPages > 0 && smallPages <= 40 && smallPages * 5 < fullPages, // a path per tree
          "one new quad: " + smallPages + " pages copied of " + fullPages);

      Txn.executeWrite(
          dsg,
          () -> {
            dsg.deleteAny(Node.ANY, NodeFactory.createURI("http://ex/s3"), Node.ANY, Node.ANY);
            dsg.add(quad(null, 3, "replaced"));
          });
      bulk(s, "c", 100, 4_000);
      states.add(quads(s));
      backup(s, inc2, inc1);
    }
    // Reopened: commits after a restart still count as newer than the last backup.
    try (Store s = open(store)) {
      DatasetGraph dsg = s.dataset();
      Txn.executeWrite(dsg, () -> dsg.deleteAny(Node.ANY, Node.ANY, Node.ANY, Node.ANY));
      Txn.executeWrite(dsg, () -> dsg.add(quad("d", 1, "after the restart")));
      states.add(quads(s));
      Backup.Summary last = backup(s, inc3, inc2);
      assertEquals(1, last.manifest().quads());
    }
    assertEquals(states.get(0), restored(full, "r0"));
    assertEquals(states.get(1), restored(inc1, "r1"));
    assertEquals(states.get(2), restored(inc2, "r2"));
    assertEquals(states.get(3), restored(inc3, "r3"));
    // The restored store is a new store: it takes writes and backups of its own.
    try (Store r = open(dir.resolve("r2"))) {
      Txn.executeWrite(r.dataset(), () -> r.dataset().add(quad("e", 1, "x")));
      Path rb = dir.resolve("rb.qbk");
      backup(r, rb, null);
      assertThrows(
          IllegalArgumentException.class,
          () -> backup(r, dir.resolve("wrong.qbk"), inc2),
          "an incremental backup over another store's backup");
    }
  }

  @Test
  void commitsDuringABackupAreNotInIt() throws Exception {
    Path store = dir.resolve("store");
    Path file = dir.resolve("during.qbk");
    Set<Quad> before;
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<Throwable> failed = new AtomicReference<>();
    try (Store s = open(store)) {
      bulk(s, null, 0, 60_000);
      before = quads(s);
      DatasetGraph dsg = s.dataset();
      Thread writer =
          new Thread(
              () -> {
                try {
                  for (int k = 0; !stop.get() && k < 8_000; k++) {
                    int t = k;
                    Txn.executeWrite(
                        dsg,
                        () -> {
                          dsg.deleteAny(
                              Node.ANY,
                              NodeFactory.createURI("http://ex/s" + (t * 7 % 60_000)),
                              Node.ANY,
                              Node.ANY);
                          dsg.add(quad("w", t, "written during the backup " + t));
                        });
                  }
                } catch (Throwable e) {
                  failed.set(e);
                }
              });
      writer.start();
      while (Txn.calculateRead(
              dsg, () -> dsg.getGraph(NodeFactory.createURI("http://ex/g/w")).size())
          < 20) {
        Thread.sleep(1);
      }
      // Taken while the writer commits: the restore must be one committed state, told by its shape
      // (each graph-w quad's transaction deleted one subject of the default graph).
      Backup.Summary sum = backup(s, file, null);
      stop.set(true);
      writer.join();
      assertEquals(null, failed.get());
      Set<Quad> got = restored(file, "restored");
      assertEquals(sum.manifest().quads(), got.size());
      Set<Node> deleted = new HashSet<>();
      for (Quad q : got) {
        if (q.getGraph().getURI().endsWith("/g/w")) {
          int t = Integer.parseInt(q.getSubject().getURI().substring("http://ex/s".length()));
          deleted.add(NodeFactory.createURI("http://ex/s" + (t * 7 % 60_000)));
        }
      }
      for (Quad q : got) {
        if (q.isDefaultGraph()) {
          assertTrue(before.contains(q));
          assertTrue(!deleted.contains(q.getSubject()), "a transaction seen in part: " + q);
        }
      }
      long wQuads = got.stream().filter(q -> !q.isDefaultGraph()).count();
      assertEquals(60_000 - deleted.size() + wQuads, got.size(), "whole transactions only");
    }
  }

  @Test
  void aDamagedTruncatedOrOrphanedBackupIsRefused() throws Exception {
    Path store = dir.resolve("store");
    Path full = dir.resolve("full.qbk");
    Path inc = dir.resolve("inc.qbk");
    try (Store s = open(store)) {
      bulk(s, null, 0, 5_000);
      backup(s, full, null);
      Txn.executeWrite(s.dataset(), () -> s.dataset().add(quad("x", 1, "y")));
      backup(s, inc, full);
    }
    byte[] bytes = Files.readAllBytes(full);
    Path flipped = dir.resolve("flipped.qbk");
    byte[] f = bytes.clone();
    f[f.length / 2] ^= 0x10; // inside a page
    Files.write(flipped, f);
    IOException e1 =
        assertThrows(IOException.class, () -> Quarry.restore(flipped, dir.resolve("r1")));
    assertTrue(e1.getMessage().contains("flipped.qbk"), e1.getMessage());
    assertThrows(IOException.class, () -> Backup.verify(flipped));

    Path cut = dir.resolve("cut.qbk");
    Files.write(cut, Arrays.copyOf(bytes, bytes.length - 100));
    IOException e2 = assertThrows(IOException.class, () -> Quarry.restore(cut, dir.resolve("r2")));
    assertTrue(e2.getMessage().contains("incomplete"), e2.getMessage());

    Path alone = dir.resolve("elsewhere");
    Files.createDirectories(alone);
    Files.copy(inc, alone.resolve("inc.qbk"));
    IOException e3 =
        assertThrows(
            IOException.class, () -> Quarry.restore(alone.resolve("inc.qbk"), dir.resolve("r3")));
    assertTrue(e3.getMessage().contains("full.qbk"), e3.getMessage());

    assertEquals(5_001, Backup.verify(inc).manifest().quads());
    StoreException e4 = assertThrows(StoreException.class, () -> Quarry.restore(full, store));
    assertTrue(e4.getMessage().contains("already"), e4.getMessage());
  }

  /** {@code from} copied to {@code to} with its manifest's format and language marker replaced. */
  private static void rewrite(Path from, Path to, String format, boolean languageIdsAll)
      throws IOException {
    try (BackupFormat.Reader r = new BackupFormat.Reader(Files.newInputStream(from), "x");
        OutputStream out = Files.newOutputStream(to)) {
      Backup.Manifest m = r.manifest();
      Backup.Manifest changed =
          new Backup.Manifest(
              format,
              m.storeId(),
              m.generation(),
              m.since(),
              m.previous(),
              m.termsFrom(),
              m.termsTo(),
              m.root(),
              m.quads(),
              m.created(),
              languageIdsAll);
      BackupFormat.Writer w = new BackupFormat.Writer(out, changed, r.spaceMap());
      for (byte kind = r.next(); kind != 'E'; kind = r.next()) {
        if (kind == 'P') {
          w.page(r.pageNumber(), java.lang.foreign.MemorySegment.ofArray(r.page()), 0);
        } else {
          w.terms(r.terms(), 0, r.termsLength());
        }
      }
      w.finish();
    }
  }

  @Test
  void aBackupOfTheFormatBeforeLanguageIdsRestoresAsAnUpgradedStore() throws Exception {
    Path store = dir.resolve("store");
    Path full = dir.resolve("full.qbk");
    Set<Quad> before;
    try (Store s = open(store)) {
      bulk(s, null, 0, 500);
      before = quads(s);
      backup(s, full, null);
    }
    assertTrue(Backup.readManifest(full).languageIdsAll(), "a new store's backup says so");
    Path v2 = dir.resolve("v2.qbk");
    rewrite(full, v2, "paged-v2", false);
    assertEquals(before, restored(v2, "from-v2"));
    String marker = Files.readString(dir.resolve("from-v2").resolve("quarry-store.properties"));
    assertTrue(marker.contains("format=" + PagedStore.FORMAT), marker);
    assertTrue(!marker.contains("language-ids"), "its literals' ids may lack languages: " + marker);
    assertEquals(before, restored(full, "from-current"));
    assertTrue(
        Files.readString(dir.resolve("from-current").resolve("quarry-store.properties"))
            .contains("language-ids=all"));
    Path v3 = dir.resolve("v3.qbk");
    rewrite(full, v3, "paged-v3", true);
    assertEquals(before, restored(v3, "from-v3"));
    assertTrue(
        Files.readString(dir.resolve("from-v3").resolve("quarry-store.properties"))
            .contains("format=" + PagedStore.FORMAT));
    Path v9 = dir.resolve("v9.qbk");
    rewrite(full, v9, "paged-v9", true);
    IOException e = assertThrows(IOException.class, () -> Quarry.restore(v9, dir.resolve("r9")));
    assertTrue(e.getMessage().contains("paged-v9"), e.getMessage());
  }
}
