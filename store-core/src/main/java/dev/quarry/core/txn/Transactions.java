package dev.quarry.core.txn;

import dev.quarry.core.buffer.BufferPool;
import dev.quarry.core.storage.PageStore;
import dev.quarry.core.storage.SpaceMap;
import dev.quarry.core.storage.StoreException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Snapshot isolation by copy-on-write: readers work on the committed state they began on and never
 * wait; one writer at a time builds a new state beside it. Commit makes it durable (in groups: see
 * {@link #commit}) and then current:
 *
 * <ol>
 *   <li>the participants ({@link TxnParticipant}: the dictionary, the statistics) write their
 *       changes into the root slots and force their own files;
 *   <li>the buffer pool writes every dirty page (all of them the writer's new pages) and syncs;
 *   <li>the space map, carrying the new root catalog, is persisted: written to its spare region,
 *       synced, then its header switched and synced. That header write is the commit point: a crash
 *       before it leaves the previous state, after it the new one;
 *   <li>the new state is published to new readers.
 * </ol>
 *
 * Pages the commit replaced are freed once every reader that could see them has ended. Pages freed
 * but not yet reclaimed when the process dies stay allocated (leaked) until the next open sweeps
 * them up; a clean {@link #close} leaves none.
 *
 * <p>This layer knows root slots and pages, not what the slots hold: which trees, terms or figures
 * they are belongs to the participants and the engine that wires them.
 */
public final class Transactions {
  private final PageStore store;
  private final BufferPool pool;
  private final SpaceMap space;
  private final List<TxnParticipant> participants;
  private final ReentrantLock writer = new ReentrantLock(true);
  private final Duration writerTimeout;
  private volatile Snapshot current; // durable, and what new readers get
  private volatile Snapshot logical; // the last commit: what the next writer builds on
  private final Object flushLock = new Object();
  private volatile long durable; // generation of the last durable state (written under flushLock)
  private volatile Throwable failed; // a flush that failed: the store takes no more commits
  private final TreeMap<Long, Integer> readers = new TreeMap<>();
  private final ArrayDeque<Released> releasedByCommit = new ArrayDeque<>();
  private long unseenBefore; // the last generation participants were told of (under readers)

  private record Released(long generation, long[] pages) {}

  public Transactions(
      PageStore store,
      BufferPool pool,
      SpaceMap space,
      List<TxnParticipant> participants,
      Snapshot initial,
      Duration writerTimeout) {
    this.store = store;
    this.pool = pool;
    this.space = space;
    this.participants = List.copyOf(participants);
    this.current = initial;
    this.logical = initial;
    this.durable = initial.generation();
    this.writerTimeout = writerTimeout;
  }

  public Snapshot current() {
    return current;
  }

  public ReadTxn beginRead() {
    synchronized (readers) {
      Snapshot c = current;
      readers.merge(c.generation(), 1, Integer::sum);
      return new ReadTxn(c);
    }
  }

  public void endRead(ReadTxn r) {
    if (r.ended) {
      return;
    }
    r.ended = true;
    synchronized (readers) {
      readers.computeIfPresent(r.state.generation(), (g, n) -> n == 1 ? null : n - 1);
    }
    reclaim();
  }

  public WriteTxn beginWrite() {
    try {
      if (!writer.tryLock(writerTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new StoreException(
            "another write transaction has held the store for more than "
                + writerTimeout.toMillis()
                + " ms");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StoreException("interrupted waiting to write");
    }
    if (failed != null) {
      writer.unlock();
      throw new StoreException(
          "the store failed to write an earlier commit and takes no more: " + failed);
    }
    return new WriteTxn(logical, space, pool);
  }

  /** True if the calling thread holds the writer lock. */
  public boolean isWriter() {
    return writer.isHeldByCurrentThread();
  }

  /**
   * Commits: first logically, under the writer lock (the next writer may start on the new roots at
   * once), then durably; returns only when the commit is durable. Durability is group commit: the
   * first committer to find its state not yet durable writes the latest logical state (its own, and
   * every commit queued behind it) with one round of forces, then publishes it to readers; the
   * writers it covered find their state durable and return without a force of their own.
   */
  public void commit(WriteTxn w) {
    if (w.ended) {
      throw new IllegalStateException("transaction already ended");
    }
    w.ended = true;
    long generation;
    try {
      if (!changed(w)) {
        return;
      }
      for (TxnParticipant p : participants) {
        p.prepare(w);
      }
      Snapshot next = w.base.next(w.base.roots().with(w.roots), w.published); // base is logical
      generation = next.generation();
      synchronized (readers) {
        List<Long> released = w.pages.released();
        if (!released.isEmpty()) {
          releasedByCommit.add(
              new Released(generation, released.stream().mapToLong(Long::longValue).toArray()));
        }
      }
      logical = next;
      for (TxnParticipant p : participants) {
        p.committed(w); // e.g. new term ids to caches: ids of a state not yet durable are harmless
      }
    } finally {
      writer.unlock();
    }
    awaitDurable(generation);
  }

  private void awaitDurable(long generation) {
    synchronized (flushLock) {
      if (durable >= generation) {
        return; // an earlier committer's flush covered this commit
      }
      if (failed != null) {
        throw new StoreException("commit failed: an earlier flush failed: " + failed);
      }
      Snapshot target = logical;
      try {
        for (TxnParticipant p : participants) {
          p.force();
        }
        pool.flush();
        space.setRoot(target.roots().toBytes());
        space.persist(store, target.generation()); // the commit point
      } catch (IOException | RuntimeException e) {
        failed = e;
        throw new StoreException(
            "commit failed; the store takes no more commits: " + e.getMessage(), e);
      }
      durable = target.generation();
      synchronized (readers) {
        current = target;
      }
    }
    reclaim();
  }

  public void abort(WriteTxn w) {
    if (w.ended) {
      return;
    }
    w.ended = true;
    try {
      rollback(w);
    } finally {
      writer.unlock();
    }
  }

  private boolean changed(WriteTxn w) {
    if (w.changed) {
      return true;
    }
    for (TxnParticipant p : participants) {
      if (p.changed(w)) {
        return true;
      }
    }
    return false;
  }

  private void rollback(WriteTxn w) {
    w.pages.discardAllocated();
    for (TxnParticipant p : participants) {
      try {
        p.rollback(w);
      } catch (IOException e) {
        throw new StoreException("cannot roll back " + p + ": " + e.getMessage(), e);
      }
    }
  }

  /**
   * Frees the pages of commits that no active reader can see any more, and only once those commits
   * are durable: until then the durable state may still use the pages.
   */
  private void reclaim() {
    synchronized (readers) {
      long oldest = readers.isEmpty() ? Long.MAX_VALUE : readers.firstKey();
      long limit = Math.min(oldest, durable);
      while (!releasedByCommit.isEmpty() && releasedByCommit.peek().generation() <= limit) {
        for (long p : releasedByCommit.poll().pages()) {
          pool.discard(p);
          space.free(p);
        }
      }
      if (limit > unseenBefore) {
        unseenBefore = limit;
        for (TxnParticipant p : participants) {
          p.unseenBefore(limit);
        }
      }
    }
  }

  /**
   * At shutdown, a checkpoint of the space map: frees what no reader can still see and, if no
   * writer is at work, no commit is on its way to disk and no reader holds pages back, persists the
   * map marked clean, so the next open has nothing to recover. Otherwise it leaves the map as the
   * last commit wrote it, and the next open sweeps for leaked pages.
   */
  public void close() throws IOException {
    if (!writer.tryLock()) {
      return;
    }
    try {
      synchronized (flushLock) {
        reclaim();
        boolean settled = logical.generation() == durable && failed == null;
        if (settled && pagesAwaitingReaders() == 0) {
          space.setRoot(current.roots().toBytes());
          space.persistClean(store);
        }
      }
    } finally {
      writer.unlock();
    }
  }

  public int activeReaders() {
    synchronized (readers) {
      return readers.values().stream().mapToInt(Integer::intValue).sum();
    }
  }

  /** Pages waiting for readers to end before they can be freed. */
  public long pagesAwaitingReaders() {
    synchronized (readers) {
      return releasedByCommit.stream().mapToLong(r -> r.pages().length).sum();
    }
  }
}
