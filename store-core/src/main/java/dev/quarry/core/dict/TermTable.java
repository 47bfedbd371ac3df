package dev.quarry.core.dict;

import dev.quarry.core.storage.ThreadIo;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.LongAdder;

/**
 * The append-only table of terms that are not inline. A term's id is its offset here. Records
 * ({@link TermCodec}, after a varint of their length) are appended by the writer to a buffer that
 * goes to the file when it fills and when it is forced. {@link #commit} marks what a transaction
 * appended as committed, {@link #force} makes it durable; the committed length is part of the state
 * recorded at the commit point, so opening truncates whatever an unfinished transaction left.
 * Readers read committed records at any time without a lock.
 *
 * <p>A bulk load ({@link #appendLoading}) puts long records (review texts, comments) in side chunks
 * of their own, so that the short ones (labels, titles, names) lie dense between them: a store
 * larger than memory then keeps those in few OS cache pages instead of one page per record among
 * the long ones. A side chunk is a region reserved at the end of the table and written when it
 * fills or the load commits; what is left of it is zeros that no id points to. Below the committed
 * length the file never changes.
 *
 * <p>In a store made with coded records ({@link #codeRecords}), a record's length varint carries a
 * flag in its low bit: set, the bytes are coded with the store's {@link SymbolTable}, which is
 * trained on a sample of the first {@link #TRAIN_AFTER} bytes of records appended (those stay as
 * they are) and kept as a record of its own, whose id the dictionary keeps. An older store's
 * records have no flag.
 */
final class TermTable implements AutoCloseable {
  private static final int BUFFER = 1 << 20;
  private static final int HEAD = 64; // bytes read first: most records and their length
  private static final int WINDOW = 64 << 10; // bytes a Window reads at once
  static final int LONG_RECORD = 256; // bytes from which a loaded record goes to a side chunk
  static final int SIDE_CHUNK = 256 << 10;
  // Bytes a load appends in order before its first side chunk: a small load (a Graph Store
  // request) leaves no chunk's unused tail behind, a large one at most one in 2 MB.
  static final int SIDE_AFTER = 8 * SIDE_CHUNK;
  // Bytes of records appended before a symbol table is trained on a sample of them.
  static final int TRAIN_AFTER = 1 << 20;
  private static final int SAMPLE_RECORDS = 512; // about 40 KB of BSBM's records

  // Records' lengths carry the coded flag: set once, by the opener, before any read.
  private volatile boolean flagged;
  private volatile SymbolTable symbols; // null until trained, or in a store of unflagged records
  private long symbolsOffset = -1; // the table's record, if appended since the last commit
  private byte[][] sample; // a reservoir of records appended while there is no table
  private long sampleSeen; // records offered to it
  private long sampleBytes; // their bytes
  private final Random sampling = new Random(42);

  private final TermFile file;
  private long committed; // length covered by the last commit
  private long flushed; // length written to the file
  private final ByteArrayOutputStream pending = new ByteArrayOutputStream(BUFFER);
  private volatile long sideStart = -1; // the open side chunk's offset in the table, or -1: none
  private byte[] side; // its bytes, one buffer for a load's chunks
  private int sideFill;
  // Reads that went to the file (through the OS cache, outside the pool): under a memory cap these
  // are what a store's terms cost in device reads.
  private final LongAdder fileReads = new LongAdder();
  private final LongAdder fileReadBytes = new LongAdder();

  TermTable(TermFile file, long committedLength) throws IOException {
    this.file = file;
    if (file.size() > committedLength) {
      file.truncate(committedLength); // left by a transaction that did not commit
    }
    this.committed = committedLength;
    this.flushed = committedLength;
  }

  /**
   * Records carry the coded flag, and are coded with the table whose record is at {@code
   * tableOffset} (-1: none yet; one is trained once enough records were appended). Called once, by
   * the opener, before any other read.
   */
  synchronized void codeRecords(long tableOffset) {
    flagged = true;
    symbols = tableOffset < 0 ? null : SymbolTable.fromBytes(read(tableOffset));
  }

  boolean codesRecords() {
    return flagged;
  }

  /** The symbol table's record, if one was trained and appended since the last commit; else -1. */
  synchronized long newSymbolTable() {
    return symbolsOffset;
  }

