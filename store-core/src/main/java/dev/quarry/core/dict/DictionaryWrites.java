package dev.quarry.core.dict;

import dev.quarry.core.btree.BTree;
import dev.quarry.core.btree.PageAllocator;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.jena.graph.Node;

/**
 * A writer's dictionary state ({@link Dictionary#writes}): its hash index root and the terms it has
 * added.
 */
public final class DictionaryWrites {
  final PageAllocator alloc;
  long hashRoot;
  final Map<Node, Long> created = new HashMap<>();
  final Map<Long, Node> createdNodes = new HashMap<>();
  // Bulk mode: new (hash, id) rows are collected and merged into the index in one rebuild.
  boolean deferred;
  // A bulk load's terms do not go into the shared caches: they would evict the working set, and
  // putting a million of them there was 5% of a load's time.
  boolean bulk;
  long[] pending = new long[0];
  int pendingCount;
  // A bulk load's new terms (encoded by several threads at once) and the lock that keeps the hash
  // index still while they are looked up in it.
  final LoadTerms loaded = new LoadTerms();
  // A bulk load's new triple terms' part rows, from every encoding thread.
  final TriplePartKeys.Rows partRows = new TriplePartKeys.Rows();
  final boolean startedEmpty; // no term before this writer: its commit marks the part rows kept
  final ReentrantReadWriteLock indexLock = new ReentrantReadWriteLock();
  boolean loadedAny;
  volatile boolean addedName; // a new name's record and row (NamedIds): commit or roll back

  DictionaryWrites(PageAllocator alloc, long hashRoot) {
    this.alloc = alloc;
    this.hashRoot = hashRoot;
    this.startedEmpty = hashRoot == BTree.EMPTY;
  }

  public long hashRoot() {
    return hashRoot;
  }

  public boolean changed() {
    return !created.isEmpty() || loadedAny || loaded.size() > 0 || addedName;
  }

  /** Collects new terms' index rows for {@link Dictionary#finishBulk} instead of inserting. */
  public void deferIndexing() {
    deferred = true;
    bulk = true;
  }

  /**
   * Collects new terms' index rows for {@link Dictionary#flushDeferred}, which inserts them in one
   * sorted batch (the writer finds its new terms in {@link #created} meanwhile).
   */
  public void deferIndexingUntilFlush() {
    deferred = true;
  }

  void defer(long h1, long h2, long id) {
    if (pending.length < (pendingCount + 1) * 3) {
      pending = Arrays.copyOf(pending, Math.max(3 * 1024, pending.length * 2));
    }
    pending[pendingCount * 3] = h1;
    pending[pendingCount * 3 + 1] = h2;
    pending[pendingCount * 3 + 2] = id;
    pendingCount++;
  }
}
