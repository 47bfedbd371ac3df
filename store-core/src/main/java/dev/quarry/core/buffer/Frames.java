package dev.quarry.core.buffer;

import dev.quarry.core.storage.Pages;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The pool's frames: {@code count} pages of off-heap memory, and for each frame one cache line of
 * metadata (a hybrid latch word, the page it holds, flags), so that frames never share a line.
 *
 * <p>The latch word is a hybrid latch in the manner of LeanStore: bits 0-15 count shared holders,
 * bit 16 is the exclusive bit, bits 17-63 a version that each exclusive release increments.
 *
 * <ul>
 *   <li>An optimistic reader reads the word (acquire), reads the page, then checks the word again;
 *       if the version moved or the exclusive bit was set, what it read may be torn and it starts
 *       over. It writes nothing shared, so any number of readers of one hot page scale.
 *   <li>A shared holder (a reader that must hold the page across I/O or a long scan) keeps writers
 *       out but does not disturb optimistic readers.
 *   <li>An exclusive holder (a writer, or the pool loading or evicting the frame) keeps everyone
 *       out; releasing it bumps the version, which fails every optimistic read that overlapped.
 * </ul>
 */
final class Frames implements AutoCloseable {
  static final int STRIDE = 8; // longs per frame: 64 bytes, one cache line
  private static final int LATCH = 0;
  private static final int PAGE = 1;
  private static final int FLAGS = 2;

  static final long SHARED_MASK = 0xFFFFL;
  static final long EXCLUSIVE = 1L << 16;
  static final long VERSION_ONE = 1L << 17;
  private static final long STABLE_MASK = ~SHARED_MASK; // what an optimistic read validates

  static final long NO_PAGE = -1;
  static final long DIRTY = 1;
  static final long PREFETCHED = 2;

  /** A copy of the page is being written: the frame must not be evicted until it is on disk. */
  static final long WRITING = 4;

  /** With PREFETCHED: the {@link ReadAheadKind} that read the page, in two bits from KIND_SHIFT. */
  static final int KIND_SHIFT = 3;

  static final long KIND_MASK = 3L << KIND_SHIFT;

  /** The flags of a page read ahead by {@code kind}. */
  static long prefetchedBy(ReadAheadKind kind) {
    return PREFETCHED | (long) kind.ordinal() << KIND_SHIFT;
  }

  /** The kind of read-ahead that read a page flagged PREFETCHED. */
  static ReadAheadKind kindOf(long flags) {
    return ReadAheadKind.values()[(int) ((flags & KIND_MASK) >>> KIND_SHIFT)];
  }

  private static final VarHandle META = MethodHandles.arrayElementVarHandle(long[].class);

  final int count;
  final MemorySegment memory;
  private final Arena arena;
  private final long[] meta;

  Frames(int count) {
    this.count = count;
    this.arena = Arena.ofShared();
    this.memory = OffHeap.allocate((long) count * Pages.PAGE_SIZE, Pages.ALIGNMENT, arena);
    this.meta = new long[count * STRIDE];
    for (int f = 0; f < count; f++) {
      meta[f * STRIDE + PAGE] = NO_PAGE;
    }
  }

  /** The frame's 8 KB of memory. */
  MemorySegment page(int frame) {
    return memory.asSlice((long) frame << Pages.PAGE_SHIFT, Pages.PAGE_SIZE);
  }

  long offset(int frame) {
    return (long) frame << Pages.PAGE_SHIFT;
  }

  // ---- page identity and flags (read with acquire; written under the exclusive latch) --------

  long pageOf(int frame) {
    return (long) META.getAcquire(meta, frame * STRIDE + PAGE);
  }

  void setPage(int frame, long page) {
    META.setRelease(meta, frame * STRIDE + PAGE, page);
  }

  long flags(int frame) {
    return (long) META.getAcquire(meta, frame * STRIDE + FLAGS);
  }

  void setFlags(int frame, long flags) {
    META.setRelease(meta, frame * STRIDE + FLAGS, flags);
  }

  /** Clears {@code bits} atomically; returns the flags before. */
  long clearFlags(int frame, long bits) {
    return (long) META.getAndBitwiseAnd(meta, frame * STRIDE + FLAGS, ~bits);
  }

  /** Sets {@code bits} atomically; returns the flags before. */
  long addFlags(int frame, long bits) {
    return (long) META.getAndBitwiseOr(meta, frame * STRIDE + FLAGS, bits);
  }

  // ---- the hybrid latch ------------------------------------------------------------------------

  long latchWord(int frame) {
    return (long) META.getAcquire(meta, frame * STRIDE + LATCH);
  }

  /** Validates an optimistic read that began with {@code word}: true if nothing changed. */
  boolean validate(int frame, long word) {
    VarHandle.acquireFence(); // the page reads above happen before this check
    return (((long) META.getAcquire(meta, frame * STRIDE + LATCH)) & STABLE_MASK)
        == (word & STABLE_MASK);
  }

  boolean tryLockExclusive(int frame) {
    int i = frame * STRIDE + LATCH;
    long w = (long) META.getAcquire(meta, i);
    return (w & (EXCLUSIVE | SHARED_MASK)) == 0 && META.compareAndSet(meta, i, w, w | EXCLUSIVE);
  }

  void unlockExclusive(int frame) {
    int i = frame * STRIDE + LATCH;
    long w = (long) META.getAcquire(meta, i);
    META.setRelease(meta, i, (w + VERSION_ONE) & ~EXCLUSIVE);
  }

  boolean tryLockShared(int frame) {
    int i = frame * STRIDE + LATCH;
    long w = (long) META.getAcquire(meta, i);
    return (w & EXCLUSIVE) == 0
        && (w & SHARED_MASK) != SHARED_MASK
        && META.compareAndSet(meta, i, w, w + 1);
  }

  void unlockShared(int frame) {
    META.getAndAdd(meta, frame * STRIDE + LATCH, -1L);
  }

  static boolean isExclusive(long word) {
    return (word & EXCLUSIVE) != 0;
  }

  @Override
  public void close() {
    arena.close();
  }
}
