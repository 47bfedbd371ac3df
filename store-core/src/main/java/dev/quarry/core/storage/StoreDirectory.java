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

/**
 * A store's directory: the marker file that says it is a Quarry store and in which on-disk format,
 * and the lock that keeps a second process from opening it at the same time.
 */
public final class StoreDirectory implements AutoCloseable {
  static final String MARKER = "quarry-store.properties";
  private static final String LOCK = "lock";

  private final Path dir;
  private final FileChannel lockChannel;
  private final FileLock lock;

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
   * there is no store yet, and locks it for this process.
   */
  public static StoreDirectory openOrCreate(Path dir, String format) {
    try {
      if (Files.exists(dir) && !Files.isDirectory(dir)) {
        throw new StoreException("cannot open store: " + dir + " is a file, not a directory");
      }
      Files.createDirectories(dir);
      FileChannel ch =
          FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      FileLock lock;
      try {
        lock = ch.tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null;
      }
      if (lock == null) {
        ch.close();
        throw new StoreException(
            "the store in " + dir + " is in use by another Quarry process (or store)");
      }
      StoreDirectory sd = new StoreDirectory(dir, ch, lock);
      try {
        sd.checkOrWriteMarker(format);
      } catch (RuntimeException | IOException e) {
        sd.close();
        throw e;
      }
      return sd;
    } catch (IOException e) {
      throw new StoreException("cannot open store in " + dir + ": " + e.getMessage(), e);
    }
  }

  private void checkOrWriteMarker(String format) throws IOException {
    Path marker = dir.resolve(MARKER);
    if (Files.exists(marker)) {
      Properties p = new Properties();
      try (InputStream in = Files.newInputStream(marker)) {
        p.load(in);
      }
      String found = p.getProperty("format");
      if (!format.equals(found)) {
        throw new StoreException(
            "the store in "
                + dir
                + " has on-disk format '"
                + found
                + "', this Quarry reads '"
                + format
                + "': dump it with the Quarry that wrote it and load the dump");
      }
      return;
    }
    Properties p = new Properties();
    p.setProperty("format", format);
    Path tmp = dir.resolve(MARKER + ".tmp");
    try (OutputStream out = Files.newOutputStream(tmp)) {
      p.store(out, "Quarry store: do not edit");
    }
    Files.move(tmp, marker, StandardCopyOption.ATOMIC_MOVE);
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
