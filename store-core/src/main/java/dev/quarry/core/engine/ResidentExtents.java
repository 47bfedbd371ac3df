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
import java.util.HashMap;
import java.util.Map;

/**
 * The buffer pool's working set, kept across restarts, as database buffer pools do: when a served
 * store closes, the extents its resident pages lie in, those holding the most first; at the next
 * start {@link PoolWarmUp} reads them before anything else, so a restart comes back to the pages
 * the last run used rather than to the indexes in key order. Only a hint: a missing or unreadable
 * file, or extents that have changed hands since, cost nothing but the read.
 */
final class ResidentExtents {
  static final String FILE = "resident-extents";
  private static final int MAGIC = 0x51525831; // "QRX1"

  private ResidentExtents() {}

  /** Writes the extents of {@code pages} (any order), most resident pages first. */
  static void save(Path dir, long[] pages) throws IOException {
    Map<Long, Integer> counts = new HashMap<>();
    for (long p : pages) {
      counts.merge(Pages.extentOf(p), 1, Integer::sum);
    }
    long[] extents =
        counts.entrySet().stream()
            .sorted(
                Map.Entry.<Long, Integer>comparingByValue()
                    .reversed()
                    .thenComparing(Map.Entry.comparingByKey()))
            .mapToLong(Map.Entry::getKey)
            .toArray();
    Path tmp = dir.resolve(FILE + ".tmp");
    try (OutputStream o = Files.newOutputStream(tmp);
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(o))) {
      out.writeInt(MAGIC);
      out.writeInt(extents.length);
      for (long e : extents) {
        out.writeLong(e);
      }
    }
    Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
  }

  /** The extents saved last, hottest first; none if there is no readable list. */
  static long[] load(Path dir) {
    try (InputStream i = Files.newInputStream(dir.resolve(FILE));
        DataInputStream in = new DataInputStream(new BufferedInputStream(i))) {
      if (in.readInt() != MAGIC) {
        return new long[0];
      }
      int n = in.readInt();
      if (n < 0 || n > 1 << 26) {
        return new long[0];
      }
      long[] extents = new long[n];
      for (int k = 0; k < n; k++) {
        extents[k] = in.readLong();
      }
      return extents;
    } catch (IOException e) {
      return new long[0]; // none yet, or a torn or foreign file: start as if there were none
    }
  }
}
