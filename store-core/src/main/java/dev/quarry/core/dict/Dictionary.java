package dev.quarry.core.dict;

import com.github.benmanes.caffeine.cache.Cache;
import dev.quarry.core.btree.BTree;
import dev.quarry.core.btree.Cursor;
import dev.quarry.core.btree.RowSort;
import dev.quarry.core.txn.Snapshot;
import dev.quarry.core.txn.TxnKey;
import dev.quarry.core.txn.TxnParticipant;
import dev.quarry.core.txn.WriteTxn;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Quad;

/**
 * Terms to NodeIds and back. Literals that fit are inline (no lookup at all); the default graph is
 * a constant; IRIs and literals a name's number can hold are inline too ({@link NamedIds});
 * everything else is a record in the {@link TermTable}, found by its 128-bit hash in a B+tree of
 * rows {@code (hash high, hash low, id)}. Caches in both directions hold committed terms only: a
 * transaction's new terms stay in its {@link DictionaryWrites} until it commits, so an aborted
 * transaction leaves no id behind.
 *
 * <p>It takes part in every commit ({@link TxnParticipant}) through two root slots: {@link
 * #HASH_SLOT}, the hash index's root, and {@link #LENGTH_SLOT}, the term file's committed length.
 */
public final class Dictionary implements TxnParticipant, AutoCloseable {
  /** Root slot: the term-hash index. */
  public static final String HASH_SLOT = "term-hash";

  /** Root slot: the committed length of the term file. */
  public static final String LENGTH_SLOT = "term-bytes";

  private static final TxnKey<DictionaryWrites> WRITES = new TxnKey<>("dictionary writes");

  private final TermTable terms;
  private final BTree hashIndex;
  private final int hashSlot;
  private final int lengthSlot;
  private final Cache<Node, Long> ids;
  private final Cache<Long, Node> nodes;
  private final RecentTerms recent; // in front of nodes and ids
  private final TermBatches batches;
  private final Cache<Long, long[]> parts; // a committed term's parts by its id (or NOT_TRIPLE)
  private final NamedIds named;

  private Dictionary(TermTable terms, BTree hashIndex, int[] slots, long cacheSize, long hashRoot) {
    this.terms = terms;
    this.hashIndex = hashIndex;
    this.hashSlot = slots[0];
    this.lengthSlot = slots[1];
    CodedRecords.open(terms, hashRoot == BTree.EMPTY, key -> findHash(hashRoot, key));
    this.ids = TermWeights.cache(cacheSize, (Node n, Long id) -> n);
    this.nodes = TermWeights.cache(cacheSize, (Long id, Node n) -> n);
    this.recent = new RecentTerms(cacheSize);
    this.batches = new TermBatches(this, terms);
    this.parts = TermWeights.partsCache(cacheSize);
    this.named =
        new NamedIds(
            hashRoot == BTree.EMPTY,
            key -> findHash(hashRoot, key),
            id -> terms.read(NodeIds.termOffset(id)));
  }

  /**
   * Opens the dictionary of the state {@code committed} over a term file (cut back to the committed
   * length), its hash index in {@code hashIndex}.
   */
  public static Dictionary open(TermFile file, Snapshot committed, BTree hashIndex, long cacheSize)
      throws IOException {
    int hash = committed.roots().slot(HASH_SLOT);
    int length = committed.roots().slot(LENGTH_SLOT);
    long bytes = Math.max(0, committed.root(length)); // NONE in a new store
    return new Dictionary(
        new TermTable(file, bytes),
        hashIndex,
        new int[] {hash, length},
        cacheSize,
        committed.root(hash));
  }

  /** The root of the hash index in a committed state, for {@link #getId(Node, long)}. */
  public long hashRoot(Snapshot s) {
    return s.root(hashSlot);
  }

  /** The writer's dictionary state in transaction {@code w}. */
  public DictionaryWrites writes(WriteTxn w) {
    return w.get(
        WRITES, () -> new DictionaryWrites(w.allocator(hashIndex.owner()), w.root(hashSlot)));
  }

  /**
   * Bytes of the term table at {@code pos}, for a backup of a committed state (below its {@link
   * #LENGTH_SLOT}, bytes that never change); returns how many were read.
   */
  public int readTableBytes(long pos, byte[] b, int off, int len) throws IOException {
    return terms.readBytes(pos, b, off, len);
  }

