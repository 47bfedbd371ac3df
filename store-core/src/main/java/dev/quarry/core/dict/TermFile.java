package dev.quarry.core.dict;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/** Where the term table's bytes live: a file, or memory for in-memory stores. */
interface TermFile extends AutoCloseable {
  void write(long pos, byte[] b, int off, int len) throws IOException;

  /** Reads up to {@code len} bytes at {@code pos}; returns how many were there. */
  int read(long pos, byte[] b, int off, int len) throws IOException;

  /**
   * As {@link #read} if the bytes can be had without waiting on a device; else -1, the device read
   * started where the file can start one (see RandomReads#readIfCached). Memory reads at once.
   */
  default int readIfCached(long pos, byte[] b, int off, int len) throws IOException {
    return read(pos, b, off, len);
  }

  /**
   * True if reads of late waited on the device, so that reading ahead ({@link #readIfCached}) pays.
   */
  default boolean readsFromDevice() {
    return false;
  }

  void truncate(long length) throws IOException;

  void force() throws IOException;

  long size() throws IOException;

  @Override
  void close() throws IOException;

  static TermFile open(Path file) throws IOException {
    FileChannel ch =
        FileChannel.open(
            file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    RandomReads random = RandomReads.open(file); // null: the channel reads
    return new TermFile() {
      @Override
      public void write(long pos, byte[] b, int off, int len) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(b, off, len);
        while (buf.hasRemaining()) {
          pos += ch.write(buf, pos);
        }
      }

      @Override
      public boolean readsFromDevice() {
        return random != null && random.readsFromDevice();
      }

      @Override
      public int readIfCached(long pos, byte[] b, int off, int len) throws IOException {
        return random != null ? random.readIfCached(pos, b, off, len) : -1;
      }

      @Override
      public int read(long pos, byte[] b, int off, int len) throws IOException {
        if (random != null) {
          return random.read(pos, b, off, len);
        }
        ByteBuffer buf = ByteBuffer.wrap(b, off, len);
        while (buf.hasRemaining()) {
          int n = ch.read(buf, pos + buf.position() - off);
          if (n < 0) {
            break;
          }
        }
        return buf.position() - off;
      }

      @Override
      public void truncate(long length) throws IOException {
        ch.truncate(length);
      }

      @Override
      public void force() throws IOException {
        ch.force(false);
      }

      @Override
      public long size() throws IOException {
        return ch.size();
      }

      @Override
      public void close() throws IOException {
        if (random != null) {
          random.close();
        }
        ch.close();
      }
    };
  }

  /** Bytes in 1 MB chunks on the heap. */
  static TermFile memory() {
    return new TermFile() {
      private static final int CHUNK = 1 << 20;
      private final List<byte[]> chunks = new ArrayList<>();
      private long size;

      @Override
      public synchronized void write(long pos, byte[] b, int off, int len) {
        for (int i = 0; i < len; i++) {
          long p = pos + i;
          while (chunks.size() <= p / CHUNK) {
            chunks.add(new byte[CHUNK]);
          }
          chunks.get((int) (p / CHUNK))[(int) (p % CHUNK)] = b[off + i];
        }
        size = Math.max(size, pos + len);
      }

      @Override
      public synchronized int read(long pos, byte[] b, int off, int len) {
        int n = (int) Math.max(0, Math.min(len, size - pos));
        for (int i = 0; i < n; i++) {
          long p = pos + i;
          b[off + i] = chunks.get((int) (p / CHUNK))[(int) (p % CHUNK)];
        }
        return n;
      }

      @Override
      public synchronized void truncate(long length) {
        size = Math.min(size, length);
      }

      @Override
      public void force() {}

      @Override
      public synchronized long size() {
        return size;
      }

      @Override
      public void close() {}
    };
  }
}
