package dev.quarry.core.engine;

import dev.quarry.core.Backup;
import dev.quarry.core.Backup.Manifest;
import dev.quarry.core.Backup.Summary;
import dev.quarry.core.storage.Pages;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The stream of a physical backup ({@link Backup}): the pages of one committed state and the term
 * file up to that commit, written by {@link BackupWriter} and read back by {@link BackupRestore}.
 *
 * <pre>
 * "QUARRYBK" u32 version
 * u32 length, manifest (java.util.Properties text, UTF-8)   see {@link Manifest}
 * 'M' u32 length, the space map as the backup began (see SpaceMap#copyBytes)
 * 'P' u64 page number, 8192 bytes       one per page copied, the page as on disk (checksummed)
 * 'T' u32 length, bytes                 the term file from manifest.termsFrom, in order
 * 'E' u64 pages, u64 term bytes, u32 CRC32C of every byte before the 'E'
 * </pre>
 *
 * A full backup holds every page its state reaches and the whole term file; an incremental one
 * (manifest {@code since} >= 0) only the pages written by commits after generation {@code since}
 * (the backup it follows, named in {@code previous}) and the term bytes added since. A restore
 * applies the chain from its full backup on.
 */
public final class BackupFormat implements Backup.Files {
  private static final byte[] MAGIC = "QUARRYBK".getBytes(StandardCharsets.US_ASCII);
  private static final int VERSION = 1;
  static final byte SPACE = 'M';
  static final byte PAGE = 'P';
  static final byte TERMS = 'T';
  static final byte END = 'E';

  @Override
  public boolean isBackup(Path file) throws IOException {
    return isPhysical(file);
  }

  @Override
  public Manifest manifest(Path file) throws IOException {
    return readManifest(file);
  }

  @Override
  public Summary verify(Path file) throws IOException {
    return verify(Files.newInputStream(file), file.toString());
  }

  /** True if {@code file} starts as a physical backup does. */
  public static boolean isPhysical(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      byte[] head = in.readNBytes(MAGIC.length);
      return Arrays.equals(head, MAGIC);
    }
  }

  /** The manifest at the head of a backup file. */
  public static Manifest readManifest(Path file) throws IOException {
    try (Reader r = new Reader(Files.newInputStream(file), file.toString())) {
      return r.manifest();
    }
  }

  /**
   * Reads a whole backup: every page's checksum and the trailer's counts and CRC. Throws an
   * IOException that says what is wrong and where.
   */
  public static Summary verify(InputStream in, String name) throws IOException {
    try (Reader r = new Reader(in, name)) {
      byte kind;
      while ((kind = r.next()) != END) {
        if (kind == PAGE && !Pages.checksumValid(MemorySegment.ofArray(r.page()))) {
          throw new IOException(name + ": page " + r.pageNumber() + " fails its checksum");
        }
      }
      return new Summary(r.manifest(), r.pages(), r.termBytes(), r.offset());
    }
  }

  // ---- writing ------------------------------------------------------------------------------

  /** Writes the stream: the manifest, the space map, pages, term bytes, the trailer. */
  public static final class Writer {
    private final CRC32C crc = new CRC32C();
    private final DataOutputStream out;
    private long pages;
    private long termBytes;

    public Writer(OutputStream sink, Manifest manifest, byte[] spaceMap) throws IOException {
      this.out = new DataOutputStream(new BufferedOutputStream(new CrcOutput(sink, crc), 1 << 16));
      out.write(MAGIC);
      out.writeInt(VERSION);
      byte[] m = manifest.toBytes();
      out.writeInt(m.length);
      out.write(m);
      out.writeByte(SPACE);
      out.writeInt(spaceMap.length);
      out.write(spaceMap);
    }

    /** One page, {@link Pages#PAGE_SIZE} bytes of {@code src} from {@code offset}. */
    public void page(long number, MemorySegment src, long offset) throws IOException {
      out.writeByte(PAGE);
      out.writeLong(number);
      byte[] b = new byte[Pages.PAGE_SIZE];
      MemorySegment.copy(src, ValueLayout.JAVA_BYTE, offset, b, 0, b.length);
      out.write(b);
      pages++;
    }

    public void terms(byte[] b, int off, int len) throws IOException {
      out.writeByte(TERMS);
      out.writeInt(len);
      out.write(b, off, len);
      termBytes += len;
    }

    /** The trailer; flushes, and leaves the sink open. */
    public void finish() throws IOException {
      out.flush(); // every byte before the trailer through the CRC
      int sum = (int) crc.getValue();
      out.writeByte(END);
      out.writeLong(pages);
      out.writeLong(termBytes);
      out.writeInt(sum);
      out.flush();
    }

    public long pages() {
      return pages;
    }

    public long termBytes() {
      return termBytes;
    }
  }

  private static final class CrcOutput extends FilterOutputStream {
    private final CRC32C crc;

    CrcOutput(OutputStream out, CRC32C crc) {
      super(out);
      this.crc = crc;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      crc.update(b, off, len);
      out.write(b, off, len);
    }

    @Override
    public void write(int b) throws IOException {
      crc.update(b);
      out.write(b);
    }
  }

  // ---- reading ------------------------------------------------------------------------------

  /**
   * Reads the stream section by section ({@link #next}), checking the trailer at its end: a
   * truncated or altered backup fails with an IOException naming the file and the offset.
   */
  public static final class Reader implements AutoCloseable {
    private final CRC32C crc = new CRC32C();
    private final CountingCrcInput counted;
    private final DataInputStream in;
    private final String name;
    private final Manifest manifest;
    private final byte[] page = new byte[Pages.PAGE_SIZE];
    private byte[] space;
    private long pageNumber = -1;
    private byte[] terms = new byte[0];
    private int termsLength;
    private long pages;
    private long termBytes;

    public Reader(InputStream source, String name) throws IOException {
      this.name = name;
      this.counted = new CountingCrcInput(new BufferedInputStream(source, 1 << 16), crc);
      this.in = new DataInputStream(counted);
      try {
        byte[] magic = in.readNBytes(MAGIC.length);
        if (!Arrays.equals(magic, MAGIC)) {
          throw new IOException(name + " is not a Quarry physical backup");
        }
        int version = in.readInt();
        if (version != VERSION) {
          throw new IOException(
              name
                  + " is a physical backup of version "
                  + version
                  + "; this Quarry reads "
                  + VERSION);
        }
        int len = in.readInt();
        if (len < 0 || len > 1 << 20) {
          throw new IOException(name + ": a manifest of " + len + " bytes");
        }
        manifest = Manifest.fromBytes(in.readNBytes(len));
        if (in.readByte() != SPACE) {
          throw new IOException(name + ": no space map after the manifest");
        }
        int spaceLen = in.readInt();
        if (spaceLen < 4 || spaceLen > 64 << 20) {
          throw new IOException(name + ": a space map of " + spaceLen + " bytes");
        }
        space = in.readNBytes(spaceLen);
        if (space.length != spaceLen) {
          throw new EOFException();
        }
      } catch (EOFException e) {
        in.close();
        throw new IOException(name + " ends within its header: the backup is incomplete");
      }
    }

    public Manifest manifest() {
      return manifest;
    }

    public byte[] spaceMap() {
      return space;
    }

    /** The next section: PAGE or TERMS (read into {@link #page} / {@link #terms}), or END. */
    public byte next() throws IOException {
      long at = counted.count;
      try {
        long sumBefore = crc.getValue();
        byte kind = in.readByte();
        switch (kind) {
          case PAGE -> {
            pageNumber = in.readLong();
            in.readFully(page);
            pages++;
          }
          case TERMS -> {
            int len = in.readInt();
            if (len < 0 || len > 64 << 20) {
              throw new IOException(name + ": a term section of " + len + " bytes at " + at);
            }
            if (terms.length < len) {
              terms = new byte[len];
            }
            in.readFully(terms, 0, len);
            termsLength = len;
            termBytes += len;
          }
          case END -> {
            long p = in.readLong();
            long t = in.readLong();
            int sum = in.readInt();
            if (p != pages || t != termBytes || sum != (int) sumBefore) {
              throw new IOException(
                  name
                      + ": the trailer does not match what came before it (the backup is damaged)");
            }
          }
          default ->
              throw new IOException(name + ": an unknown section '" + (char) kind + "' at " + at);
        }
        return kind;
      } catch (EOFException e) {
        throw new IOException(
            name + " ends at byte " + counted.count + ": the backup is incomplete");
      }
    }

    public long pageNumber() {
      return pageNumber;
    }

    /** The last page read ({@link Pages#PAGE_SIZE} bytes, reused by the next). */
    public byte[] page() {
      return page;
    }

    /** The last term section read: {@link #termsLength} bytes of this array. */
    public byte[] terms() {
      return terms;
    }

    public int termsLength() {
      return termsLength;
    }

    long pages() {
      return pages;
    }

    long termBytes() {
      return termBytes;
    }

    long offset() {
      return counted.count;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }

  /** Counts the bytes read and runs them through the CRC. */
  private static final class CountingCrcInput extends FilterInputStream {
    private final CRC32C crc;
    long count;

    CountingCrcInput(InputStream in, CRC32C crc) {
      super(in);
      this.crc = crc;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        crc.update(b);
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, len);
      if (n > 0) {
        crc.update(b, off, n);
        count += n;
      }
      return n;
    }
  }
}