  public static TermFile fileAt(Path path) throws IOException {
    return TermFile.open(path);
  }

  public static TermFile inMemory() {
    return TermFile.memory();
  }

  /**
   * Registers the term file's read counters ({@code quarry.terms.file.reads}, {@code
   * quarry.terms.file.read.bytes}): the reads of terms that went to the file, past the caches.
   */
  public void bindTo(MeterRegistry registry) {
    terms.bindTo(registry);
  }

  /** The id of {@code n} in the snapshot whose hash index root is {@code hashRoot}, or NONE. */
  public long getId(Node n, long hashRoot) {
    return lookup(n, hashRoot, null);
  }

  /** The id of {@code n} as the writer sees it (its own new terms included), or NONE. */
  public long getId(Node n, DictionaryWrites w) {
    return lookup(n, w.hashRoot, w);
  }

  private long lookup(Node n, long hashRoot, DictionaryWrites w) {
    long id = NodeIds.fixedId(n);
    if (id != NodeIds.NONE) {
      return id;
    }
    if ((id = named.id(n, w != null)) != NodeIds.NONE) {
      return id;
    }
    if (w != null) {
      Long mine = w.created.get(n);
      if (mine != null) {
        return mine;
      }
    }
    id = recent.id(n);
    if (id != NodeIds.NONE) {
      return id;
    }
    Long cached = ids.getIfPresent(n);
    if (cached != null) {
      recent.putId(n, cached);
      return cached;
    }
    byte[] record = record(n, hashRoot, w, false);
    if (record == null) {
      return NodeIds.NONE;
    }
    long[] h = new long[2];
    Murmur3.hash128(record, record.length, 0, h);
    id = findHash(hashRoot, h);
    if (id != NodeIds.NONE) {
      ids.put(n, id);
      recent.putId(n, id);
    }
    return id;
  }

  /** The id of {@code n}, adding it to the dictionary if it is new. Writer only. */
  public long getOrCreate(Node n, DictionaryWrites w) {
    long id = lookup(n, w.hashRoot, w);
    if (id != NodeIds.NONE) {
      return id;
    }
    if ((id = createInline(n, w, false)) != NodeIds.NONE) {
      return id;
    }
    byte[] record = record(n, w.hashRoot, w, true);
    long[] h = new long[2];
    Murmur3.hash128(record, record.length, 0, h);
    id = NodeIds.ofTerm(terms.append(record), n);
    index(w, new long[] {h[0], h[1], id});
    for (long[] row : TriplePartKeys.rows(record, id)) {
      index(w, row);
    }
    w.created.put(n, id);
    w.createdNodes.put(id, n);
    return id;
  }

  /**
   * The id of {@code n} if it can be held in it ({@link NamedIds}), its name numbered if new; the
   * new number's row goes with the writer's rows, or a load's ({@code loading}).
   */
  private long createInline(Node n, DictionaryWrites w, boolean loading) {
    return named.create(
        n,
        this::appendRecord,
        row -> {
          w.addedName = true;
          if (loading) {
            w.partRows.addAll(List.of(row));
          } else {
            index(w, row);
          }
        });
  }

  /** A writer's new hash index row: inserted now, or collected for one sorted batch. */
  private void index(DictionaryWrites w, long[] row) {
    if (w.deferred) {
      w.defer(row[0], row[1], row[2]);
    } else {
      w.hashRoot = hashIndex.insert(w.alloc, w.hashRoot, row);
    }
  }

  /**
   * A bulk load's id for {@code n}, adding the term if it is new: several loading threads may call
   * this at once (the writer's one load). New terms are found by hash in the load's {@link
   * LoadTerms}, older ones in the hash index as the load last left it; the id of a new term is its
   * record's offset in the term table, appended once whoever meets it first.
   */
  public long getOrCreateLoading(Node n, DictionaryWrites w) {
    long id = NodeIds.fixedId(n);
    if (id != NodeIds.NONE) {
      return id;
    }
    if ((id = createInline(n, w, true)) != NodeIds.NONE) {
      return id;
    }
    byte[] record = TermCodec.encode(n, part -> getOrCreateLoading(part, w));
    long[] h = new long[2];
    Murmur3.hash128(record, record.length, 0, h);
    w.indexLock.readLock().lock(); // the hash index stays as it is meanwhile
    try {
      long found = w.loaded.get(h[0], h[1]);
      if (found == NodeIds.NONE && w.hashRoot != BTree.EMPTY) {
        found = findHash(w.hashRoot, h);
      }
      if (found != NodeIds.NONE) {
        return found;
      }
      return w.loaded.getOrCreate(
          h[0],
          h[1],
          () -> {
            long created = NodeIds.ofTerm(terms.appendLoading(record), n);
            w.partRows.addAll(TriplePartKeys.rows(record, created));
            return created;
          });
    } finally {
      w.indexLock.readLock().unlock();
    }
  }

