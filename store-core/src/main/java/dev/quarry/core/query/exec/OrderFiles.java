package dev.quarry.core.query.exec;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Orders for top-k walks ({@link ValueOrder}) kept in files beside the store, so that a restarted
 * server has them at once instead of decoding and sorting every label again (18-30 s of term reads
 * at BSBM 300M from a cold cache). One file per pattern (graph, predicate), named by them; inside,
 * the durable name of the state it was made from ({@link
 * dev.quarry.core.index.spi.QuadView#durableName}): a file of another state is not used, and the
 * next order made of the pattern replaces it. Written whole to a temporary file and renamed, with a
 * checksum over all of it: a crash leaves the old file or the new one, and a damaged file is
 * dropped and made again. Layout, little-endian: magic, version, name length, name (UTF-8), graph,
 * predicate, rows, subjects, objects, ranks, CRC32C of what precedes.
 */
final class OrderFiles {
  private static final Logger LOG = LoggerFactory.getLogger(OrderFiles.class);
  private static final long MAGIC = 0x4452_4f5f_5952_5251L; // "QRRY_ORD", little-endian

  /** Changed whenever the layout or the order itself (ORDER BY's comparison of terms) changes. */
  static final int VERSION = 1;

  private OrderFiles() {}

  /** The file of pattern {@code (g, ?s, p, ?o)}'s order in directory {@code dir}. */
  static Path fileOf(Path dir, long g, long p) {
    return dir.resolve("order-" + Long.toHexString(g) + "-" + Long.toHexString(p) + ".bin");
  }

  /** Whether {@code dir} holds the pattern's order made from the state named {@code state}. */
  static boolean holds(Path dir, String state, long g, long p) {
    Path f = fileOf(dir, g, p);
    byte[] name = state.getBytes(StandardCharsets.UTF_8);
    try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
      ByteBuffer head = order(ByteBuffer.allocate(16 + name.length));
      while (head.hasRemaining() && ch.read(head) >= 0) {}
      head.flip();
      return head.remaining() == head.capacity()
          && head.getLong() == MAGIC
          && head.getInt() == VERSION
          && head.getInt() == name.length
          && head.slice().equals(ByteBuffer.wrap(name));
    } catch (NoSuchFileException e) {
      return false;
    } catch (IOException e) {
      LOG.warn("cannot read the kept order {}: {}", f, e.toString());
      return false;
    }
  }

  /**
   * The pattern's order made from the state named {@code state}, or null if {@code dir} has none of
   * that state; a damaged file is deleted (and its order made again by the caller).
   */
  static ValueOrder read(Path dir, String state, long g, long p) {
    Path f = fileOf(dir, g, p);
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(f);
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      LOG.warn("cannot read the kept order {}: {}", f, e.toString());
      return null;
    }
    try {
      return decode(bytes, state, g, p);
    } catch (RuntimeException e) { // a file cut short or overwritten: made again
      LOG.warn("the kept order {} is damaged ({}); it is made again", f, e.getMessage());
      deleteQuietly(f);
      return null;
    }
  }

  private static ValueOrder decode(byte[] bytes, String state, long g, long p) {
    ByteBuffer b = order(ByteBuffer.wrap(bytes));
    if (bytes.length < 4) {
      throw new IllegalStateException("only " + bytes.length + " bytes");
    }
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, bytes.length - 4);
    if ((int) crc.getValue() != b.getInt(bytes.length - 4)) {
      throw new IllegalStateException("its checksum does not match");
    }
    if (b.getLong() != MAGIC || b.getInt() != VERSION) {
      return null; // another kind of file, or another version's order: made anew
    }
    byte[] name = new byte[b.getInt()];
    b.get(name);
    if (!state.equals(new String(name, StandardCharsets.UTF_8))
        || b.getLong() != g
        || b.getLong() != p) {
      return null; // made from another state
    }
    int rows = b.getInt();
    long[] subjects = new long[rows];
    long[] objects = new long[rows];
    int[] ranks = new int[rows];
    b.asLongBuffer().get(subjects);
    b.position(b.position() + 8 * rows);
    b.asLongBuffer().get(objects);
    b.position(b.position() + 8 * rows);
    b.asIntBuffer().get(ranks);
    b.position(b.position() + 4 * rows);
    if (b.remaining() != 4) {
      throw new IllegalStateException(b.remaining() - 4 + " bytes after the rows");
    }
    return new ValueOrder(subjects, objects, ranks);
  }

  /**
   * Keeps {@code order}, made from the state named {@code state}, in {@code dir} (made if missing),
   * replacing the pattern's earlier file; returns false if it was not kept (a failure is logged).
   */
  static boolean write(Path dir, String state, long g, long p, ValueOrder order) {
    Path f = fileOf(dir, g, p);
    Path tmp = f.resolveSibling(f.getFileName() + ".tmp");
    byte[] name = state.getBytes(StandardCharsets.UTF_8);
    int rows = order.size();
    long size = 8 + 4 + 4 + name.length + 8 + 8 + 4 + 20L * rows + 4;
    if (size > Integer.MAX_VALUE) {
      return false; // over 100 million rows: beyond what is kept in memory anyway
    }
    ByteBuffer b = order(ByteBuffer.allocate((int) size));
    b.putLong(MAGIC).putInt(VERSION).putInt(name.length).put(name).putLong(g).putLong(p);
    b.putInt(rows);
    b.asLongBuffer().put(order.subjects);
    b.position(b.position() + 8 * rows);
    b.asLongBuffer().put(order.objects);
    b.position(b.position() + 8 * rows);
    b.asIntBuffer().put(order.ranks);
    b.position(b.position() + 4 * rows);
    CRC32C crc = new CRC32C();
    crc.update(b.array(), 0, b.position());
    b.putInt((int) crc.getValue()).flip();
    try {
      Files.createDirectories(dir);
      try (FileChannel ch =
          FileChannel.open(
              tmp,
              StandardOpenOption.CREATE,
              StandardOpenOption.TRUNCATE_EXISTING,
              StandardOpenOption.WRITE)) {
        while (b.hasRemaining()) {
          ch.write(b);
        }
        ch.force(true);
      }
      try {
        Files.move(tmp, f, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING);
      }
      return true;
    } catch (IOException | RuntimeException e) {
      LOG.warn("the order {} was not kept: {}", f, e.toString());
      deleteQuietly(tmp);
      return false;
    }
  }

  private static ByteBuffer order(ByteBuffer b) {
    return b.order(ByteOrder.LITTLE_ENDIAN);
  }

  private static void deleteQuietly(Path f) {
    try {
      Files.deleteIfExists(f);
    } catch (IOException e) {
      LOG.debug("cannot delete {}: {}", f, e.toString());
    }
  }
}