  /** Appends a record; returns its offset. Writer only. */
  long append(byte[] term) {
    return appendFramed(term, coded(term));
  }

  private synchronized long appendFramed(byte[] term, byte[] coded) {
    long offset = flushed + pending.size();
    byte[] body = coded != null ? coded : term;
    TermCodec.varint(pending, frame(body.length, coded != null));
    pending.writeBytes(body);
    if (pending.size() >= BUFFER) {
      flush();
    }
    sampleForTable(term);
    return offset;
  }

  /**
   * {@code term} coded with the store's table if that makes it shorter, else null. Called outside
   * the lock: loads append from several threads.
   */
  private byte[] coded(byte[] term) {
    SymbolTable t = symbols;
    if (t == null) {
      return null;
    }
    byte[] coded = t.encode(term);
    return coded.length < term.length ? coded : null;
  }

  private long frame(int length, boolean coded) {
    return flagged ? ((long) length << 1) | (coded ? 1 : 0) : length;
  }

  /**
   * The length varint that starts a record at {@code b[at]}, read within {@code b[..limit)}: its
   * value (the frame) in the high 32 bits, the position after it in the low; -1 if it runs past
   * {@code limit} or past 32 bits.
   */
  private static long frameAt(byte[] b, int at, int limit) {
    int v = 0;
    int shift = 0;
    byte x;
    do {
      if (at >= limit || shift > 28) {
        return -1;
      }
      x = b[at++];
      v |= (x & 0x7F) << shift;
      shift += 7;
    } while (x < 0);
    return v < 0 ? -1 : (long) v << 32 | at;
  }

  /** The length of the bytes a record's length varint {@code frame} announces. */
  private int bodyLength(int frame) {
    return flagged ? frame >>> 1 : frame;
  }

  private boolean isCoded(int frame) {
    return flagged && (frame & 1) != 0;
  }

  /** Offers an appended record to the sample; trains the table once enough were appended. */
  private void sampleForTable(byte[] term) {
    if (!flagged || symbols != null) {
      return;
    }
    if (sample == null) {
      sample = new byte[SAMPLE_RECORDS][];
    }
    long seen = sampleSeen++;
    if (seen < SAMPLE_RECORDS) {
      sample[(int) seen] = term;
    } else {
      long slot = (long) (sampling.nextDouble() * (seen + 1));
      if (slot < SAMPLE_RECORDS) {
        sample[(int) slot] = term;
      }
    }
    sampleBytes += term.length;
    if (sampleBytes >= TRAIN_AFTER && sampleSeen >= SAMPLE_RECORDS) {
      SymbolTable t = SymbolTable.train(List.of(sample));
      sample = null;
      symbols = t; // set first: sampling stops, and the table's own record goes as it is
      symbolsOffset = appendFramed(t.toBytes(), null);
    }
  }

  /**
   * Appends a bulk load's record: a long one to the open side chunk, a short one as {@link #append}
   * does; returns its offset. Writer only.
   */
  long appendLoading(byte[] term) {
    return appendLoading(term, coded(term));
  }

  private synchronized long appendLoading(byte[] term, byte[] coded) {
    byte[] body = coded != null ? coded : term;
    long frame = frame(body.length, coded != null);
    int size = TermCodec.varintSize((int) frame) + body.length;
    if (body.length < LONG_RECORD || size > SIDE_CHUNK || length() - committed < SIDE_AFTER) {
      return appendFramed(term, coded);
    }
    if (sideStart < 0 || sideFill + size > SIDE_CHUNK) {
      closeSide();
      flush(); // the main stream goes on past the new chunk
      if (side == null) {
        side = new byte[SIDE_CHUNK];
      } else {
        Arrays.fill(side, (byte) 0); // the last chunk's bytes: what this one leaves unused is zeros
      }
      sideStart = flushed;
      sideFill = 0;
      flushed += SIDE_CHUNK;
    }
    long offset = sideStart + sideFill;
    sideFill = TermCodec.putVarint(side, sideFill, (int) frame);
    System.arraycopy(body, 0, side, sideFill, body.length);
    sideFill += body.length;
    sampleForTable(term);
    return offset;
  }