  /**
   * Moves a bulk load's new terms into the hash index (one sorted batch) once they hold more than
   * {@code maxBytes} of heap, so a load's term table stays bounded whatever its size. Waits for the
   * threads encoding terms meanwhile.
   */
  public void spillLoadedTerms(DictionaryWrites w, long maxBytes) {
    if (loadedTermBytes(w) <= maxBytes) {
      return;
    }
    w.indexLock.writeLock().lock();
    try {
      if (loadedTermBytes(w) > maxBytes) {
        indexLoaded(w, false);
      }
    } finally {
      w.indexLock.writeLock().unlock();
    }
  }

  /** The load's new terms into the hash index: merged into its leaves, or rebuilt with them. */
  private void indexLoaded(DictionaryWrites w, boolean rebuild) {
    long[] rows = w.loaded.drainSorted();
    int n = rows.length / 3;
    if (n > 0) {
      w.loadedAny = true;
      w.hashRoot =
          rebuild
              ? hashIndex.rebuildWith(w.alloc, w.hashRoot, rows, n)
              : hashIndex.insertSorted(w.alloc, w.hashRoot, rows, n);
    }
    indexPartRows(w);
  }

  /** A bulk load's triple terms' part rows (see {@link TriplePartKeys}) into the hash index. */
  private void indexPartRows(DictionaryWrites w) {
    long[] rows = w.partRows.drainSorted();
    if (rows.length > 0) {
      w.hashRoot = hashIndex.insertSorted(w.alloc, w.hashRoot, rows, rows.length / 3);
    }
  }

  /** Heap held by a bulk load's new terms, for its memory budget. */
  public long loadedTermBytes(DictionaryWrites w) {
    return w.loaded.bytes() + w.partRows.bytes();
  }

  /** The term file read many terms at a time: hinted ahead, or decoded in bulk. */
  public TermBatches batches() {
    return batches;
  }

  /** The term of {@code id} if the term cache holds it, else null. */
  Node cached(long id) {
    Node n = recent.get(id);
    return n != null ? n : nodes.getIfPresent(id);
  }

  /**
   * The term of record id {@code id} decoded from its {@code record}, and put in the term cache.
   */
  Node decodeRecord(long id, byte[] record, DictionaryWrites w) {
    Node n = TermCodec.decode(record, 0, record.length, part -> getNode(part, w));
    nodes.put(id, n);
    recent.put(id, n);
    return n;
  }

  /** The term an id stands for. */
  public Node getNode(long id) {
    return getNode(id, null);
  }

  public Node getNode(long id, DictionaryWrites w) {
    if (NodeIds.isInline(id)) {
      return InlineValues.decode(id);
    }
    Node named = this.named.node(id);
    if (named != null) {
      return named;
    }
    if (id == NodeIds.DEFAULT_GRAPH) {
      return Quad.defaultGraphIRI;
    }
    if (w != null) {
      Node mine = w.createdNodes.get(id);
      if (mine != null) {
        return mine;
      }
    }
    Node n = recent.get(id);
    if (n != null) {
      return n;
    }
    n = nodes.getIfPresent(id);
    if (n == null) {
      return decodeRecord(id, terms.read(NodeIds.termOffset(id)), w);
    }
    recent.put(id, n);
    return n;
  }

