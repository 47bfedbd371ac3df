package dev.quarry.core.engine;

import dev.quarry.core.storage.Pages;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.LongStream;

/**
 * The buffer pool's working set, kept across restarts, as database buffer pools do: when a served
 * store closes, the pages it used (resident and asked for at least once; pages read ahead and never
 * used are left out), grouped by extent, the extents holding the most first; at the next start
 * {@link PoolWarmUp} reads them before anything else, so a restart comes back to the pages the last
 * run used rather than to the indexes in key order. Pages, not whole extents: a capped server's
 * pool holds a few pages of many extents, and reading those extents whole filled most of its frames
 * with pages nobody asked for (47,000 of 82,000 at BSBM 100M in 2 GB). Only a hint: a missing or
 * unreadable file, or pages that have changed hands since, cost nothing but the read.
 */
final class ResidentPages {
  static final String FILE = "resident-pages";
  private static final String OLD_FILE = "resident-extents"; // whole extents, before 2026-12-03
  private static final int MAGIC = 0x51525032; // "QRP2"
  private static final int WORDS = Pages.EXTENT_PAGES / 64;

  /** Pages of one extent to read: those {@code listed} (ascending), or all of them if null. */
  record Extent(long extent, long[] listed) {
    /** Every page of {@code extent}. */
    static Extent whole(long extent) {
      return new Extent(extent, null);
    }

    int count() {
      return listed == null ? Pages.EXTENT_PAGES : listed.length;
    }

    /** Puts its pages in {@code to} from {@code at}; returns where they end. */
    int copyTo(long[] to, int at) {
      if (listed != null) {
        System.arraycopy(listed, 0, to, at, listed.length);
        return at + listed.length;
      }
      for (long p = Pages.firstPageOf(extent); p < Pages.firstPageOf(extent + 1); p++) {
        to[at++] = p;
      }
      return at;
    }
  }

  /** An extent's pages as saved: a bitmap, and how many bits it has set. */
  private record Saved(long extent, long[] bits, int count) {}

  private ResidentPages() {}

  /**
   * Writes {@code pages} (any order) by extent, the extents with the most pages first; on disk each
   * extent's pages are a bitmap (bit i: its page i), 40 bytes an extent.
   */
  static void save(Path dir, long[] pages) throws IOException {
    long[] sorted = pages.clone();
    Arrays.sort(sorted);
    List<Saved> extents = new ArrayList<>();
    for (int i = 0; i < sorted.length; ) {
      long extent = Pages.extentOf(sorted[i]);
      long[] bits = new long[WORDS];
      for (; i < sorted.length && Pages.extentOf(sorted[i]) == extent; i++) {
        int bit = (int) (sorted[i] - Pages.firstPageOf(extent));
        bits[bit >>> 6] |= 1L << bit;
      }
      extents.add(new Saved(extent, bits, Arrays.stream(bits).mapToInt(Long::bitCount).sum()));
    }
    extents.sort(Comparator.comparingInt(Saved::count).reversed()); // stable: extent order kept
    Path tmp = dir.resolve(FILE + ".tmp");
    try (OutputStream o = Files.newOutputStream(tmp);
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(o))) {
      out.writeInt(MAGIC);
      out.writeInt(extents.size());
      for (Saved e : extents) {
        out.writeLong(e.extent());
        for (long w : e.bits()) {
          out.writeLong(w);
        }
      }
    }
    Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
    Files.deleteIfExists(dir.resolve(OLD_FILE));
  }

  /** The pages saved last, by extent, the fullest first; none if there is no readable list. */
  static Extent[] load(Path dir) {
    try (InputStream i = Files.newInputStream(dir.resolve(FILE));
        DataInputStream in = new DataInputStream(new BufferedInputStream(i))) {
      if (in.readInt() != MAGIC) {
        return new Extent[0];
      }
      int n = in.readInt();
      if (n < 0 || 8 + (long) n * (8 + 8 * WORDS) != Files.size(dir.resolve(FILE))) {
        return new Extent[0]; // torn, or not ours
      }
      Extent[] extents = new Extent[n];
      for (int k = 0; k < n; k++) {
        long extent = in.readLong();
        LongStream.Builder pages = LongStream.builder();
        for (int w = 0; w < WORDS; w++) {
          long bits = in.readLong();
          for (; bits != 0; bits &= bits - 1) {
            pages.add(Pages.firstPageOf(extent) + w * 64L + Long.numberOfTrailingZeros(bits));
          }
        }
        extents[k] = new Extent(extent, pages.build().toArray());
      }
      return extents;
    } catch (IOException e) {
      return new Extent[0]; // none yet, or a torn or foreign file: start as if there were none
    }
  }
}
