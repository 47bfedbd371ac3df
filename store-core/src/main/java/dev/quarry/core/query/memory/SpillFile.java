package dev.quarry.core.query.memory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A temporary file of 64-bit ids, written once from start to end and then read back (by any number
 * of {@link Reader}s, each from the start). Deleted when closed, or when its query ends.
 */
public final class SpillFile implements AutoCloseable {
  private static final int BUFFER = 64 * 1024;

  private final Path path;
  private final QueryMemory owner;
  private final FileChannel channel;
  private final ByteBuffer out = ByteBuffer.allocate(BUFFER);
  private long longs;
  private boolean closed;

  SpillFile(Path path, QueryMemory owner) {
    this.path = path;
    this.owner = owner;
    try {
      this.channel =
          FileChannel.open(
              path,
              StandardOpenOption.CREATE_NEW,
              StandardOpenOption.READ,
              StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the spill file " + path, e);
    }
  }

  /** Appends {@code len} ids from {@code data[off..]}. */
  public void write(long[] data, int off, int len) {
    for (int i = 0; i < len; i++) {
      if (out.remaining() < Long.BYTES) {
        flush();
      }
      out.putLong(data[off + i]);
    }
    longs += len;
  }

  /** Ends writing: everything written is in the file, ready for readers. */
  public void finish() {
    flush();
  }

  private void flush() {
    out.flip();
    try {
      while (out.hasRemaining()) {
        channel.write(out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot write the spill file " + path + ": " + e.getMessage(), e);
    }
    owner.spilled(out.limit());
    out.clear();
  }

  /** How many ids the file holds. */
  public long size() {
    return longs;
  }

  /** A reader from the start of the file. */
  public Reader reader() {
    return new Reader();
  }

  /** Reads ids in order, through a buffer of its own. */
  public final class Reader {
    private final ByteBuffer in = ByteBuffer.allocate(BUFFER);
    private long position; // bytes read from the file
    private long left = longs;

    private Reader() {
      in.limit(0);
    }

    /** Reads up to {@code max} ids into {@code into[off..]}; returns how many (0 at the end). */
    public int read(long[] into, int off, int max) {
      int n = (int) Math.min(max, left);
      for (int i = 0; i < n; i++) {
        if (in.remaining() < Long.BYTES) {
          fill();
        }
        into[off + i] = in.getLong();
      }
      left -= n;
      return n;
    }

    private void fill() {
      in.compact();
      try {
        while (in.position() < Long.BYTES) {
          int r = channel.read(in, position);
          if (r < 0) {
            throw new IllegalStateException("the spill file " + path + " ends early");
          }
          position += r;
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the spill file " + path, e);
      }
      in.flip();
    }
  }

  /** Deletes the file. */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    try {
      channel.close();
      Files.deleteIfExists(path);
    } catch (IOException e) {
      // the directory is swept at the next start
    }
    owner.forget(this);
  }
}