  /**
   * The parts' ids of triple term {@code id} into {@code out}, from its record (no term decoded);
   * false if {@code id} is not a triple term. {@code w}: the writer's view, its own terms included.
   */
  public boolean tripleParts(long id, long hashRoot, DictionaryWrites w, long[] out) {
    if (!NodeIds.isTerm(id)) {
      return false;
    }
    Node mine = w == null ? null : w.createdNodes.get(id);
    if (mine != null) {
      if (!mine.isTripleTerm()) {
        return false;
      }
      Triple t = mine.getTriple();
      out[0] = lookup(t.getSubject(), hashRoot, w);
      out[1] = lookup(t.getPredicate(), hashRoot, w);
      out[2] = lookup(t.getObject(), hashRoot, w);
      return true;
    }
    long[] known = w == null ? parts.getIfPresent(id) : null;
    if (known == null) {
      boolean triple = TermCodec.tripleParts(terms.read(NodeIds.termOffset(id)), out);
      known = triple ? out.clone() : NOT_TRIPLE;
      if (w == null) {
        parts.put(id, known); // committed: its record never changes (a writer's might go)
      }
    }
    if (known == NOT_TRIPLE) {
      return false; // isTRIPLE over IRIs and literals: no record read twice
    }
    System.arraycopy(known, 0, out, 0, 3);
    return true;
  }

  /** In the parts cache: the term is no triple term. */
  private static final long[] NOT_TRIPLE = new long[0];

  /**
   * The id of the triple term whose parts have these ids, found by its record's hash (no term
   * decoded), or NONE.
   */
  public long tripleTerm(long s, long p, long o, long hashRoot, DictionaryWrites w) {
    if (s == NodeIds.NONE || p == NodeIds.NONE || o == NodeIds.NONE) {
      return NodeIds.NONE;
    }
    byte[] record = TermCodec.tripleRecord(s, p, o);
    long[] h = new long[2];
    Murmur3.hash128(record, record.length, 0, h);
    long id = findHash(hashRoot, h);
    if (id == NodeIds.NONE && w != null && !w.created.isEmpty()) {
      // A term this writer added may not be in the hash index yet (deferred indexing).
      return lookup(
          NodeFactory.createTripleTerm(getNode(s, w), getNode(p, w), getNode(o, w)), hashRoot, w);
    }
    return id;
  }

  /**
   * The ids of the triple terms with predicate {@code p} and object {@code o} (or, with {@code o}
   * NONE, subject {@code s}), from their part rows; null if there are more than {@code max} or this
   * state cannot tell (a store whose first terms came before part rows were kept, or a writer with
   * rows not yet in the index).
   */
  public long[] tripleTermsWith(
      long p, long s, long o, int max, long hashRoot, DictionaryWrites w) {
    if (w != null && (w.pendingCount > 0 || !w.partRows.isEmpty())) {
      return null;
    }
    if (hashRoot != BTree.EMPTY && findHash(hashRoot, TriplePartKeys.SENTINEL) == NodeIds.NONE) {
      return null;
    }
    long[] h = o != NodeIds.NONE ? TriplePartKeys.byObject(p, o) : TriplePartKeys.bySubject(p, s);
    long[] out = new long[4];
    int n = 0;
    if (hashRoot == BTree.EMPTY) {
      return new long[0];
    }
    try (Cursor c =
        hashIndex.scan(hashRoot, new long[] {h[0], h[1], 0}, new long[] {h[0], h[1], -1L})) {
      while (c.next()) {
        if (n == max) {
          return null;
        }
        if (n == out.length) {
          out = Arrays.copyOf(out, n * 2);
        }
        out[n++] = c.get(2);
      }
    }
    return Arrays.copyOf(out, n);
  }

  /** The term's record; for a triple term whose parts are not all known (reading), null. */
  private byte[] record(Node n, long hashRoot, DictionaryWrites w, boolean create) {
    return TermCodec.encode(n, part -> create ? getOrCreate(part, w) : lookup(part, hashRoot, w));
  }

  /**
   * What this store keeps as an older format made it, unlike a new store (empty for a store made by
   * this Quarry): terms that are records where a new store holds them in ids, records not coded.
   */
  public List<String> olderRules() {
    List<String> rules = named.olderRules();
    if (!terms.codesRecords()) {
      rules.add("term records are not coded (a store made before paged-v5 keeps them so)");
    }
    return rules;
  }

  /** A record appended to the term table: its id (of no language). */
  private long appendRecord(byte[] record) {
    return NodeIds.ofTermOffset(terms.append(record));
  }

  private long findHash(long root, long[] h) {
    try (Cursor c =
        hashIndex.scan(root, new long[] {h[0], h[1], 0}, new long[] {h[0], h[1], -1L})) {
      return c.next() ? c.get(2) : NodeIds.NONE;
    }
  }

