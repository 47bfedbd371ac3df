package dev.quarry.core.interim;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.CRC32C;
import org.apache.jena.sparql.core.Quad;

/**
 * The interim store's files: a snapshot of all quads, written at checkpoints, and a journal of the
 * commits since, one checksummed frame per commit, forced to disk before the commit returns.
 *
 * <p>Opening replays the snapshot, then each whole frame of the journal; a frame cut short or with
 * a bad checksum can only be the last write of a process that died, and is cut off. Replaying a
 * frame twice is harmless (it holds the net effect of a commit: quads deleted, then quads added),
 * which is what makes the checkpoint's rename-then-truncate order safe.
 */
final class Journal implements AutoCloseable {
  static final String SNAPSHOT = "snapshot.qs";
  static final String JOURNAL = "journal.qj";
  private static final int SNAPSHOT_MAGIC = 0x51534E31; // "QSN1"
  private static final int FRAME_MAGIC = 0x51464D31; // "QFM1"
  private static final int FRAME_HEADER = 4 + 4 + 4 + 4 + 8;

  private final Path dir;
  private final FileChannel journal;

  /** What opening found. */
  record Replay(long snapshotQuads, int commits, long tornBytes) {}

  private Journal(Path dir, FileChannel journal) {
    this.dir = dir;
    this.journal = journal;
  }

  static Journal open(Path dir) throws IOException {
    FileChannel ch =
        FileChannel.open(
            dir.resolve(JOURNAL),
            StandardOpenOption.CREATE,
            StandardOpenOption.READ,
            StandardOpenOption.WRITE);
    return new Journal(dir, ch);
  }

  /**
   * Feeds the snapshot and then every whole commit to {@code add} and {@code delete}, and cuts off
   * the remains of an unfinished commit so that the next append follows the last whole one.
   */
  Replay replay(Consumer<Quad> add, Consumer<Quad> delete) throws IOException {
    return replay(add, delete, true);
  }

  /** As {@link #replay}, changing nothing on disk. */
  Replay replayReadOnly(Consumer<Quad> add, Consumer<Quad> delete) throws IOException {
    return replay(add, delete, false);
  }

  private Replay replay(Consumer<Quad> add, Consumer<Quad> delete, boolean repair)
      throws IOException {
    long snapshotQuads = readSnapshot(add);
    long end = journal.size();
    long pos = 0;
    int commits = 0;
    while (pos < end) {
      Frame f = readFrame(pos, end);
      if (f == null) {
        break;
      }
      f.deletes.forEach(delete);
      f.adds.forEach(add);
      pos += f.length;
      commits++;
    }
    long torn = end - pos;
    if (repair) {
      if (torn > 0) {
        journal.truncate(pos);
        journal.force(true);
      }
      journal.position(pos);
    }
    return new Replay(snapshotQuads, commits, torn);
  }