  /** Writes the open side chunk whole (its unused tail as zeros) and closes it. */
  private void closeSide() {
    if (sideStart >= 0) {
      writeSide();
      sideStart = -1;
    }
  }

  private void writeSide() {
    try {
      file.write(sideStart, side, 0, side.length);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the term table: " + e.getMessage(), e);
    }
  }

  /** The record at {@code offset} (without its length prefix). */
  byte[] read(long offset) {
    try {
      byte[] head = new byte[HEAD];
      return record(offset, head, readAt(offset, head, 0, head.length));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * As {@link #read} if the record's first bytes can be had without waiting on the device; else
   * null, and their read from the device started where the file can (see TermFile#readIfCached):
   * for {@link TermBatches#willNeed}. The rest of a record longer than its first read is read as by
   * read.
   */
  byte[] readIfCached(long offset) {
    try {
      byte[] head = new byte[HEAD];
      int n = fromWriter(offset, head, 0, head.length);
      if (n >= 0) {
        return record(offset, head, n);
      }
      // Fewer bytes than asked and the file goes on: the next page is not cached (and is being
      // read). The record is then read as any other, not cut short.
      n = fromFile(offset, head, 0, head.length, true);
      return n < 0 || (n < head.length && offset + n < flushedLength())
          ? null
          : record(offset, head, n);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The record at {@code offset} from its first {@code n} bytes in {@code head}. */
  private byte[] record(long offset, byte[] head, int n) throws IOException {
    long f = frameAt(head, 0, n);
    if (f < 0) {
      throw new IllegalStateException("corrupt term table at offset " + offset);
    }
    int i = (int) f;
    boolean coded = isCoded((int) (f >>> 32));
    int len = bodyLength((int) (f >>> 32));
    byte[] term = new byte[len];
    int have = Math.min(len, n - i);
    System.arraycopy(head, i, term, 0, have);
    if (have < len && readAt(offset + i + have, term, have, len - have) < len - have) {
      throw new IllegalStateException("term table truncated at offset " + offset);
    }
    return coded ? decode(term, 0, len, offset) : term;
  }

  private byte[] decode(byte[] b, int off, int len, long offset) {
    SymbolTable t = symbols;
    if (t == null) {
      throw new IllegalStateException("coded record at offset " + offset + " but no symbol table");
    }
    return t.decode(b, off, len);
  }

  /**
   * Reads records at ascending offsets a window at a time: one read of {@link #WINDOW} bytes serves
   * every record that lies in it, where {@link #read} costs a system call each (decoding BSBM
   * 100M's 343,235 labels in order for a top-k walk). For one thread; records of the writer's
   * buffer are read as by {@link #read}.
   */
  final class Window {
    private final byte[] buf = new byte[WINDOW];
    private long start = -1; // the file offset of buf[0]
    private int len;

    /** The record at {@code offset}, or null if it does not lie whole in a window. */
    byte[] read(long offset) {
      long open = sideStart;
      if (offset >= flushed || (open >= 0 && offset >= open)) {
        return TermTable.this.read(offset); // not all in the file yet
      }
      if (start < 0 || offset < start || offset + HEAD > start + len) {
        try {
          len = Math.max(0, readAt(offset, buf, 0, WINDOW));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        start = offset;
      }
      long f = frameAt(buf, (int) (offset - start), len);
      if (f < 0) {
        return TermTable.this.read(offset); // its length runs past the window
      }
      int at = (int) f;
      boolean coded = isCoded((int) (f >>> 32));
      int recordLen = bodyLength((int) (f >>> 32));
      if (at + recordLen > len) {
        return TermTable.this.read(offset); // past the window: read on its own
      }
      return coded
          ? decode(buf, at, recordLen, offset)
          : Arrays.copyOfRange(buf, at, at + recordLen);
    }
  }

  /**
   * True if reads of late waited on the device (see {@link #readIfCached}). A diagnostic switch,
   * read per call: {@code quarry.terms.will-need=false} says never, {@code always} always, {@code
   * auto} (default) as the file's reads were.
   */
  boolean readsFromDevice() {
    String mode = System.getProperty("quarry.terms.will-need", "auto");
    return mode.equals("always") || (!mode.equals("false") && file.readsFromDevice());
  }

  /**
   * Registers the file's read counters ({@code quarry.terms.file.reads}, {@code
   * quarry.terms.file.read.bytes}): the reads of terms that went to the file, past the caches.
   */
  void bindTo(MeterRegistry registry) {
    FunctionCounter.builder("quarry.terms.file.reads", fileReads, LongAdder::sum)
        .description("reads of the term file (through the OS cache, outside the buffer pool)")
        .register(registry);
    FunctionCounter.builder("quarry.terms.file.read.bytes", fileReadBytes, LongAdder::sum)
        .description("bytes read from the term file")
        .register(registry);
  }

  /** Bytes of the table at {@code pos} (committed ones, for a backup); returns how many. */
  int readBytes(long pos, byte[] b, int off, int len) throws IOException {
    return readAt(pos, b, off, len);
  }

  private int readAt(long pos, byte[] b, int off, int len) throws IOException {
    int n = fromWriter(pos, b, off, len);
    return n >= 0 ? n : fromFile(pos, b, off, len, false);
  }

  /**
   * Bytes at {@code pos} from the writer's buffers (its own reads), or -1 if they are not there.
   */
  private int fromWriter(long pos, byte[] b, int off, int len) {
    synchronized (this) {
      if (sideStart >= 0 && pos >= sideStart && pos < sideStart + SIDE_CHUNK) {
        int start = (int) (pos - sideStart); // in the open side chunk: the writer's own reads
        int n = Math.max(0, Math.min(len, sideFill - start));
        System.arraycopy(side, start, b, off, n);
        return n;
      }
      if (pos >= flushed) {
        // Still in the writer's buffer: only the writer itself reads these.
        byte[] buf = pending.toByteArray();
        int start = (int) (pos - flushed);
        int n = Math.max(0, Math.min(len, buf.length - start));
        System.arraycopy(buf, start, b, off, n);
        return n;
      }
    }
    return -1;
  }

  /** A read of the file, counted; {@code ifCached}: only without waiting (see readIfCached). */
  private int fromFile(long pos, byte[] b, int off, int len, boolean ifCached) throws IOException {
    int n = ifCached ? file.readIfCached(pos, b, off, len) : file.read(pos, b, off, len);
    if (n >= 0) {
      fileReads.increment();
      fileReadBytes.add(n);
      ThreadIo.add(ThreadIo.TERM_READS, 1);
    }
    return n;
  }

  private synchronized void flush() {
    try {
      byte[] b = pending.toByteArray();
      file.write(flushed, b, 0, b.length);
      flushed += b.length;
      pending.reset();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the term table: " + e.getMessage(), e);
    }
  }

  /**
   * Marks everything appended so far as committed (a logical commit: the next writer builds on it,
   * and a rollback goes back no further); returns the committed length. Not yet durable: see {@link
   * #force}.
   */
  synchronized long commit() {
    closeSide(); // so that nothing below the committed length changes again
    side = null; // the load is over: its buffer goes
    symbolsOffset = -1; // the dictionary has kept its id
    committed = flushed + pending.size();
    return committed;
  }

  /** Writes and forces everything appended so far: every commit up to now becomes durable. */
  synchronized void force() throws IOException {
    if (sideStart >= 0) {
      writeSide();
    }
    flush();
    file.force();
  }

  /** Forgets everything appended since the last commit. */
  synchronized void rollback() throws IOException {
    sideStart = -1; // opened after the last commit, like everything it holds
    side = null;
    if (symbolsOffset >= 0) { // trained since the last commit: its records go, so does it
      symbols = null;
      symbolsOffset = -1;
      sampleSeen = 0;
      sampleBytes = 0;
    }
    long keep = committed - flushed; // bytes of the buffer that belong to committed records
    if (keep >= 0) {
      byte[] b = pending.toByteArray();
      pending.reset();
      pending.write(b, 0, (int) keep);
    } else {
      pending.reset();
      file.truncate(committed);
      flushed = committed;
    }
  }

  private synchronized long flushedLength() {
    return flushed;
  }

  synchronized long length() {
    return flushed + pending.size();
  }

  synchronized long committedLength() {
    return committed;
  }

  @Override
  public void close() throws IOException {
    file.close();
  }
}
