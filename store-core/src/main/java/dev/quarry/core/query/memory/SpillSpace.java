package dev.quarry.core.query.memory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The directory spill files live in, made at the first spill. Whatever is in it when its pool is
 * made is left from a process that died before it could clean up (kill -9), so it is swept then;
 * the owner of the directory (the server, holding the store's lock) must be its only user.
 */
final class SpillSpace {
  private static final String PROCESS_PREFIX = "quarry-spill-";

  private final Path dir;
  private final AtomicLong next = new AtomicLong();
  private volatile boolean ready;

  SpillSpace(Path dir) {
    this.dir = dir;
  }

  /**
   * A directory of this process under {@code java.io.tmpdir}; those of processes no longer running
   * are swept when it is made.
   */
  static Path processTemp() {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    try (DirectoryStream<Path> old = Files.newDirectoryStream(tmp, PROCESS_PREFIX + "*")) {
      for (Path p : old) {
        String pid = p.getFileName().toString().substring(PROCESS_PREFIX.length());
        if (pid.matches("\\d+") && ProcessHandle.of(Long.parseLong(pid)).isEmpty()) {
          deleteTree(p);
        }
      }
    } catch (IOException e) {
      // an unreadable temp directory: nothing to sweep; creating files will say what is wrong
    }
    return tmp.resolve(PROCESS_PREFIX + ProcessHandle.current().pid());
  }

  Path directory() {
    return dir;
  }

  SpillFile create(QueryMemory owner) {
    if (!ready) {
      synchronized (this) {
        if (!ready) {
          try {
            Files.createDirectories(dir); // at the first spill: most processes never spill
          } catch (IOException e) {
            throw new UncheckedIOException("cannot make the spill directory " + dir, e);
          }
          ready = true;
        }
      }
    }
    Path f = dir.resolve("spill-" + next.incrementAndGet() + ".rows");
    return new SpillFile(f, owner);
  }

  /** Removes what an earlier process left in the directory (and the directory). */
  void sweep() {
    if (Files.isDirectory(dir)) {
      deleteTree(dir);
    }
  }

  private static void deleteTree(Path p) {
    try (var files = Files.walk(p)) {
      files.sorted(Comparator.reverseOrder()).forEach(SpillSpace::deleteQuietly);
    } catch (IOException e) {
      // best effort: a file that cannot be deleted now is swept next time
    }
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      // as above
    }
  }
}