  /** Appends one commit and forces it to disk: once this returns, the commit survives a crash. */
  void append(List<Quad> deletes, List<Quad> adds) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    for (Quad q : deletes) {
      QuadCodec.write(out, q);
    }
    for (Quad q : adds) {
      QuadCodec.write(out, q);
    }
    out.flush();
    byte[] payload = bytes.toByteArray();
    CRC32C crc = new CRC32C();
    crc.update(payload);
    ByteBuffer frame = ByteBuffer.allocate(FRAME_HEADER + payload.length);
    frame.putInt(FRAME_MAGIC).putInt(deletes.size()).putInt(adds.size()).putInt(payload.length);
    frame.putLong(crc.getValue()).put(payload).flip();
    long start = journal.position();
    try {
      while (frame.hasRemaining()) {
        journal.write(frame);
      }
      journal.force(false);
    } catch (IOException e) {
      // Leave no half frame behind for a later append to follow.
      journal.truncate(start);
      journal.position(start);
      throw e;
    }
  }

  /** Writes all quads as the new snapshot, then empties the journal. */
  void checkpoint(Iterator<Quad> all) throws IOException {
    Path tmp = dir.resolve(SNAPSHOT + ".tmp");
    long count = 0;
    CRC32C crc = new CRC32C();
    try (OutputStream file = Files.newOutputStream(tmp);
        DataOutputStream out =
            new DataOutputStream(new BufferedOutputStream(new CheckedOut(file, crc), 1 << 16))) {
      out.writeInt(SNAPSHOT_MAGIC);
      while (all.hasNext()) {
        out.writeByte(1);
        QuadCodec.write(out, all.next());
        count++;
      }
      out.writeByte(0);
      out.flush();
      long sum = crc.getValue();
      out.writeLong(count);
      out.writeLong(sum);
    }
    try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
      ch.force(true);
    }
    Files.move(tmp, dir.resolve(SNAPSHOT), StandardCopyOption.ATOMIC_MOVE);
    forceDirectory();
    journal.truncate(0);
    journal.position(0);
    journal.force(true);
  }

  /** Reads every file through without applying it, and reports what is wrong. */
  List<String> verify() throws IOException {
    List<String> problems = new ArrayList<>();
    try {
      readSnapshot(q -> {});
    } catch (IOException e) {
      problems.add(SNAPSHOT + ": " + e.getMessage());
    }
    long end = journal.size();
    long pos = 0;
    while (pos < end) {
      Frame f = readFrame(pos, end);
      if (f == null) {
        problems.add(JOURNAL + ": unreadable frame at byte " + pos + " of " + end);
        break;
      }
      pos += f.length;
    }
    return problems;
  }

  long journalBytes() throws IOException {
    return journal.size();
  }

  private long readSnapshot(Consumer<Quad> add) throws IOException {
    Path file = dir.resolve(SNAPSHOT);
    if (!Files.exists(file)) {
      return 0;
    }
    CRC32C crc = new CRC32C();
    try (InputStream raw = Files.newInputStream(file);
        CheckedIn checked = new CheckedIn(new BufferedInputStream(raw, 1 << 16), crc);
        DataInputStream in = new DataInputStream(checked)) {
      if (in.readInt() != SNAPSHOT_MAGIC) {
        throw new IOException("not a Quarry snapshot");
      }
      long count = 0;
      while (in.readByte() == 1) {
        add.accept(QuadCodec.read(in));
        count++;
      }
      long sum = crc.getValue();
      checked.stopCounting();
      if (in.readLong() != count || in.readLong() != sum) {
        throw new IOException("snapshot checksum or count mismatch");
      }
      return count;
    } catch (EOFException e) {
      throw new IOException("snapshot is truncated", e);
    }
  }

  /** The frame at {@code pos}, or null if it is cut short or corrupt. */
  private Frame readFrame(long pos, long end) throws IOException {
    if (end - pos < FRAME_HEADER) {
      return null;
    }
    ByteBuffer header = ByteBuffer.allocate(FRAME_HEADER);
    journal.read(header, pos);
    header.flip();
    if (header.getInt() != FRAME_MAGIC) {
      return null;
    }
    int deletes = header.getInt();
    int adds = header.getInt();
    int len = header.getInt();
    long sum = header.getLong();
    if (deletes < 0 || adds < 0 || len < 0 || end - pos - FRAME_HEADER < len) {
      return null;
    }
    ByteBuffer payload = ByteBuffer.allocate(len);
    while (payload.hasRemaining()) {
      if (journal.read(payload, pos + FRAME_HEADER + payload.position()) < 0) {
        return null;
      }
    }
    CRC32C crc = new CRC32C();
    crc.update(payload.array());
    if (crc.getValue() != sum) {
      return null;
    }
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload.array()));
    List<Quad> del = new ArrayList<>(deletes);
    List<Quad> add = new ArrayList<>(adds);
    for (int i = 0; i < deletes; i++) {
      del.add(QuadCodec.read(in));
    }
    for (int i = 0; i < adds; i++) {
      add.add(QuadCodec.read(in));
    }
    return new Frame(del, add, FRAME_HEADER + len);
  }

  private record Frame(List<Quad> deletes, List<Quad> adds, long length) {}

  private void forceDirectory() {
    // Makes the rename durable; some platforms cannot open a directory, and then rely on the FS.
    try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
      d.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      // best effort
    }
  }

  @Override
  public void close() throws IOException {
    journal.close();
  }

  /** Counts bytes into a CRC as they are written. */
  private static final class CheckedOut extends java.io.FilterOutputStream {
    private final CRC32C crc;

    CheckedOut(OutputStream out, CRC32C crc) {
      super(out);
      this.crc = crc;
    }

    @Override
    public void write(int b) throws IOException {
      crc.update(b);
      out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      crc.update(b, off, len);
      out.write(b, off, len);
    }
  }

  /** Counts bytes into a CRC as they are read, until told to stop (before the trailer). */
  private static final class CheckedIn extends java.io.FilterInputStream {
    private final CRC32C crc;
    private boolean counting = true;

    CheckedIn(InputStream in, CRC32C crc) {
      super(in);
      this.crc = crc;
    }

    void stopCounting() {
      counting = false;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0 && counting) {
        crc.update(b);
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, len);
      if (n > 0 && counting) {
        crc.update(b, off, n);
      }
      return n;
    }
  }
}
