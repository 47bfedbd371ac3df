package dev.quarry.core.engine;

import dev.quarry.core.Backup;
import dev.quarry.core.btree.BTree;
import dev.quarry.core.dict.Dictionary;
import dev.quarry.core.storage.CorruptPageException;
import dev.quarry.core.storage.PageStore;
import dev.quarry.core.storage.Pages;
import dev.quarry.core.storage.SpaceMap;
import dev.quarry.core.txn.ReadTxn;
import dev.quarry.core.txn.Snapshot;
import dev.quarry.core.txn.Transactions;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * Streams a physical backup of the current committed state (see {@link Backup}) while queries and
 * writes go on: a read transaction holds the state, so none of its pages is freed or rewritten
 * until the backup ends (copy-on-write), and they are read straight from the page store, in
 * key-level order, in runs of consecutive pages, past the buffer pool (which they would only
 * crowd). An incremental backup descends only into pages a commit after the previous backup wrote:
 * a page's header names the commit that wrote it, and a page untouched since then has untouched
 * children, so a small change reads a few paths, not the store.
 */
final class BackupWriter {
  private static final int RUN = 64; // pages per read: 512 KB

  private final Transactions txns;
  private final PageStore pages;
  private final SpaceMap space;
  private final Dictionary dictionary;
  private final List<Layout.Tree> trees;
  private final int lengthSlot;
  private final boolean languageIdsAll; // the store's marker says so: its backups say it too

  BackupWriter(
      Transactions txns,
      PageStore pages,
      SpaceMap space,
      Dictionary dictionary,
      List<Layout.Tree> trees,
      int lengthSlot,
      boolean languageIdsAll) {
    this.txns = txns;
    this.languageIdsAll = languageIdsAll;
    this.pages = pages;
    this.space = space;
    this.dictionary = dictionary;
    this.trees = trees;
    this.lengthSlot = lengthSlot;
  }

  /** Streams the backup of the state committed now; quads as {@code quads} counts them. */
  Backup.Summary write(
      OutputStream out,
      String storeId,
      ToLongFunction<Snapshot> quads,
      Backup.Manifest since,
      String sinceName)
      throws IOException {
    ReadTxn r = txns.beginRead();
    try {
      return write(out, storeId, quads.applyAsLong(r.state()), r.state(), since, sinceName);
    } finally {
      txns.endRead(r);
    }
  }

  private Backup.Summary write(
      OutputStream out,
      String storeId,
      long quadsOf,
      Snapshot pinned,
      Backup.Manifest since,
      String sinceName)
      throws IOException {
    long termsTo = Math.max(0, pinned.root(lengthSlot)); // NONE: no term written yet
    long termsFrom = 0;
    long sinceGeneration = -1;
    if (since != null) {
      if (!since.storeId().equals(storeId)) {
        throw new IllegalArgumentException(
            "the previous backup is of another store ("
                + since.storeId()
                + ", this is "
                + storeId
                + "): take a full backup");
      }
      if (since.generation() > pinned.generation() || since.termsTo() > termsTo) {
        throw new IllegalArgumentException(
            "the previous backup (commit "
                + since.generation()
                + ") is newer than this store's"
                + " state (commit "
                + pinned.generation()
                + "): was the store restored? take a"
                + " full backup");
      }
      sinceGeneration = since.generation();
      termsFrom = since.termsTo();
    }
    // While the read transaction holds the state, every page it reaches is allocated in the map.
    byte[] map = space.copyBytes();
    Backup.Manifest manifest =
        new Backup.Manifest(
            PagedStore.FORMAT,
            storeId,
            pinned.generation(),
            sinceGeneration,
            since == null ? null : sinceName,
            termsFrom,
            termsTo,
            pinned.roots().toBytes(),
            quadsOf,
            Instant.now().toString(),
            languageIdsAll);
    BackupFormat.Writer w = new BackupFormat.Writer(out, manifest, map);
    copyPages(pinned, sinceGeneration, w);
    copyTerms(termsFrom, termsTo, w);
    w.finish();
    return new Backup.Summary(manifest, w.pages(), w.termBytes(), -1);
  }

  /** The state's pages written after {@code since}, level by level from the roots. */
  private void copyPages(Snapshot s, long since, BackupFormat.Writer w) throws IOException {
    long[] level = new long[trees.size()];
    int n = 0;
    for (Layout.Tree t : trees) {
      long root = s.root(t.slot());
      if (root != BTree.EMPTY) {
        level[n++] = root;
      }
    }
    long[] kids = new long[BTree.MAX_CHILDREN];
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment buf = arena.allocate((long) RUN * Pages.PAGE_SIZE, Pages.ALIGNMENT);
      while (n > 0) {
        Arrays.sort(level, 0, n);
        long[] next = new long[Math.max(16, n * 4)];
        int m = 0;
        for (int i = 0; i < n; ) {
          int j = i + 1;
          while (j < n && j - i < RUN && level[j] == level[j - 1] + 1) {
            j++;
          }
          pages.readRun(level[i], j - i, buf);
          for (int k = i; k < j; k++) {
            long at = (long) (k - i) * Pages.PAGE_SIZE;
            MemorySegment page = buf.asSlice(at, Pages.PAGE_SIZE);
            if (!Pages.checksumValid(page) || Pages.isZeroPage(page)) {
              throw new CorruptPageException(
                  level[k],
                  pages.describe() + " (backup stopped: the store needs 'quarry check')",
                  Pages.storedChecksum(page),
                  Pages.computeChecksum(page));
            }
            if (BTree.generation(page) <= since) {
              continue; // in the previous backup, and so is everything below it
            }
            w.page(level[k], buf, at);
            int c = BTree.children(page, kids);
            if (c > 0) {
              if (m + c > next.length) {
                next = Arrays.copyOf(next, Math.max(next.length * 2, m + c));
              }
              System.arraycopy(kids, 0, next, m, c);
              m += c;
            }
          }
          i = j;
        }
        level = next;
        n = m;
      }
    }
  }

  private void copyTerms(long from, long to, BackupFormat.Writer w) throws IOException {
    byte[] b = new byte[1 << 20];
    for (long pos = from; pos < to; ) {
      int len = (int) Math.min(b.length, to - pos);
      int got = dictionary.readTableBytes(pos, b, 0, len);
      if (got < len) {
        throw new IOException(
            "the term file ends at " + (pos + got) + ", before its committed length " + to);
      }
      w.terms(b, 0, len);
      pos += len;
    }
  }
}
