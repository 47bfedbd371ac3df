package dev.quarry.core.storage;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Which pages are in use, and by whom: space is handed out in extents of 256 pages, each extent
 * belongs to one owner (an index), and a page split takes its new page from the same extent, or
 * else from that extent's overflow extent, so that key order and disk order stay close.
 *
 * <p>Persistence is crash-consistent by double buffering: extent 0 holds two header slots (pages 0
 * and 1) and two map regions (pages 2..128 and 129..255). {@link #persist} writes the map to the
 * region the current header does not use, syncs, then writes the other header slot with the next
 * generation and syncs again; {@link #load} takes the valid header of the highest generation. A
 * crash at any point leaves one complete map. The header also carries a small opaque root for the
 * transaction layer, switched in the same atomic step, and whether the map was persisted by a clean
 * shutdown ({@link #persistClean}: every page not reachable from the root is free in it).
 *
 * <p>Owner ids: 0 is a free extent, 1 is this map's own extent; layers above choose ids from 2. All
 * methods are synchronized: allocation is rare next to reading.
 */
public final class SpaceMap {
  public static final int FREE = 0;
  public static final int META = 1;

  static final short KIND_HEADER = 1;
  static final short KIND_MAP = 2;
  private static final long MAGIC = 0x5155415252595350L; // "QUARRYSP"
  private static final int VERSION = 1;
  private static final int REGION_PAGES = 127;
  private static final int PAYLOAD = Pages.PAGE_SIZE - Pages.HEADER_SIZE;
  private static final int REGION_BYTES = REGION_PAGES * PAYLOAD;

  /** Bytes of the transaction layer's root kept in the header. */
  public static final int MAX_ROOT_BYTES = 4096;

  private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
  private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
  private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;

  private int extents; // extents in use: 0 .. extents-1
  private short[] owner = new short[64];
  private int[] overflow = new int[64];
  private short[] used = new short[64];
  private long[] bits = new long[64 * 4];
  private long generation;
  private int region; // the region the current header points at
  private int headerSlot =
      1; // the header page (0 or 1) of the current map: the next goes to the other
  private byte[] root = new byte[0];
  private boolean clean; // the map loaded was persisted by persistClean
  // Header offset of the clean flag: past the largest root. Older headers hold 0 there.
  private static final int CLEAN_FLAG = 44 + MAX_ROOT_BYTES;

  private SpaceMap() {}

  /** A new, empty map: extent 0 belongs to the map itself. */
  public static SpaceMap create() {
    SpaceMap m = new SpaceMap();
    m.extents = 1;
    m.owner[0] = META;
    m.used[0] = (short) Pages.EXTENT_PAGES;
    Arrays.fill(m.bits, 0, 4, -1L);
    m.overflow[0] = -1;
    m.region = 1; // so the first persist writes region 0
    return m;
  }

  // ---- allocation -------------------------------------------------------------------------

  /** A free page for {@code ownerId}, from one of its extents, or a new extent. */
  public synchronized long allocate(int ownerId) {
    checkOwner(ownerId);
    for (int e = 0; e < extents; e++) {
      if (owner[e] == ownerId && used[e] < Pages.EXTENT_PAGES) {
        return take(e, 0);
      }
    }
    return take(newExtent(ownerId), 0);
  }

  /**
   * A free page for {@code ownerId} close to {@code nearPage} (the page being split): in the same
   * extent if it belongs to the owner and has room, else in its overflow extent (chained, created
   * if needed).
   */
  public synchronized long allocateNear(int ownerId, long nearPage) {
    checkOwner(ownerId);
    int e = (int) Pages.extentOf(nearPage);
    if (e >= extents || owner[e] != ownerId) {
      return allocate(ownerId);
    }
    int from = (int) (nearPage & (Pages.EXTENT_PAGES - 1));
    int last = e;
    for (int hops = 0; hops < 64 && e >= 0; hops++) {
      if (used[e] < Pages.EXTENT_PAGES) {
        return take(e, hops == 0 ? from : 0);
      }
      last = e;
      e = overflow[e];
    }
    int fresh = newExtent(ownerId);
    overflow[last] = fresh;
    return take(fresh, 0);
  }

  /** Returns a page to its extent; an extent left empty becomes free for any owner. */
  public synchronized void free(long page) {
    int e = (int) Pages.extentOf(page);
    int i = (int) (page & (Pages.EXTENT_PAGES - 1));
    if (e >= extents || owner[e] == FREE || owner[e] == META || !bit(e, i)) {
      throw new IllegalStateException("page " + page + " is not allocated");
    }
    bits[e * 4 + (i >>> 6)] &= ~(1L << i);
    if (--used[e] == 0) {
      owner[e] = FREE;
      overflow[e] = -1;
      for (int x = 0; x < extents; x++) {
        if (overflow[x] == e) {
          overflow[x] = -1;
        }
      }
    }
  }

  public synchronized boolean isAllocated(long page) {
    int e = (int) Pages.extentOf(page);
    return e < extents && owner[e] != FREE && bit(e, (int) (page & (Pages.EXTENT_PAGES - 1)));
  }

  public synchronized int ownerOf(long extent) {
    return extent < extents ? owner[(int) extent] : FREE;
  }

  /** The extents {@code ownerId} holds, in disk order. */
  public synchronized long[] extentsOf(int ownerId) {
    return IntStream.range(0, extents).filter(e -> owner[e] == ownerId).asLongStream().toArray();
  }

  /** Pages in use by {@code ownerId}. */
  public synchronized long pagesOf(int ownerId) {
    long n = 0;
    for (int e = 0; e < extents; e++) {
      n += owner[e] == ownerId ? used[e] : 0;
    }
    return n;
  }

  public synchronized long allocatedPages() {
    long n = 0;
    for (int e = 0; e < extents; e++) {
      n += owner[e] == FREE ? 0 : used[e];
    }
    return n;
  }

  public synchronized int extentCount() {
    return extents;
  }

  /** The transaction layer's root, as last set (persisted with the map). */
  public synchronized byte[] root() {
    return root.clone();
  }

  public synchronized void setRoot(byte[] bytes) {
    if (bytes.length > MAX_ROOT_BYTES) {
      throw new IllegalArgumentException(
          "root of " + bytes.length + " bytes; at most " + MAX_ROOT_BYTES);
    }
    root = bytes.clone();
  }

  public synchronized long generation() {
    return generation;
  }

  private static void checkOwner(int ownerId) {
    if (ownerId < 2 || ownerId > Short.MAX_VALUE) {
      throw new IllegalArgumentException(
          "owner ids are 2.." + Short.MAX_VALUE + ", got " + ownerId);
    }
  }

  private boolean bit(int e, int i) {
    return (bits[e * 4 + (i >>> 6)] & (1L << i)) != 0;
  }

  /** Takes the first free page of extent {@code e} at or after index {@code from}, wrapping. */
  private long take(int e, int from) {
    for (int k = 0; k < Pages.EXTENT_PAGES; k++) {
      int i = (from + k) & (Pages.EXTENT_PAGES - 1);
      long word = bits[e * 4 + (i >>> 6)];
      if (word == -1L) {
        k += 63 - (i & 63); // skip the rest of a full word
        continue;
      }
      if ((word & (1L << i)) == 0) {
        bits[e * 4 + (i >>> 6)] = word | (1L << i);
        used[e]++;
        return Pages.firstPageOf(e) + i;
      }
    }
    throw new IllegalStateException("extent " + e + " has no free page");
  }

  private int newExtent(int ownerId) {
    int e = 0;
    while (e < extents && owner[e] != FREE) {
      e++;
    }
    if (e == extents) {
      grow(extents + 1);
      extents++;
    }
    owner[e] = (short) ownerId;
    overflow[e] = -1;
    used[e] = 0;
    Arrays.fill(bits, e * 4, e * 4 + 4, 0L);
    return e;
  }

  private void grow(int n) {
    if (n <= owner.length) {
      return;
    }
    int cap = Math.max(n, owner.length * 2);
    owner = Arrays.copyOf(owner, cap);
    overflow = Arrays.copyOf(overflow, cap);
    used = Arrays.copyOf(used, cap);
    bits = Arrays.copyOf(bits, cap * 4);
  }

  // ---- copies (backups) -------------------------------------------------------------------

  /**
   * The map as it is now, for a backup: while a reader holds a snapshot, every page the snapshot
   * reaches is allocated in it (pages a commit released wait for that reader), so a store restored
   * with this map and the snapshot's pages, swept at open, has exactly the snapshot's pages.
   */
  public synchronized byte[] copyBytes() {
    ByteBuffer map = serialize();
    ByteBuffer out = ByteBuffer.allocate(4 + map.remaining()).putInt(extents).put(map);
    return out.array();
  }

  /** A map from {@link #copyBytes}, to be persisted in a new store (its header slots unused). */
  public static SpaceMap fromCopy(byte[] bytes) {
    ByteBuffer in = ByteBuffer.wrap(bytes);
    SpaceMap m = create();
    int count = in.getInt();
    if (count < 1) {
      throw new IllegalArgumentException("a space map copy of " + count + " extents");
    }
    m.deserialize(in, count);
    return m;
  }

  // ---- persistence ------------------------------------------------------------------------

  /** Writes the map and root atomically (see the class comment) and makes them durable. */
  public void persist(PageStore store) throws IOException {
    persist(store, 0, false);
  }

  /**
   * As {@link #persist}, numbered at least {@code generation}: the transaction layer's commit
   * generation, so that generations stay increasing across a restart even when one persist made
   * several commits durable (page headers carry the commit that wrote them).
   */
  public void persist(PageStore store, long generation) throws IOException {
    persist(store, generation, false);
  }

  /**
   * As {@link #persist}, at a clean shutdown: the caller vouches that every page no root reaches is
   * free, so the next open need not look for leaked pages ({@link #persistedClean}).
   */
  public void persistClean(PageStore store) throws IOException {
    persist(store, 0, true);
  }

  /** True if the map loaded was persisted by {@link #persistClean}. */
  public synchronized boolean persistedClean() {
    return clean;
  }

  private synchronized void persist(PageStore store, long atLeast, boolean cleanShutdown)
      throws IOException {
    ByteBuffer map = serialize();
    int target = 1 - region;
    long next = Math.max(generation + 1, atLeast);
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment page = arena.allocate(Pages.PAGE_SIZE, Pages.ALIGNMENT);
      int pages = (map.remaining() + PAYLOAD - 1) / PAYLOAD;
      for (int p = 0; p < pages; p++) {
        page.fill((byte) 0);
        header(page, KIND_MAP, next);
        int n = Math.min(PAYLOAD, map.remaining());
        MemorySegment.copy(
            MemorySegment.ofBuffer(map.slice(map.position(), n)), 0, page, Pages.HEADER_SIZE, n);
        map.position(map.position() + n);
        Pages.stampChecksum(page);
        store.write(regionStart(target) + p, page);
      }
      store.sync();

      page.fill((byte) 0);
      header(page, KIND_HEADER, next);
      page.set(LONG, 16, MAGIC);
      page.set(INT, 24, VERSION);
      page.set(INT, 28, target);
      page.set(INT, 32, map.limit());
      page.set(INT, 36, extents);
      page.set(INT, 40, root.length);
      MemorySegment.copy(MemorySegment.ofArray(root), 0, page, 44, root.length);
      page.set(INT, CLEAN_FLAG, cleanShutdown ? 1 : 0);
      Pages.stampChecksum(page);
      store.write(1 - headerSlot, page); // never over the header of the map in force
      store.sync();
    }
    generation = next;
    region = target;
    headerSlot = 1 - headerSlot;
  }

  /** The map last persisted in {@code store}, or a new one if the store has none. */
  public static SpaceMap load(PageStore store) throws IOException {
    if (store.size() == 0) {
      return create();
    }
    try (Arena arena = Arena.ofConfined()) {
      MemorySegment a = arena.allocate(Pages.PAGE_SIZE, Pages.ALIGNMENT);
      MemorySegment b = arena.allocate(Pages.PAGE_SIZE, Pages.ALIGNMENT);
      store.read(0, a);
      store.read(1, b);
      boolean va = validHeader(a);
      boolean vb = validHeader(b);
      if (!va && !vb) {
        if (Pages.isZero(a) && Pages.isZero(b)) {
          return create();
        }
        throw new CorruptPageException(
            0, store.describe(), Pages.storedChecksum(a), Pages.computeChecksum(a));
      }
      MemorySegment h = !vb || (va && gen(a) > gen(b)) ? a : b;
      SpaceMap m = new SpaceMap();
      m.generation = gen(h);
      m.headerSlot = h == a ? 0 : 1;
      m.region = h.get(INT, 28);
      int mapBytes = h.get(INT, 32);
      int extentCount = h.get(INT, 36);
      int rootLen = h.get(INT, 40);
      m.root = new byte[rootLen];
      MemorySegment.copy(h, ValueLayout.JAVA_BYTE, 44, m.root, 0, rootLen);
      m.clean = h.get(INT, CLEAN_FLAG) == 1;

      ByteBuffer map = ByteBuffer.allocate(mapBytes);
      MemorySegment page = arena.allocate(Pages.PAGE_SIZE, Pages.ALIGNMENT);
      int pages = (mapBytes + PAYLOAD - 1) / PAYLOAD;
      for (int p = 0; p < pages; p++) {
        long no = regionStart(m.region) + p;
        store.read(no, page);
        if (!Pages.checksumValid(page) || page.get(SHORT, Pages.KIND_OFFSET) != KIND_MAP) {
          throw new CorruptPageException(
              no, store.describe(), Pages.storedChecksum(page), Pages.computeChecksum(page));
        }
        int n = Math.min(PAYLOAD, map.remaining());
        map.put(page.asSlice(Pages.HEADER_SIZE, n).asByteBuffer());
      }
      map.flip();
      m.deserialize(map, extentCount);
      return m;
    }
  }

  private static long regionStart(int region) {
    return 2 + (long) region * REGION_PAGES;
  }

  private static long gen(MemorySegment h) {
    return h.get(LONG, Pages.GENERATION_OFFSET);
  }

  private static boolean validHeader(MemorySegment h) {
    return !Pages.isZero(h)
        && Pages.checksumValid(h)
        && h.get(SHORT, Pages.KIND_OFFSET) == KIND_HEADER
        && h.get(LONG, 16) == MAGIC
        && h.get(INT, 24) == VERSION;
  }

  private static void header(MemorySegment page, short kind, long gen) {
    page.set(SHORT, Pages.KIND_OFFSET, kind);
    page.set(SHORT, Pages.OWNER_OFFSET, (short) META);
    page.set(LONG, Pages.GENERATION_OFFSET, gen);
  }

  /** Per extent: owner, overflow, used count, and the page bitmap when partly used. */
  private ByteBuffer serialize() {
    ByteBuffer out = ByteBuffer.allocate(extents * 40);
    for (int e = 0; e < extents; e++) {
      out.putShort(owner[e]).putInt(overflow[e]).putShort(used[e]);
      if (owner[e] != FREE && used[e] > 0 && used[e] < Pages.EXTENT_PAGES) {
        for (int w = 0; w < 4; w++) {
          out.putLong(bits[e * 4 + w]);
        }
      }
    }
    out.flip();
    if (out.remaining() > REGION_BYTES) {
      throw new IllegalStateException(
          "the space map needs " + out.remaining() + " bytes; this format holds " + REGION_BYTES);
    }
    return out;
  }

  private void deserialize(ByteBuffer in, int count) {
    grow(count);
    extents = count;
    for (int e = 0; e < count; e++) {
      owner[e] = in.getShort();
      overflow[e] = in.getInt();
      used[e] = in.getShort();
      if (owner[e] != FREE && used[e] > 0 && used[e] < Pages.EXTENT_PAGES) {
        for (int w = 0; w < 4; w++) {
          bits[e * 4 + w] = in.getLong();
        }
      } else {
        Arrays.fill(
            bits, e * 4, e * 4 + 4, owner[e] != FREE && used[e] == Pages.EXTENT_PAGES ? -1L : 0L);
      }
    }
  }
}
