package dev.quarry.core.engine;

import dev.quarry.core.Backup;
import dev.quarry.core.config.Config;
import dev.quarry.core.storage.PageStore;
import dev.quarry.core.storage.PageStores;
import dev.quarry.core.storage.Pages;
import dev.quarry.core.storage.SpaceMap;
import dev.quarry.core.storage.StoreDirectory;
import dev.quarry.core.storage.StoreException;
import dev.quarry.core.storage.StoreFormats;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Builds a store from a physical backup and the backups it follows: the pages of each, oldest first
 * (a later copy of a page number replaces an earlier one), the term file's pieces end to end, then
 * the newest backup's space map and root catalog, persisted as a map a crash left: opening the
 * store sweeps what the state does not reach (pages of later commits the map had allocated, pages
 * of older states). Every page's checksum and every backup's trailer is checked on the way.
 */
final class BackupRestore {
  private BackupRestore() {}

  /** The chain that ends with {@code file}, full backup first; each must follow the one before. */
  static Deque<Path> chain(Path file) throws IOException {
    Deque<Path> chain = new ArrayDeque<>();
    Path at = file;
    Backup.Manifest m = BackupFormat.readManifest(at);
    chain.addFirst(at);
    while (m.incremental()) {
      Path prev = at.resolveSibling(m.previous());
      if (!Files.isRegularFile(prev)) {
        throw new IOException(
            at
                + " follows the backup "
                + m.previous()
                + ", which is not beside it: put the chain"
                + " of backups in one directory");
      }
      Backup.Manifest p = BackupFormat.readManifest(prev);
      if (!p.storeId().equals(m.storeId()) || p.generation() != m.since()) {
        throw new IOException(
            at
                + " follows commit "
                + m.since()
                + " of store "
                + m.storeId()
                + ", but "
                + prev
                + " holds commit "
                + p.generation()
                + " of store "
                + p.storeId());
      }
      chain.addFirst(prev);
      at = prev;
      m = p;
    }
    return chain;
  }

  /** Writes the store at {@code config}'s location (which holds none) from the chain. */
  static Backup.Manifest restore(Path file, Config config) throws IOException {
    Deque<Path> chain = chain(file);
    Path dir = Path.of(config.getString("store.location"));
    if (StoreDirectory.isStore(dir)) {
      throw new StoreException("a store is in " + dir + " already: restore into a new directory");
    }
    Backup.Manifest last = null;
    byte[] map = null;
    boolean languageIdsAll = BackupFormat.readManifest(file).languageIdsAll();
    try (StoreDirectory sd = StoreDirectory.openOrCreate(dir, PagedStore.FORMAT, languageIdsAll);
        PageStore pages = PageStores.open(config);
        FileChannel terms =
            FileChannel.open(
                dir.resolve(PagedStore.TERMS_FILE),
                StandardOpenOption.CREATE_NEW,
                StandardOpenOption.WRITE);
        Arena arena = Arena.ofConfined()) {
      MemorySegment page = arena.allocate(Pages.PAGE_SIZE, Pages.ALIGNMENT);
      long termLength = 0;
      for (Path b : chain) {
        try (BackupFormat.Reader r =
            new BackupFormat.Reader(Files.newInputStream(b), b.toString())) {
          Backup.Manifest m = r.manifest();
          if (!StoreFormats.RESTORABLE.contains(m.format())) {
            throw new IOException(
                b
                    + " holds format "
                    + m.format()
                    + "; this Quarry restores "
                    + String.join(" and ", StoreFormats.RESTORABLE));
          }
          if (m.termsFrom() != termLength) {
            throw new IOException(
                b + " continues the term file at " + m.termsFrom() + ", not at " + termLength);
          }
          for (byte kind = r.next(); kind != 'E'; kind = r.next()) {
            if (kind == 'P') {
              MemorySegment.copy(MemorySegment.ofArray(r.page()), 0, page, 0, Pages.PAGE_SIZE);
              if (!Pages.checksumValid(page) || r.pageNumber() < Pages.EXTENT_PAGES) {
                throw new IOException(b + ": page " + r.pageNumber() + " is damaged");
              }
              pages.write(r.pageNumber(), page);
            } else {
              ByteBuffer bytes = ByteBuffer.wrap(r.terms(), 0, r.termsLength());
              while (bytes.hasRemaining()) {
                termLength += terms.write(bytes, termLength);
              }
            }
          }
          if (termLength != m.termsTo()) {
            throw new IOException(
                b + " ends the term file at " + termLength + ", not " + m.termsTo());
          }
          last = m;
          map = r.spaceMap();
        }
      }
      terms.force(true);
      pages.sync();
      SpaceMap space = SpaceMap.fromCopy(map);
      space.setRoot(last.root());
      space.persist(pages, last.generation()); // not clean: the next open sweeps
    }
    return last;
  }
}