  // ---- transactions ---------------------------------------------------------------------------

  /**
   * Inserts a writer's collected terms into the hash index, as one sorted batch; still deferring.
   */
  public void flushDeferred(DictionaryWrites w) {
    w.indexLock.writeLock().lock();
    try {
      indexLoaded(w, false);
    } finally {
      w.indexLock.writeLock().unlock();
    }
    if (w.pendingCount > 0) {
      RowSort.sort(w.pending, w.pendingCount, 3);
      w.hashRoot = hashIndex.insertSorted(w.alloc, w.hashRoot, w.pending, w.pendingCount);
      w.pendingCount = 0;
    }
  }

  /**
   * A bulk load's new terms as sorted hash index rows, taken out of the load's table (for {@link
   * #finishBulk(DictionaryWrites, long[])}; a thread of its own may do this while the quads are
   * sorted).
   */
  public long[] drainLoadedTerms(DictionaryWrites w) {
    w.indexLock.writeLock().lock();
    try {
      return w.loaded.drainSorted();
    } finally {
      w.indexLock.writeLock().unlock();
    }
  }

  /** Merges a bulk writer's collected terms into the hash index. */
  public void finishBulk(DictionaryWrites w) {
    finishBulk(w, drainLoadedTerms(w));
  }

  /** {@link #finishBulk(DictionaryWrites)} with the load's new terms already drained and sorted. */
  public void finishBulk(DictionaryWrites w, long[] loadedRows) {
    if (loadedRows.length > 0) {
      w.loadedAny = true;
      w.hashRoot = hashIndex.rebuildWith(w.alloc, w.hashRoot, loadedRows, loadedRows.length / 3);
    }
    indexPartRows(w);
    if (w.pendingCount > 0) {
      RowSort.sort(w.pending, w.pendingCount, 3);
      w.hashRoot = hashIndex.rebuildWith(w.alloc, w.hashRoot, w.pending, w.pendingCount);
    }
    w.pending = new long[0];
    w.pendingCount = 0;
    w.deferred = false;
  }

  // ---- taking part in commits ---------------------------------------------------------------

  @Override
  public boolean changed(WriteTxn w) {
    DictionaryWrites mine = w.peek(WRITES);
    return mine != null && mine.changed();
  }

  /** The writer's terms are committed (logically, not yet durable): the slots take them. */
  @Override
  public void prepare(WriteTxn w) {
    DictionaryWrites mine = w.peek(WRITES);
    if (mine != null) {
      if (mine.startedEmpty && mine.hashRoot != BTree.EMPTY) {
        // The store's first terms: from here on every triple term has its part rows.
        mine.hashRoot = hashIndex.insert(mine.alloc, mine.hashRoot, TriplePartKeys.SENTINEL);
        // ... and every term a name's number can hold is held so iff its name is known.
        named.sentinels(row -> mine.hashRoot = hashIndex.insert(mine.alloc, mine.hashRoot, row));
      }
      // ... and every record's length carries the coded flag; a table trained since, its row.
      boolean firstTerms = mine.startedEmpty && mine.hashRoot != BTree.EMPTY;
      for (long[] row : CodedRecords.rowsToCommit(terms, firstTerms)) {
        mine.hashRoot = hashIndex.insert(mine.alloc, mine.hashRoot, row);
      }
      w.setRoot(hashSlot, mine.hashRoot);
    }
    w.setRoot(lengthSlot, terms.commit());
  }

  /** The writer's new terms go into the shared caches. */
  @Override
  public void committed(WriteTxn w) {
    named.commit();
    DictionaryWrites mine = w.peek(WRITES);
    if (mine != null && !mine.bulk) {
      mine.created.forEach(ids::put);
      mine.createdNodes.forEach(nodes::put);
    }
  }

  /** Makes every committed term durable. */
  @Override
  public void force() throws IOException {
    terms.force();
  }

  /** The writer aborted: its terms are forgotten. */
  @Override
  public void rollback(WriteTxn w) throws IOException {
    named.rollback();
    terms.rollback();
  }

  @Override
  public String toString() {
    return "the term table";
  }

  public long termTableBytes() {
    return terms.length();
  }

  @Override
  public void close() throws IOException {
    terms.close();
  }
}
