package dev.quarry.core.storage;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Properties;
import java.util.UUID;

/**
 * A store's directory: the marker file that says it is a Quarry store and in which on-disk format,
 * and the lock that keeps a second process from opening it at the same time.
 */
public final class StoreDirectory implements AutoCloseable {
  static final String MARKER = "quarry-store.properties";

  /**
   * Marker property: "all" if every language-tagged literal's id carries its language (a store made
   * in a format that has them); absent in a store upgraded from an older format.
   */
  public static final String LANGUAGE_IDS = "language-ids";

  private static final String LOCK = "lock";

  private final Path dir;
  private final FileChannel lockChannel;
  private final FileLock lock;
  private String id;
  private boolean languageIdsAll;

  private StoreDirectory(Path dir, FileChannel lockChannel, FileLock lock) {
    this.dir = dir;
    this.lockChannel = lockChannel;
    this.lock = lock;
  }

  public static boolean isStore(Path dir) {
    return Files.isRegularFile(dir.resolve(MARKER));
  }

  /**
   * Opens {@code dir} for the store format {@code format}, creating the directory and marker if
   * there is no store yet, and locks it for this process. A new store's marker says whether all its
   * language-tagged literals will carry their language in their ids ({@code languageIdsAll}: not so
   * for a store restored from the backup of one that did not).
   */
  public static StoreDirectory openOrCreate(Path dir, String format, boolean languageIdsAll) {
    try {
      if (Files.exists(dir) && !Files.isDirectory(dir)) {
        throw new StoreException("cannot open store: " + dir + " is a file, not a directory");
      }
      Files.createDirectories(dir);
      FileChannel ch = lockChannel(dir);
      FileLock lock = tryLock(ch);
      if (lock == null) {
        ch.close();
        throw new StoreException(
            "the store in " + dir + " is in use by another Quarry process (or store)");
      }
      StoreDirectory sd = new StoreDirectory(dir, ch, lock);
      try {
        sd.checkOrWriteMarker(format, languageIdsAll);
      } catch (RuntimeException | IOException e) {
        sd.close();
        throw e;
      }
      return sd;
    } catch (IOException e) {
      throw new StoreException("cannot open store in " + dir + ": " + e.getMessage(), e);
    }
  }

  private void checkOrWriteMarker(String format, boolean newLanguageIdsAll) throws IOException {
    Properties p = readMarker(dir);
    if (p != null) {
      String found = p.getProperty("format");
      if (!format.equals(found)) {
        throw new StoreFormatException(dir, found, format);
      }
      if (p.getProperty("id") == null) { // stores made before ids: given one now
        p.setProperty("id", UUID.randomUUID().toString());
        writeMarker(dir, p);
      }
      id = p.getProperty("id");
      languageIdsAll = "all".equals(p.getProperty(LANGUAGE_IDS));
      return;
    }
    p = new Properties();
    p.setProperty("format", format);
    p.setProperty("id", UUID.randomUUID().toString());
    if (newLanguageIdsAll) {
      p.setProperty(LANGUAGE_IDS, "all");
    }
    writeMarker(dir, p);
    id = p.getProperty("id");
    languageIdsAll = newLanguageIdsAll;
  }

  /** True if every language-tagged literal of this store has its language in its id. */
  public boolean languageIdsAll() {
    return languageIdsAll;
  }

  /** The marker's properties, or null if {@code dir} holds no store. */
  static Properties readMarker(Path dir) throws IOException {
    Path marker = dir.resolve(MARKER);
    if (!Files.exists(marker)) {
      return null;
    }
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(marker)) {
      p.load(in);
    }
    return p;
  }

  /** The on-disk format of the store in {@code dir}, or null if there is none. */
  public static String formatOf(Path dir) throws IOException {
    Properties p = readMarker(dir);
    return p == null ? null : p.getProperty("format");
  }

  /** Replaces the marker in one atomic rename: a crash leaves the old marker or the new. */
  static void writeMarker(Path dir, Properties p) throws IOException {
    Path tmp = dir.resolve(MARKER + ".tmp");
    try (OutputStream out = Files.newOutputStream(tmp)) {
      p.store(out, "Quarry store: do not edit");
    }
    try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
      ch.force(true);
    }
    Files.move(tmp, dir.resolve(MARKER), StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * Upgrades the store in {@code dir} in place from an older format {@link StoreFormats} knows (one
   * whose data needs no change: the marker is rewritten in one atomic rename), under the store's
   * lock; with {@code copyAside}, its files are first copied there. Returns the format it was in.
   */
  public static String upgradeInPlace(Path dir, Path copyAside) throws IOException {
    try (FileChannel ch = lockChannel(dir)) {
      if (tryLock(ch) == null) {
        throw new StoreException(
            "the store in " + dir + " is in use by another Quarry process: stop it first");
      }
      Properties p = readMarker(dir);
      if (p == null) {
        throw new StoreException("no Quarry store in " + dir);
      }
      String from = p.getProperty("format");
      if (StoreFormats.CURRENT.equals(from)) {
        return from; // nothing to do
      }
      String to = StoreFormats.upgradeOf(from);
      if (to == null) {
        throw new StoreFormatException(dir, from, StoreFormats.CURRENT);
      }
      if (copyAside != null) {
        copyFiles(dir, copyAside);
      }
      p.setProperty("format", to);
      writeMarker(dir, p);
      return from;
    }
  }

  private static FileChannel lockChannel(Path dir) throws IOException {
    return FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
  }

  /** The store's lock, or null if a process (this one included) holds it. */
  private static FileLock tryLock(FileChannel ch) throws IOException {
    try {
      return ch.tryLock();
    } catch (OverlappingFileLockException e) {
      return null;
    }
  }

  /** Copies the store's files (not its lock) to a new directory, each forced to disk. */
  private static void copyFiles(Path dir, Path to) throws IOException {
    if (Files.exists(to)) {
      throw new StoreException(to + " exists: name a new directory for the copy");
    }
    Files.createDirectories(to);
    try (var files = Files.list(dir)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        if (f.getFileName().toString().equals(LOCK)) {
          continue;
        }
        Path target = to.resolve(f.getFileName());
        Files.copy(f, target);
        try (FileChannel c = FileChannel.open(target, StandardOpenOption.WRITE)) {
          c.force(true);
        }
      }
    }
  }

  /** This store's identity (a UUID in the marker): backups name it, restores get a new one. */
  public String id() {
    return id;
  }

  public Path path() {
    return dir;
  }

  /** The bytes of all files in the directory. */
  public long bytesOnDisk() {
    try (var files = Files.walk(dir)) {
      return files
          .filter(Files::isRegularFile)
          .mapToLong(
              f -> {
                try {
                  return Files.size(f);
                } catch (IOException e) {
                  return 0;
                }
              })
          .sum();
    } catch (IOException e) {
      return 0;
    }
  }

  @Override
  public void close() {
    try {
      if (lock.isValid()) {
        lock.release();
      }
      lockChannel.close();
    } catch (IOException e) {
      // Closing the channel releases the lock in any case.
    }
  }
}
