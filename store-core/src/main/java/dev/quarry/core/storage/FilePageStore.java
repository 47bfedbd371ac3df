package dev.quarry.core.storage;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Pages in files: one file per device, extents dealt round-robin over them (striping), each
 * extent's 256 pages contiguous in its file. With one file, page {@code p} is at byte {@code p *
 * 8192}.
 *
 * <p>With {@code direct}, the files are opened with O_DIRECT, so the buffer pool is the only cache
 * and nothing is held twice (in the pool and in the OS page cache).
 */
public final class FilePageStore implements PageStore {
  static final String FILE_NAME = "pages.dat";

  private final FileChannel[] files;
  private final List<Path> paths;
  private final boolean direct;
  private final AtomicLong size;

  private FilePageStore(FileChannel[] files, List<Path> paths, boolean direct, long size) {
    this.files = files;
    this.paths = paths;
    this.direct = direct;
    this.size = new AtomicLong(size);
  }

  /**
   * Opens (creating if needed) a store striped over {@code dirs}, one file in each.
   *
   * @param direct bypass the OS page cache (O_DIRECT); fails if the file system refuses it
   */
  public static FilePageStore open(List<Path> dirs, boolean direct) throws IOException {
    if (dirs.isEmpty()) {
      throw new IllegalArgumentException("a file page store needs at least one directory");
    }
    FileChannel[] files = new FileChannel[dirs.size()];
    List<Path> paths = new ArrayList<>();
    long size = 0;
    try {
      for (int d = 0; d < files.length; d++) {
        Files.createDirectories(dirs.get(d));
        Path p = dirs.get(d).resolve(FILE_NAME);
        paths.add(p);
        files[d] = FileChannel.open(p, options(direct));
        size = Math.max(size, sizeFromFile(files[d].size(), d, files.length));
      }
    } catch (IOException | RuntimeException e) {
      for (FileChannel f : files) {
        if (f != null) {
          f.close();
        }
      }
      throw e;
    }
    return new FilePageStore(files, paths, direct, size);
  }

  /** True if the file system under {@code dir} accepts O_DIRECT. */
  public static boolean directSupported(Path dir) {
    Path probe = dir.resolve(".odirect-probe");
    try {
      Files.createDirectories(dir);
      try (FileChannel ch = FileChannel.open(probe, options(true))) {
        return true;
      } finally {
        Files.deleteIfExists(probe);
      }
    } catch (IOException | UnsupportedOperationException e) {
      return false;
    }
  }

  private static OpenOption[] options(boolean direct) {
    return direct
        ? new OpenOption[] {
          StandardOpenOption.CREATE,
          StandardOpenOption.READ,
          StandardOpenOption.WRITE,
          ExtendedOpenOption.DIRECT
        }
        : new OpenOption[] {
          StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE
        };
  }

  /** The store size implied by device {@code d}'s file length. */
  private static long sizeFromFile(long length, int d, int devices) {
    long pages = (length + Pages.PAGE_SIZE - 1) >>> Pages.PAGE_SHIFT;
    if (pages == 0) {
      return 0;
    }
    long last = pages - 1;
    long localExtent = last >>> Pages.EXTENT_SHIFT;
    long extent = localExtent * devices + d;
    return Pages.firstPageOf(extent) + (last & (Pages.EXTENT_PAGES - 1)) + 1;
  }

  @Override
  public int deviceOf(long page) {
    return (int) (Pages.extentOf(page) % files.length);
  }

  /** Byte offset of {@code page} in its device's file. */
  private long offsetOf(long page) {
    long localExtent = Pages.extentOf(page) / files.length;
    return (localExtent << (Pages.EXTENT_SHIFT + Pages.PAGE_SHIFT))
        + ((page & (Pages.EXTENT_PAGES - 1)) << Pages.PAGE_SHIFT);
  }

  @Override
  public void read(long page, MemorySegment dst) throws IOException {
    readFully(
        files[deviceOf(page)], dst.asSlice(0, Pages.PAGE_SIZE).asByteBuffer(), offsetOf(page));
  }

  @Override
  public void readRun(long firstPage, int count, MemorySegment dst) throws IOException {
    long page = firstPage;
    long end = firstPage + count;
    long at = 0;
    while (page < end) {
      // Within an extent the pages are contiguous in one file: one request per extent.
      long extentEnd = Pages.firstPageOf(Pages.extentOf(page) + 1);
      int n = (int) (Math.min(end, extentEnd) - page);
      long bytes = (long) n << Pages.PAGE_SHIFT;
      readFully(files[deviceOf(page)], dst.asSlice(at, bytes).asByteBuffer(), offsetOf(page));
      page += n;
      at += bytes;
    }
  }

  private static void readFully(FileChannel ch, ByteBuffer buf, long pos) throws IOException {
    while (buf.hasRemaining()) {
      int n = ch.read(buf, pos);
      if (n < 0) {
        // Past the end of the file: pages never written read as zeros.
        while (buf.hasRemaining()) {
          buf.put((byte) 0);
        }
        return;
      }
      pos += n;
    }
  }

  @Override
  public void write(long page, MemorySegment src) throws IOException {
    ByteBuffer buf = src.asSlice(0, Pages.PAGE_SIZE).asByteBuffer();
    FileChannel ch = files[deviceOf(page)];
    long pos = offsetOf(page);
    while (buf.hasRemaining()) {
      pos += ch.write(buf, pos);
    }
    size.accumulateAndGet(page + 1, Math::max);
  }

  @Override
  public void sync() throws IOException {
    for (FileChannel f : files) {
      f.force(false);
    }
  }

  @Override
  public long size() {
    return size.get();
  }

  @Override
  public int devices() {
    return files.length;
  }

  @Override
  public long bytes() {
    long n = 0;
    for (FileChannel f : files) {
      try {
        n += f.size();
      } catch (IOException e) {
        // a closed file counts as nothing
      }
    }
    return n;
  }

  public boolean direct() {
    return direct;
  }

  @Override
  public String describe() {
    return "file " + paths + (direct ? " (O_DIRECT)" : "");
  }

  @Override
  public void close() throws IOException {
    IOException first = null;
    for (FileChannel f : files) {
      try {
        f.close();
      } catch (IOException e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
